"""Scale-out, proven on one machine: two app servers (daphne) behind haproxy, two Celery workers and one
beat, on the PostgreSQL and Redis of DATABASE_URL / REDIS_URL; players play through the load balancer,
each pinned to one app server for its requests and its live socket, so a player on server A hears the
moves made through server B. Mid-run one worker is killed, later app server A: the clients go on through
B, bots and emails go on, each exactly once. Prints throughput and commit→push latency (p50/p95).

    DATABASE_URL=postgres://... REDIS_URL=redis://... manage.py cluster [--games 6] [--phase 20]

Needs haproxy (Debian's package). Every process it starts is stopped at the end.
"""

import asyncio
import os
import random
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

HAPROXY_CONFIG = """\
global
    maxconn 2000
defaults
    mode http
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    timeout tunnel 1h
    retries 2
    option redispatch
frontend site
    bind 127.0.0.1:{lb}
    default_backend apps
backend apps
    balance roundrobin
    option httpchk GET /cards/
    http-check expect status 200
    default-server inter 500ms fall 2 rise 2
    # The test clients pin themselves to a server (?pin=a); a pinned server that is down is skipped.
    use-server app_a if {{ url_param(pin) -m str a }}
    use-server app_b if {{ url_param(pin) -m str b }}
    http-request add-header X-Forwarded-For %[src]
    server app_a 127.0.0.1:{a} check
    server app_b 127.0.0.1:{b} check
"""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def pct(values, q):
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


class Inbox:
    """The SMTP sink: every message the workers send, by Message-ID."""

    def __init__(self):
        self.message_ids = Counter()
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        import email

        message = email.message_from_bytes(envelope.content)
        with self.lock:
            self.message_ids[message.get("Message-ID", "").strip()] += 1
        return "250 OK"


class Cluster:
    def __init__(self, out, workdir):
        self.out = out
        self.workdir = workdir
        self.processes = {}

    def start(self, name, argv, env):
        log = open(self.workdir / f"{name}.log", "wb")
        self.processes[name] = subprocess.Popen(
            ["nice", "-n", "10", *argv], env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )

    def kill(self, name):
        """SIGKILL to the process and its children: a machine that dies, no clean shutdown."""
        process = self.processes[name]
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.wait(10)

    def stop_all(self):
        for process in self.processes.values():
            if process.poll() is None:
                try:
                    os.killpg(process.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        deadline = time.monotonic() + 10
        for process in self.processes.values():
            try:
                process.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)

    def alive(self, name):
        return self.processes[name].poll() is None


