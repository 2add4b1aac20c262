"""Benchmark: gunicorn on PostgreSQL + Redis, N concurrent API clients playing games.

    DATABASE_URL=postgres://... REDIS_URL=redis://... python manage.py benchmark --clients 8
    ... python manage.py benchmark --game guildhall,dominion     # the default: every game, in one run

Three phases against one gunicorn started by this command (BENCHMARK_ENDPOINTS=1 mounts the floor), for
each game of --game (the first is the yardstick of the others):
1. decisions: each client plays two-player games through the API for --duration s, a new game whenever
   one ends; the decision POSTs are timed. The client is a live page (the default, ``--pattern live``):
   it POSTs a decision and reads the answer, which carries the decider's new view and legal decisions,
   so a player who goes on deciding sends no GET in between; only when the turn passes to the other
   player does that player GET the game (what a page does when a push tells it the game moved on).
   ``--pattern get-first`` GETs the game before every POST (a client that polls).
2. floor: each client POSTs /api/bench/floor/ (token auth + insert one row) for --duration s, with GETs
   of a game in between at the rate the clients of phase 1 sent them: the same mix of requests.
   Phases 1 and 2 of every game alternate in --slices slices (default 16) of --duration / --slices s each,
   so that the load of a shared machine weighs on all alike.
3. seq: one client alone times --samples decisions in a game at seq ~10 and in one at seq ~--long-seq
   of each game (alternating between them all), and floor calls, for the uncontended cost of each.
Connections are kept alive (HTTP/1.1; gunicorn's threaded worker) unless --no-keepalive. Prints
decisions/s and p50/p95/p99 next to the floor, and each ratio against its goal; each further game's
decisions/s and p50 against the first's; and, in process, each game's random self-play and replay per
decision (``engine.selfplay``). Not a test: it only reports.
"""

import argparse
import http.client
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connection

import engine
from accounts import tokens as api_tokens
from benchmarks.report import percentile
from engine import selfplay
from games import cache as state_cache
from games import services
from games.models import DEFAULT_GAME, Game
from games.rules import rules_of

# The goals, as ratios measured in one run (so that the machine's noise cancels).
GOALS = {
    "throughput": 0.9,  # decisions/s at N clients >= this x the floor's req/s
    "p99": 1.5,  # decision p99 <= this x the floor's p99
    "one_client_p50": 1.5,  # one client alone: decision p50 <= this x the floor's p50
    "seq": 1.1,  # p50 at seq ~long-seq <= this x p50 at seq ~10
    "game_cost": 1.2,  # a decision of another game costs <= this x one of the first game (decisions/s, p50)
}


def _machine_busy_seconds():
    """CPU seconds the whole machine spent outside idle so far (all processes), from /proc/stat; 0 where
    there is none."""
    try:
        with open("/proc/stat") as f:
            fields = [int(x) for x in f.readline().split()[1:]]
    except OSError:
        return 0.0
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle and iowait
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def _cpu_by_group(server_pid):
    """CPU seconds so far of the app servers (gunicorn's processes), the database (postgres processes)
    and Redis (redis-server), from /proc/<pid>/stat; empty where there is no /proc. Processes that come
    and go between two readings are counted from when they are seen."""
    groups = {"app servers": 0.0, "PostgreSQL": 0.0, "Redis": 0.0}
    tick = os.sysconf("SC_CLK_TCK")
    try:
        pids = [int(name) for name in os.listdir("/proc") if name.isdigit()]
    except OSError:
        return {}
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                raw = f.read()
        except OSError:
            continue
        name = raw[raw.index("(") + 1 : raw.rindex(")")]
        rest = raw[raw.rindex(")") + 2 :].split()
        ppid, cpu = int(rest[1]), (int(rest[11]) + int(rest[12])) / tick  # utime + stime
        if pid == server_pid or ppid == server_pid:
            groups["app servers"] += cpu
        elif name.startswith("postgres"):
            groups["PostgreSQL"] += cpu
        elif name.startswith("redis-server"):
            groups["Redis"] += cpu
    return groups