class Command(BaseCommand):
    help = "Two app servers behind haproxy, two workers and a beat on PostgreSQL + Redis: play, kill, check."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=6, help="games played at once (every other has a bot)")
        parser.add_argument("--phase", type=float, default=20.0, help="seconds of play before each kill and after")
        parser.add_argument("--drain", type=float, default=300.0, help="seconds to wait for late bots and emails")
        parser.add_argument("--keep-logs", action="store_true", help="keep the processes' logs (printed path)")

    def handle(self, *args, **options):
        if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql" or not settings.REDIS_URL:
            raise CommandError("needs DATABASE_URL (PostgreSQL) and REDIS_URL: the cluster shares both")
        haproxy = shutil.which("haproxy") or shutil.which("haproxy", path="/usr/sbin:/usr/local/sbin")
        if haproxy is None:
            raise CommandError("needs haproxy (apt-get install haproxy)")
        call_command("migrate", verbosity=0)
        workdir = Path(tempfile.mkdtemp(prefix="guildhall-cluster-"))
        cluster = Cluster(self.stdout, workdir)
        smtp = None
        try:
            smtp, inbox, smtp_port = self._smtp()
            ports = {"a": free_port(), "b": free_port(), "lb": free_port()}
            env = self._env(ports, smtp_port)
            python = sys.executable
            for name in ("a", "b"):
                cluster.start(
                    f"app_{name}",
                    [
                        python,
                        "-m",
                        "daphne",
                        "-b",
                        "127.0.0.1",
                        "-p",
                        str(ports[name]),
                        "guildhall_site.asgi:application",
                    ],
                    env,
                )
            for n in (1, 2):
                cluster.start(
                    f"worker_{n}",
                    [
                        python,
                        "-m",
                        "celery",
                        "-A",
                        "guildhall_site",
                        "worker",
                        "-n",
                        f"cluster{n}@%h",
                        "--concurrency",
                        "2",
                        "-l",
                        "warning",
                        "--without-gossip",
                        "--without-mingle",
                    ],
                    env,
                )
            cluster.start(
                "beat",
                [
                    python,
                    "-m",
                    "celery",
                    "-A",
                    "guildhall_site",
                    "beat",
                    "-l",
                    "warning",
                    "-s",
                    str(workdir / "beat-schedule"),
                ],
                env,
            )
            (workdir / "haproxy.cfg").write_text(HAPROXY_CONFIG.format(**ports))
            cluster.start("haproxy", [haproxy, "-f", str(workdir / "haproxy.cfg"), "-db"], env)
            self._wait_ready(ports)
            self.stdout.write(
                f"cluster up: haproxy 127.0.0.1:{ports['lb']} → daphne A :{ports['a']}, B :{ports['b']}; "
                f"2 workers, 1 beat; logs in {workdir}"
            )
            players, games = self._setup(options["games"])
            result = asyncio.run(Play(self, cluster, ports, players, options["phase"]).run())
            ok = self._check(cluster, games, players, inbox, result, options["drain"])
        finally:
            cluster.stop_all()
            if smtp is not None:
                smtp.stop()
            if not options["keep_logs"]:
                shutil.rmtree(workdir, ignore_errors=True)
        if not ok:
            raise CommandError("the cluster run failed a check (see above)")

    # --- set-up ---------------------------------------------------------------------------------------

    def _smtp(self):
        from aiosmtpd.controller import Controller

        inbox = Inbox()
        port = free_port()
        controller = Controller(inbox, hostname="127.0.0.1", port=port)
        controller.start()
        return controller, inbox, port

    def _env(self, ports, smtp_port):
        env = dict(os.environ)
        env.update(
            DJANGO_SETTINGS_MODULE="guildhall_site.settings",
            DEBUG="0",
            SECRET_KEY=settings.SECRET_KEY,  # the sessions made here for the sockets are signed with it
            ALLOWED_HOSTS="127.0.0.1,localhost",
            SITE_URL=f"http://127.0.0.1:{ports['lb']}",
            EMAIL_URL=f"smtp://127.0.0.1:{smtp_port}",
            THROTTLE_WRITE_RATE="",
            TRUSTED_PROXY_COUNT="1",
            CELERY_TASK_ALWAYS_EAGER="0",
            PYTHONUNBUFFERED="1",
        )
        return env

    def _wait_ready(self, ports):
        import urllib.request

        deadline = time.monotonic() + 60
        for port in (ports["a"], ports["b"], ports["lb"]):
            while True:
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/cards/", timeout=2) as response:
                        if response.status == 200:
                            break
                except OSError:
                    pass
                if time.monotonic() > deadline:
                    raise CommandError(f"nothing answers on port {port} (see the logs)")
                time.sleep(0.3)
        time.sleep(1.5)  # haproxy's health checks mark both servers up

    def _setup(self, count):
        from allauth.account.models import EmailAddress
        from django.contrib.auth import get_user_model
        from django.test import Client

        from accounts import tokens
        from games import services

        run = secrets.token_hex(3)
        users = []
        for i in range(2 * count):
            user = get_user_model().objects.create_user(
                username=f"cluster-{run}-{i}",
                email=f"cluster-{run}-{i}@example.com",
                password=secrets.token_urlsafe(12),
            )
            EmailAddress.objects.create(user=user, email=user.email, primary=True, verified=True)
            users.append(user)
        players, games = [], []
        for g in range(count):
            first, second = users[2 * g], users[2 * g + 1]
            bots = g % 2
            game = services.create_game(first, seats=2 + bots, bots=bots, invite=[second.username])
            services.join(game.pk, second)
            games.append(game.pk)
            # The two players of a game sit on different app servers.
            for user, pin in ((first, "a"), (second, "b")):
                client = Client()
                client.force_login(user)
                _token, raw = tokens.issue(user, "cluster")
                players.append(
                    {
                        "user": user.pk,
                        "game": game.pk,
                        "pin": pin,
                        "token": raw,
                        "session": client.cookies[settings.SESSION_COOKIE_NAME].value,
                    }
                )
        return players, games

    # --- checks ---------------------------------------------------------------------------------------

    def _check(self, cluster, games, players, inbox, result, drain):
        from games.models import Game, LogEntry, Seat
        from games.notifications.models import Notification

        user_ids = [p["user"] for p in players]
        deadline = time.monotonic() + drain
        while True:  # the last bots and emails: the survivors, the relay and the stalled-bot nudge
            bots_to_move = Game.objects.filter(
                pk__in=games, status=Game.Status.ACTIVE, to_move_user__isnull=True, to_move_position__isnull=False
            ).count()
            pending = Notification.objects.filter(user_id__in=user_ids, status=Notification.Status.PENDING).count()
            if (bots_to_move == 0 and pending == 0) or time.monotonic() > deadline:
                break
            time.sleep(2)
        waited = drain - max(0.0, deadline - time.monotonic())

        entries = LogEntry.objects.filter(game_id__in=games)
        times = dict(
            ((e.game_id, e.seq), e.created_at.timestamp()) for e in entries.only("game_id", "seq", "created_at")
        )
        bot_positions = set(
            Seat.objects.filter(game_id__in=games, kind=Seat.Kind.BOT).values_list("game_id", "position")
        )
        bot_entries = [e for e in entries.only("game_id", "seat", "created_at") if (e.game_id, e.seat) in bot_positions]
        bots_after_worker_kill = sum(1 for e in bot_entries if e.created_at.timestamp() > result["worker_killed_at"])
        in_window = [t for t in times.values() if result["started_at"] <= t <= result["stopped_at"]]
        elapsed = result["stopped_at"] - result["started_at"]

        latencies, cross = [], []
        for pin, game_id, seq, received in result["heard"]:
            committed = times.get((game_id, seq))
            if committed is None:
                continue
            latencies.append((received - committed) * 1000)
            if result["posted_via"].get((game_id, seq)) not in (None, pin) and received < result["app_killed_at"]:
                cross.append((received - committed) * 1000)

        sent = Notification.objects.filter(user_id__in=user_ids, status=Notification.Status.SENT).exclude(
            kind=Notification.Kind.TURN_PUSH
        )
        sent_ids = {f"<notification-{pk}@" for pk in sent.values_list("pk", flat=True)}
        received_ids = {mid for mid in inbox.message_ids if any(mid.startswith(prefix) for prefix in sent_ids)}
        duplicates = {mid: n for mid, n in inbox.message_ids.items() if n > 1}
        still_pending = Notification.objects.filter(user_id__in=user_ids, status=Notification.Status.PENDING).count()
        stuck_bots = Game.objects.filter(
            pk__in=games, status=Game.Status.ACTIVE, to_move_user__isnull=True, to_move_position__isnull=False
        ).count()

        w = self.stdout.write
        w("")
        w(
            f"played {elapsed:.1f} s: {len(in_window)} decisions committed = "
            f"{len(in_window) / elapsed:.1f} decisions/s "
            f"({result['human_posts']} by players through haproxy, {len(bot_entries)} by bots on the workers in all)"
        )
        w(
            f"commit→push (log entry written → the other player's socket has the seq), n={len(latencies)}: "
            f"p50 {pct(latencies, 0.5):.1f} ms, p95 {pct(latencies, 0.95):.1f} ms, max {max(latencies or [0]):.1f} ms"
        )
        w(
            f"  of which across servers before the kill (made through one, heard on the other), n={len(cross)}: "
            f"p50 {pct(cross, 0.5):.1f} ms, p95 {pct(cross, 0.95):.1f} ms"
        )
        w(
            f"requests per app server before the kill: {dict(result['served_before_kill'])}; after: "
            f"{dict(result['served_after_kill'])}; client errors retried: {result['errors']}, "
            f"sockets reopened: {result['reconnects']}"
        )
        w(f"drain: waited {waited:.0f} s for the last bots and emails")
        w(
            f"emails: {sent.count()} sent rows, {len(received_ids)} received, {len(duplicates)} Message-IDs twice, "
            f"{still_pending} still pending"
        )

        checks = [
            ("moves made through one app server were heard live on the other", len(cross) > 0),
            (
                "app server A was killed and the clients went on through B",
                not cluster.alive("app_a")
                and sum(result["served_after_kill"].values()) > 0
                and set(result["served_after_kill"]) == {"b"},
            ),
            ("every player's socket heard moves after A was killed", result["heard_after_kill"] >= len(players) // 2),
            (
                "worker 1 was killed and the bots went on (moves by bots after the kill)",
                not cluster.alive("worker_1") and bots_after_worker_kill > 0,
            ),
            ("no bot left waiting to move", stuck_bots == 0),
            (
                "every email sent exactly once: one message per sent row, none twice, none pending",
                len(received_ids) == sent.count() and not duplicates and still_pending == 0 and sent.count() > 0,
            ),
        ]
        for text, passed in checks:
            w(f"{'PASS' if passed else 'FAIL'}  {text}")
        return all(passed for _text, passed in checks)


class Play:
    """The clients: one asyncio task per player (its API requests and its socket through haproxy, pinned
    to its app server), a random legal decision whenever it is to move, else waiting for its socket
    (or, the socket being down, asking again every second)."""

    def __init__(self, command, cluster, ports, players, phase):
        self.command = command
        self.cluster = cluster
        self.base = f"http://127.0.0.1:{ports['lb']}"
        self.players = players
        self.phase = phase
        self.heard = []  # (pin, game, seq, received at)
        self.posted_via = {}  # (game, seq) -> pin of the app server it was posted through
        self.served_before = Counter()
        self.served_after = Counter()
        self.errors = 0
        self.reconnects = 0
        self.human_posts = 0
        self.app_killed_at = float("inf")
        self.worker_killed_at = float("inf")
        self.heard_after_kill = set()
        self.stop = None

    async def run(self):
        import aiohttp

        self.stop = asyncio.Event()
        started = time.time()
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=15)) as session:
            tasks = [asyncio.create_task(self.player(session, p)) for p in self.players]
            await asyncio.sleep(self.phase)
            self.command.stdout.write("killing worker 1 (SIGKILL)")
            self.worker_killed_at = time.time()
            await asyncio.to_thread(self.cluster.kill, "worker_1")
            await asyncio.sleep(self.phase)
            self.command.stdout.write("killing app server A (SIGKILL)")
            self.app_killed_at = time.time()
            await asyncio.to_thread(self.cluster.kill, "app_a")
            await asyncio.sleep(self.phase)
            self.stop.set()
            await asyncio.gather(*tasks, return_exceptions=True)
        return {
            "started_at": started,
            "stopped_at": time.time(),
            "heard": self.heard,
            "posted_via": self.posted_via,
            "served_before_kill": self.served_before,
            "served_after_kill": self.served_after,
            "errors": self.errors,
            "reconnects": self.reconnects,
            "human_posts": self.human_posts,
            "app_killed_at": self.app_killed_at,
            "worker_killed_at": self.worker_killed_at,
            "heard_after_kill": len(self.heard_after_kill),
        }

    def _served(self, pin):
        # Which server answered: the pinned one, unless it has been killed (haproxy then sends all to B).
        if time.time() < self.app_killed_at:
            self.served_before[pin] += 1
        else:
            self.served_after["b"] += 1

    async def player(self, session, p):
        moved = asyncio.Event()
        listener = asyncio.create_task(self.listen(session, p, moved))
        rng = random.Random(p["user"])
        headers = {"Authorization": f"Token {p['token']}"}
        url = f"{self.base}/api/v1/games/{p['game']}/?pin={p['pin']}"
        try:
            while not self.stop.is_set():
                game = await self.request(session, "GET", url, p, headers=headers)
                if game is None:
                    continue
                if game["status"] != "active":
                    return
                if game["legal"]:
                    body = {"expected_seq": game["seq"], "decision": rng.choice(game["legal"])}
                    answer = await self.request(
                        session,
                        "POST",
                        f"{self.base}/api/v1/games/{p['game']}/decisions/?pin={p['pin']}",
                        p,
                        headers=headers,
                        json=body,
                        accept=(201, 403, 409),
                    )
                    if answer is not None and answer.get("seq", 0) == game["seq"] + 1:
                        self.posted_via[(p["game"], game["seq"] + 1)] = (
                            p["pin"] if time.time() < self.app_killed_at else "b"
                        )
                        self.human_posts += 1
                    continue
                moved.clear()
                try:  # the socket says when the game moved on; without it, ask again every second
                    await asyncio.wait_for(moved.wait(), timeout=1.0)
                except TimeoutError:
                    pass
        finally:
            listener.cancel()

    async def request(self, session, method, url, p, accept=(200,), **kwargs):
        import aiohttp

        try:
            async with session.request(method, url, **kwargs) as response:
                if response.status in accept:
                    self._served(p["pin"])
                    return await response.json()
                self.errors += 1
        except (aiohttp.ClientError, TimeoutError):
            self.errors += 1
        await asyncio.sleep(0.2)
        return None

    async def listen(self, session, p, moved):
        import aiohttp

        url = f"{self.base.replace('http', 'ws')}/ws/live/?pin={p['pin']}"
        headers = {"Origin": self.base, "Cookie": f"{settings.SESSION_COOKIE_NAME}={p['session']}"}
        first = True
        while not self.stop.is_set():
            try:
                async with session.ws_connect(url, headers=headers, heartbeat=5) as ws:
                    if not first:
                        self.reconnects += 1
                    first = False
                    await ws.send_json({"watch": [p["game"]]})
                    async for message in ws:
                        if message.type != aiohttp.WSMsgType.TEXT:
                            break
                        data = message.json()
                        if "seq" in data:
                            now = time.time()
                            pin = p["pin"] if now < self.app_killed_at else "b"
                            self.heard.append((pin, data["game"], data["seq"], now))
                            if now > self.app_killed_at:
                                self.heard_after_kill.add(p["user"])
                            moved.set()
            except (aiohttp.ClientError, TimeoutError, OSError):
                pass
            await asyncio.sleep(0.5)