class Client:
    """One API client. With ``keepalive`` its connection stays open between requests (a browser's
    does); otherwise each request opens and closes one."""

    def __init__(self, port, token, keepalive=True):
        self.port = port
        self.keepalive = keepalive
        self.headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
        self.conn = None

    def request(self, method, path, body=None):
        data = json.dumps(body) if body is not None else None
        for attempt in (1, 2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
            start = time.perf_counter()
            try:
                self.conn.request(method, path, body=data, headers=self.headers)
                response = self.conn.getresponse()
                payload = response.read()
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                # The server closed an idle kept-alive connection: open a new one and send again
                # (nothing was processed, so sending again changes nothing).
                self.close()
                if attempt == 2:
                    raise
                continue
            elapsed = time.perf_counter() - start
            if not self.keepalive or response.will_close:
                self.close()
            return response.status, (json.loads(payload) if payload else None), elapsed

    def close(self):
        if self.conn is not None:
            self.conn.close()
            self.conn = None


def pick(legal, rng):
    options = [d for d in legal if d["type"] != "undo"] or legal
    return rng.choice(options)


def game_list(value):
    """``--game``: one slug of engine.GAMES or several, comma-separated (the first is the yardstick)."""
    games = [part.strip() for part in value.split(",") if part.strip()]
    unknown = [g for g in games if g not in engine.GAMES]
    if not games or unknown or len(set(games)) != len(games):
        raise argparse.ArgumentTypeError(f"one or more of {', '.join(engine.GAMES)}, comma-separated, each once")
    return games


def every_game():
    """Every game the engine plays, the site's default game first."""
    return [DEFAULT_GAME, *(g for g in engine.GAMES if g != DEFAULT_GAME)]


class Command(BaseCommand):
    help = "Benchmark the decision endpoint against a floor endpoint on gunicorn + PostgreSQL + Redis."

    def add_arguments(self, parser):
        parser.add_argument("--clients", type=int, default=8)
        parser.add_argument("--duration", type=float, default=20.0, help="seconds per concurrent phase")
        parser.add_argument("--workers", type=int, default=4, help="gunicorn worker processes")
        parser.add_argument(
            "--threads", type=int, default=2, help="threads per gunicorn worker (more than 1: keep-alive works)"
        )
        parser.add_argument("--slices", type=int, default=16, help="the phases alternate in this many slices each")
        parser.add_argument("--pattern", choices=("live", "get-first"), default="live")
        parser.add_argument("--no-keepalive", action="store_true", help="a new connection for every request")
        parser.add_argument(
            "--long-seq", type=int, default=1000, help="a game that cannot reach it (no undo) stops short of its end"
        )
        parser.add_argument("--samples", type=int, default=60)
        parser.add_argument(
            "--selfplay-games", type=int, default=20, help="random games per game for the in-process figures (0: none)"
        )
        parser.add_argument("--port", type=int, default=0, help="default: a free port")
        parser.add_argument("--allow-embedded", action="store_true", help="run on SQLite/locmem anyway")
        parser.add_argument(
            "--game",
            type=game_list,
            default=every_game(),
            help="the games the clients play, comma-separated (default: all; the first is the others' yardstick)",
        )

    def handle(self, *args, **opts):
        if connection.vendor != "postgresql" or not settings.REDIS_URL:
            if not opts["allow_embedded"]:
                raise CommandError("Set DATABASE_URL (PostgreSQL) and REDIS_URL, or pass --allow-embedded.")
        call_command("migrate", verbosity=0)
        self.games = opts["game"]
        self.rng = random.Random(1)
        n = opts["clients"]
        self.keepalive = not opts["no_keepalive"]
        self.get_first = opts["pattern"] == "get-first"
        tokens = self._users(2 * n)
        port = opts["port"] or self._free_port()
        server = self._start_gunicorn(port, opts["workers"], opts["threads"])
        self.server_pid = server.pid
        try:
            self._wait_ready(port, server)
            self.stdout.write(
                f"games {', '.join(self.games)}; gunicorn: {opts['workers']} workers x {opts['threads']} threads "
                f"on :{port}; db {connection.vendor}; "
                f"cache {settings.CACHES['default']['BACKEND'].rsplit('.', 1)[-1]}; "
                f"{n} clients, {opts['duration']:.0f}s per phase and game in {opts['slices']} slices; "
                f"client {opts['pattern']}, keep-alive {'on' if self.keepalive else 'off'}"
            )
            self._prepare(port, tokens, n)
            self.runs = {game: self._run_record(n) for game in self.games}
            per_slice = opts["duration"] / opts["slices"]
            # Each game's decisions, then the floor with that game's GETs, slice after slice, so that a
            # change of the machine's load during the run weighs on every game and its floor alike.
            for _slice in range(opts["slices"]):
                for game in self.games:
                    run = self.runs[game]
                    self.game = game
                    run["decisions"] += self._phase(n, per_slice, self._game_client, run, "decisions")
                    gets_per_post = sum(run["gets"]) / max(1, len(run["decisions"]))
                    run["floor"] += self._phase(
                        n,
                        per_slice,
                        lambda i, stop, rate=gets_per_post, g=game: self._floor_client(i, stop, rate, g),
                        run,
                        "floor",
                    )
            for players in self.players.values():
                for player in players:
                    player["a"].close()
                    player["b"].close()
            for clients in self.floor_clients.values():
                for client, _game in clients:
                    client.close()
            for game in self.games:
                self._report_game(game, opts["duration"])
            self._compare_games()
            self._seq_phase(port, tokens[0], tokens[1], opts["long_seq"], opts["samples"])
        finally:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(20)
            except subprocess.TimeoutExpired:
                server.kill()
        if opts["selfplay_games"] > 0:
            self._engine_figures(opts["selfplay_games"])

    def _run_record(self, n):
        """What one game's phases collect: latencies of the decisions (and of the steps within a turn and
        of the turn changes among them) and of the floor, each client's GETs, CPU by phase."""
        return {"decisions": [], "floor": [], "steps": [], "turn_changes": [], "gets": [0] * n, "cpu": {}}

    def _report_game(self, game, duration):
        run = self.runs[game]
        decisions, floor = run["decisions"], run["floor"]
        gets_per_post = sum(run["gets"]) / max(1, len(decisions))
        self.stdout.write(f"== {game} ==")
        self.stdout.write(f"GETs of the game per POST: {gets_per_post:.2f} (both phases)")
        self.stdout.write("CPU per POST, with its share of GETs (ms):")
        for label, count in (("floor", len(floor)), ("decisions", len(decisions))):
            spent = dict(run["cpu"][label])
            machine = spent.pop("machine")
            known = sum(spent.values())
            parts = "  ".join(f"{group} {seconds / max(1, count) * 1000:.2f}" for group, seconds in spent.items())
            self.stdout.write(
                f"{label:>22}: machine {machine / max(1, count) * 1000:.2f} = {parts}  "
                f"other {(machine - known) / max(1, count) * 1000:.2f}"
            )
        self._report("floor (auth + insert)", floor, duration)
        self._report("decision POST", decisions, duration)
        self._report("- a step", run["steps"], duration)
        self._report("- turn change", run["turn_changes"], duration)
        self._goal("decisions/s / floor req/s", len(decisions) / max(1, len(floor)), ">=", "throughput")
        self._goal("p99 decision / p99 floor", percentile(decisions, 99) / percentile(floor, 99), "<=", "p99")
        ratio = percentile(decisions, 50) / percentile(floor, 50)
        self.stdout.write(f"p50 decision / p50 floor = {ratio:.2f}")

    def _compare_games(self):
        """Each further game's decisions against the first game's, measured in the same slices: decisions/s
        and p50 (the goal: a decision costs at most GOALS["game_cost"] times one of the first game), with the
        steps' and the turn changes' p50 and how many of the decisions pass the turn, which say why."""
        first = self.games[0]
        base = self.runs[first]
        for game in self.games[1:]:
            run = self.runs[game]
            self.stdout.write(f"== {game} / {first} (same run) ==")
            throughput = len(run["decisions"]) / max(1, len(base["decisions"]))
            self.stdout.write(
                f"decisions/s = {throughput:.2f} ({len(run['decisions'])} / {len(base['decisions'])} decisions)  "
                f"(goal >= {1 / GOALS['game_cost']:.2f}: "
                f"{'met' if throughput >= 1 / GOALS['game_cost'] else 'not met'})"
            )
            self._goal(
                "decision p50", percentile(run["decisions"], 50) / percentile(base["decisions"], 50), "<=", "game_cost"
            )
            for label, key in (("a step's p50", "steps"), ("a turn change's p50", "turn_changes")):
                self.stdout.write(f"{label} = {percentile(run[key], 50) / percentile(base[key], 50):.2f}")
            shares = [len(r["turn_changes"]) / max(1, len(r["decisions"])) for r in (run, base)]
            self.stdout.write(f"turn changes: {shares[0]:.0%} of the decisions / {shares[1]:.0%}")
            # Each change of turn brings the next player's GET: a game of shorter turns sends more requests
            # per decision, which bounds its decisions/s against the first game's even where every request
            # costs the same in both.
            requests = [1 + sum(r["gets"]) / max(1, len(r["decisions"])) for r in (run, base)]
            self.stdout.write(
                f"requests per decision: {requests[0]:.2f} / {requests[1]:.2f} (decisions/s if every request "
                f"cost the same in both: {requests[1] / requests[0]:.2f})"
            )

    # --- set-up ---------------------------------------------------------------------------------
    def _users(self, count):
        User = get_user_model()
        issued = []
        for i in range(count):
            user, created = User.objects.get_or_create(username=f"bench_{i}")
            if created:
                user.set_unusable_password()
                user.save()
            issued.append(api_tokens.issue(user, "benchmark")[1])
        return issued

    def _free_port(self):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            return s.getsockname()[1]

    def _start_gunicorn(self, port, workers, threads):
        env = dict(os.environ)
        env.update(
            BENCHMARK_ENDPOINTS="1",
            DEBUG="0",
            # This process's key: the API tokens it issued carry a session hash made with it.
            SECRET_KEY=settings.SECRET_KEY,
            ALLOWED_HOSTS="127.0.0.1,localhost",
            # DRF's throttle keeps every request's time in the cache for the window; at a benchmark's
            # thousands of requests a minute per user that history, not the app, would be measured.
            THROTTLE_WRITE_RATE="",
            DJANGO_SETTINGS_MODULE="guildhall_site.settings",
        )
        cmd = [
            sys.executable, "-m", "gunicorn", "guildhall_site.wsgi:application",
            "--bind", f"127.0.0.1:{port}", "--workers", str(workers), "--threads", str(threads),
            "--log-level", "warning",
        ]
        return subprocess.Popen(cmd, env=env, cwd=settings.BASE_DIR)

    def _wait_ready(self, port, server):
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if server.poll() is not None:
                raise CommandError(f"gunicorn exited with status {server.returncode}")
            try:
                status, _, _ = Client(port, "x").request("GET", "/api/v1/games/")
                if status in (401, 200):
                    return
            except OSError:
                pass
            time.sleep(0.2)
        raise CommandError("gunicorn did not answer within 60 s")

    # --- phases ---------------------------------------------------------------------------------
    def _phase(self, n, duration, client_fn, run, label):
        client0, machine0 = time.process_time(), _machine_busy_seconds()
        groups0 = _cpu_by_group(self.server_pid)
        try:
            return self._run_phase(n, duration, client_fn)
        finally:
            spent = run["cpu"].setdefault(label, {})
            for group, seconds in _cpu_by_group(self.server_pid).items():
                spent[group] = spent.get(group, 0.0) + seconds - groups0.get(group, 0.0)
            spent["load generator"] = spent.get("load generator", 0.0) + time.process_time() - client0
            spent["machine"] = spent.get("machine", 0.0) + _machine_busy_seconds() - machine0

    def _run_phase(self, n, duration, client_fn):
        stop = time.monotonic() + duration
        results = [[] for _ in range(n)]

        def run(i):
            results[i] = client_fn(i, stop)

        threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        return [x for r in results for x in r]

    def _prepare(self, port, tokens, n):
        """Each client's connections and first game of each game, made before the clock starts; the clients
        keep them from one slice to the next."""
        self.players, self.floor_clients = {}, {}
        for game in self.games:
            self.players[game], self.floor_clients[game] = [], []
            for i in range(n):
                first = 2 * i
                a, b = Client(port, tokens[first], self.keepalive), Client(port, tokens[first + 1], self.keepalive)
                player = {"a": a, "b": b, "clients": {f"bench_{first}": a, f"bench_{first + 1}": b}}
                player.update(rng=random.Random(first), game=None, to_move=None, known=None, slug=game)
                self._new_game(player)
                self.players[game].append(player)
                floor = Client(port, tokens[first], self.keepalive)
                status, created, _ = floor.request("POST", "/api/v1/games/", {"seats": 2, "game": game})
                if status != 201:
                    raise CommandError(f"create refused: {status} {created}")
                self.floor_clients[game].append((floor, created["id"]))

    def _new_game(self, player):
        status, game, _ = player["a"].request("POST", "/api/v1/games/", {"seats": 2, "game": player["slug"]})
        if status != 201:
            raise CommandError(f"create refused: {status} {game}")
        status, game, _ = player["b"].request("POST", f"/api/v1/games/{game['id']}/join/")
        if status != 200:
            raise CommandError(f"join refused: {status} {game}")
        # known: (who, seq, legal) from the last answer, while it is still that player's decision
        player.update(game=game["id"], to_move=game["to_move"], known=None)

    def _floor_client(self, index, stop, gets_per_post, game):
        """The floor's POSTs with GETs of a game in between at ``gets_per_post``, the rate of the
        decision phase: both phases put the same mix of requests on the server."""
        client, game_id = self.floor_clients[game][index]
        latencies = []
        owed = 0.0
        while time.monotonic() < stop:
            owed += gets_per_post
            while owed >= 1:
                client.request("GET", f"/api/v1/games/{game_id}/")
                owed -= 1
            status, _, elapsed = client.request("POST", "/api/bench/floor/", {"n": 1})
            if status != 201:
                raise CommandError(f"floor endpoint answered {status}")
            latencies.append(elapsed)
        return latencies

    def _game_client(self, index, stop):
        player = self.players[self.game][index]
        run = self.runs[self.game]
        latencies = []
        while time.monotonic() < stop:
            if not player["to_move"]:
                self._new_game(player)
            to_move, known, game_id = player["to_move"], player["known"], player["game"]
            client = player["clients"][to_move]
            if self.get_first or known is None or known[0] != to_move or not known[2]:
                status, detail, _ = client.request("GET", f"/api/v1/games/{game_id}/")
                run["gets"][index] += 1
                known = (to_move, detail["seq"], detail["legal"])
            body = {"expected_seq": known[1], "decision": pick(known[2], player["rng"])}
            status, result, elapsed = client.request("POST", f"/api/v1/games/{game_id}/decisions/", body)
            if status != 201:
                raise CommandError(f"decision refused: {status} {result}")
            latencies.append(elapsed)
            # Which decisions make the tail: a step within a turn, or one that passed it on.
            (run["steps"] if result["to_move"] == to_move else run["turn_changes"]).append(elapsed)
            player.update(known=(to_move, result["seq"], result["legal"]), to_move=result["to_move"])
        return latencies

    def _seq_phase(self, port, token_a, token_b, long_seq, samples):
        users = [api_tokens.find(t).user for t in (token_a, token_b)]
        clients = {u.username: Client(port, t, self.keepalive) for u, t in zip(users, (token_a, token_b), strict=True)}
        pairs = {}
        for slug in self.games:
            short = self._game_at(users, 10, slug)
            t0 = time.monotonic()
            long = self._game_at(users, long_seq, slug)
            self.stdout.write(f"{slug}: built a game at seq {long.seq} in {time.monotonic() - t0:.1f}s (in-process)")
            pairs[slug] = (short, long)
        # Alternate between all the games, so that load on the machine weighs on each alike.
        samples_by_game = {game.pk: ([], []) for pair in pairs.values() for game in pair}
        floor = []
        floor_client = Client(port, token_a, self.keepalive)
        for _ in range(samples):
            floor.append(floor_client.request("POST", "/api/bench/floor/", {"n": 1})[2])
            for slug in self.games:
                for game in pairs[slug]:
                    game.refresh_from_db()
                    if game.status != Game.Status.ACTIVE:
                        continue
                    client = clients[game.to_move_user.username]
                    _, detail, get_elapsed = client.request("GET", f"/api/v1/games/{game.pk}/")
                    body = {"expected_seq": detail["seq"], "decision": pick(detail["legal"], self.rng)}
                    status, result, elapsed = client.request("POST", f"/api/v1/games/{game.pk}/decisions/", body)
                    if status != 201:
                        raise CommandError(f"decision refused: {status} {result}")
                    samples_by_game[game.pk][0].append(elapsed)
                    samples_by_game[game.pk][1].append(get_elapsed)
        floor_p50 = percentile(floor, 50)
        self.stdout.write(f"{'floor':>20}: POST p50 {floor_p50 * 1000:6.1f} ms  ({len(floor)} samples)")
        one_client = {}
        for slug in self.games:
            short, long = pairs[slug]
            for game, label in ((short, "seq ~10"), (long, f"seq ~{long.seq}")):
                posts, gets = samples_by_game[game.pk]
                self.stdout.write(
                    f"{slug + ' ' + label:>20}: decision POST p50 {percentile(posts, 50) * 1000:6.1f} ms, "
                    f"GET game p50 {percentile(gets, 50) * 1000:6.1f} ms  ({len(posts)} samples)"
                )
            short_p50 = percentile(samples_by_game[short.pk][0], 50)
            one_client[slug] = short_p50
            self._goal(
                f"{slug}, one client: p50 decision (seq ~10) / p50 floor", short_p50 / floor_p50, "<=", "one_client_p50"
            )
            ratio = percentile(samples_by_game[long.pk][0], 50) / short_p50
            self._goal(f"{slug}: p50 at seq ~{long.seq} / p50 at seq ~10", ratio, "<=", "seq")
        for slug in self.games[1:]:
            ratio = one_client[slug] / one_client[self.games[0]]
            self.stdout.write(f"one client: p50 decision (seq ~10) {slug} / {self.games[0]} = {ratio:.2f}")

    def _goal(self, label, value, sense, goal):
        target = GOALS[goal]
        met = value >= target if sense == ">=" else value <= target
        self.stdout.write(f"{label} = {value:.2f}  (goal {sense} {target}: {'met' if met else 'not met'})")

    def _game_at(self, users, target, slug):
        """A two-player game of ``slug`` between ``users`` advanced in process to seq >= target (undo pads
        long logs). A game without undo that ends before ``target`` lowers it to two thirds of where that
        game ended, so that the next one reaches it while still in play."""
        for _attempt in range(20):
            game = services.create_game(users[0], seats=2, game=slug)
            services.join(game.pk, users[1])
            rules = rules_of(game)
            undo_bias = 0.0 if target <= 50 else 0.7
            while True:
                game.refresh_from_db()
                if game.seq >= target or game.status != Game.Status.ACTIVE:
                    break
                state = state_cache.load_state(game)
                seat = game.to_move_position
                legal = rules.legal_decisions(state, seat)
                undo = [d for d in legal if d["type"] == "undo"]
                decision = undo[0] if undo and self.rng.random() < undo_bias else pick(legal, self.rng)
                actor = next(u for u in users if u.pk == game.to_move_user_id)
                services.submit_decision(game.pk, actor, game.seq, decision)
            if game.status == Game.Status.ACTIVE and game.seq >= target:
                return game
            target = max(10, min(target, game.seq * 2 // 3))
        raise CommandError(f"could not build a game of {slug} reaching seq {target}")

    def _engine_figures(self, games):
        """In process, without the site: random self-play of two players (list the legal decisions, pick
        one, apply it) and the replay of each finished game from its log, per decision, for each game;
        the games alternate in two rounds so that the machine's load weighs on each alike."""
        self.stdout.write(f"in process (engine.selfplay, random bots, 2 players, {games} games per game and round):")
        totals = {slug: {"decisions": 0, "play": 0.0, "replay": 0.0} for slug in self.games}
        for round_ in range(2):
            for slug in self.games:
                result, errors = selfplay.run(
                    games, 2, f"bench-{round_}", "random", mode=None, check=False, game=engine.get(slug)
                )
                if errors:
                    raise CommandError(f"{slug} self-play failed: {errors[0]}")
                total = totals[slug]
                total["decisions"] += result["decisions"]
                total["play"] += result["decisions"] / result["decisions_per_s"]
                total["replay"] += result["replay_us_per_decision"] * result["decisions"]
        for slug in self.games:
            total = totals[slug]
            self.stdout.write(
                f"{slug:>20}: self-play {1e6 * total['play'] / total['decisions']:6.1f} us per decision "
                f"({total['decisions'] / total['play']:,.0f} decisions/s), "
                f"replay {total['replay'] / total['decisions']:6.1f} us per decision  "
                f"({total['decisions']} decisions)"
            )

    def _report(self, label, latencies, duration):
        ms = [x * 1000 for x in latencies]
        self.stdout.write(
            f"{label:>22}: {len(ms) / duration:7.1f} req/s  p50 {percentile(ms, 50):6.1f}  "
            f"p95 {percentile(ms, 95):6.1f}  p99 {percentile(ms, 99):6.1f} ms  "
            f"(n={len(ms)}, mean {statistics.fmean(ms) if ms else 0:.1f})"
        )
