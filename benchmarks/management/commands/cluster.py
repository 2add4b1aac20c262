"""The scale-out run (``make cluster``): two app servers behind HAProxy, two Celery workers and one beat on
PostgreSQL + Redis; players spread over both servers through the load balancer; one app server killed a
third of the way in and one worker half-way. Then it checks that nothing was lost or done twice (every
player's decision answered, every bot turn played, every email sent exactly once, every log replaying to
its game) and prints the figures. Exit status 1 when a check fails.

    DATABASE_URL=postgres://... REDIS_URL=redis://... python manage.py cluster --duration 60
"""

import importlib
import json
import os
import re
import secrets
import statistics
import tempfile
import time
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connection

import engine
from accounts import tokens as api_tokens
from benchmarks.cluster import haproxy, processes
from benchmarks.cluster.mailsink import MailSink
from benchmarks.cluster.players import Api, Player, Watcher
from benchmarks.report import percentile
from games.models import DEFAULT_GAME, Game, Seat
from games.notifications.models import Notification

LIVE = "games.live" in settings.INSTALLED_APPS  # the site pushes "game N is at seq S" over WebSockets
check_game = importlib.import_module("games.management.commands.replay_games").check_game



class Command(BaseCommand):
    help = "Two app servers behind HAProxy, two workers and a beat: play, kill one of each, check, report."

    def add_arguments(self, parser):
        parser.add_argument("--duration", type=float, default=60.0, help="seconds of play")
        parser.add_argument("--games", type=int, default=8, help="three-seat games: two people and a bot")
        parser.add_argument("--game", default=DEFAULT_GAME, choices=list(engine.GAMES), help="the game played")
        parser.add_argument("--bot-kind", default=None, help="one of the game's bot kinds (default: its own)")
        parser.add_argument("--settle", type=float, default=180.0, help="seconds allowed to catch up after play")
        parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")

    def handle(self, *args, **opts):
        if connection.vendor != "postgresql" or not settings.REDIS_URL:
            raise CommandError("Set DATABASE_URL (PostgreSQL) and REDIS_URL: the cluster shares both.")
        bots = engine.get(opts["game"]).bots
        opts["bot_kind"] = opts["bot_kind"] or bots.DEFAULT_ABSENT
        if opts["bot_kind"] not in bots.KINDS:
            raise CommandError(f"--bot-kind must be one of {', '.join(bots.KINDS)}")
        call_command("migrate", verbosity=0)
        run_dir = Path(tempfile.mkdtemp(prefix="guildhall-cluster-"))
        lb_port, port_a, port_b, smtp_port = (processes.free_port() for _ in range(4))
        env = dict(os.environ)
        env.update(
            DJANGO_SETTINGS_MODULE="benchmarks.cluster.settings",
            DEBUG="0",
            # This process's own key: the watchers' sessions are made here, and the app servers must read them.
            SECRET_KEY=settings.SECRET_KEY,
            ALLOWED_HOSTS="127.0.0.1,localhost",
            SITE_URL=f"http://127.0.0.1:{lb_port}",
            EMAIL_URL=f"smtp://127.0.0.1:{smtp_port}",
            THROTTLE_WRITE_RATE="",  # the players are a test load, not a flood
            CELERY_TASK_ALWAYS_EAGER="0",
        )
        config = run_dir / "haproxy.cfg"
        config.write_text(haproxy.config(lb_port, [("app-a", port_a), ("app-b", port_b)], run_dir / "haproxy.sock"))
        parts = {}
        with MailSink(smtp_port) as sink:
            try:
                parts["app-a"] = processes.app_server("app-a", port_a, env, run_dir)
                parts["app-b"] = processes.app_server("app-b", port_b, env, run_dir)
                parts["worker-1"] = processes.celery_worker("worker-1", env, run_dir)
                parts["worker-2"] = processes.celery_worker("worker-2", env, run_dir)
                parts["beat"] = processes.celery_beat(env, run_dir)
                parts["haproxy"] = processes.haproxy(config, run_dir)
                everything = list(parts.values())
                for port in (port_a, port_b, lb_port):
                    processes.wait_until(lambda p=port: processes.answers(p), 90, f"port {port}", everything)
                self._wait_for_workers(2, everything)
                report = self._run(opts, lb_port, parts, sink)
            except Exception:
                for part in parts.values():
                    self.stderr.write(f"--- {part.name} ({'alive' if part.alive() else 'exited'})\n{part.tail()}")
                raise
            finally:
                for part in parts.values():
                    part.stop()
        self._print(report, opts["json"])
        if report["failures"]:
            raise CommandError("; ".join(report["failures"]))

    # --- the run ----------------------------------------------------------------------------------
    def _run(self, opts, lb_port, parts, sink):
        users, tokens = self._people(2 * opts["games"])
        creator_api = {}
        games = []
        for g in range(opts["games"]):
            a, b = users[2 * g], users[2 * g + 1]
            api_a = creator_api.setdefault(a.pk, Api(lb_port, tokens[a.pk]))
            status, game = api_a.request(
                "POST", "/api/v1/games/",
                {"game": opts["game"], "seats": 3, "bots": 1, "bot_kind": opts["bot_kind"], "rated": False},
            )
            if status != 201:
                raise CommandError(f"create refused: {status} {game}")
            status, joined = Api(lb_port, tokens[b.pk]).request("POST", f"/api/v1/games/{game['id']}/join/")
            if status != 200:
                raise CommandError(f"join refused: {status} {joined}")
            games.append(game["id"])
        started = time.monotonic()
        stop_at = started + opts["duration"]
        posted = {}
        players = [
            Player(u.username, Api(lb_port, tokens[u.pk]), [games[i // 2]], stop_at, seed=i, posted=posted)
            for i, u in enumerate(users)
        ]
        # One open table page per game, its socket through the load balancer like the players' requests.
        watchers = []
        if LIVE:
            watchers = [
                Watcher(lb_port, self._session_cookie(users[2 * g]), games[g], stop_at) for g in range(len(games))
            ]
        for thread in watchers + players:
            thread.start()
        kills = {}
        for at, name in ((0.3, "app-a"), (0.5, "worker-1")):
            time.sleep(max(0.0, started + at * opts["duration"] - time.monotonic()))
            parts[name].kill()
            kills[name] = round(time.monotonic() - started, 1)
        for thread in players + watchers:
            thread.join(opts["duration"] + 120)
        played = time.monotonic() - started
        settled_in = self._settle(games, opts["settle"])
        report = self._check(games, players, sink, played, settled_in, kills, parts)
        if LIVE:
            self._check_live(report, watchers, posted, stop_at - started)
        return report

    def _session_cookie(self, user):
        from django.test import Client

        client = Client()
        client.force_login(user)
        return f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"

    def _check_live(self, report, watchers, posted, duration):
        """Every decision a player made is heard by the game's open page; some were made through one server
        and heard on a socket of the other."""
        measured = [m for w in watchers for m in w.push_latencies(posted)]
        heard = [latency * 1000 for latency, _, _ in measured if latency is not None]
        # Decisions of the last seconds may be heard after the pages closed.
        first_sent = min((sent for sent, _ in posted.values()), default=0.0)
        late = first_sent + duration - 5
        unheard = [
            key
            for w in watchers
            for key, (sent, _) in posted.items()
            if key[0] == w.game_id and sent < late and w.push_latencies({key: posted[key]})[0][0] is None
        ]
        across = sum(
            1
            for latency, post_server, socket_server in measured
            if latency is not None and post_server != socket_server
        )
        report["live"] = {
            "pushes_heard": len(heard),
            "post_sent_to_push_ms": {"p50": round(percentile(heard, 50), 1), "p95": round(percentile(heard, 95), 1)},
            "heard_on_the_other_server": across,
            "socket_reconnects": sum(w.reconnects for w in watchers),
            "not_heard": len(unheard),
        }
        report["failures"] += [e for w in watchers for e in w.errors]
        if unheard:
            report["failures"].append(f"{len(unheard)} decisions never reached the game's open page")
        if not across:
            report["failures"].append("no move made through one server was heard on a socket of the other")

    def _people(self, count):
        from allauth.account.models import EmailAddress

        User = get_user_model()
        run = secrets.token_hex(3)
        users, tokens = [], {}
        for i in range(count):
            user = User.objects.create_user(username=f"cluster_{run}_{i}", email=f"cluster_{run}_{i}@example.com")
            EmailAddress.objects.create(user=user, email=user.email, primary=True, verified=True)
            users.append(user)
            tokens[user.pk] = api_tokens.issue(user, "cluster")[1]
        return users, tokens

    def _wait_for_workers(self, count, parts):
        from guildhall_site.celery import app

        processes.wait_until(lambda: len(app.control.ping(timeout=0.5) or []) >= count, 90, "the workers", parts)

    def _settle(self, games, timeout):
        """Seconds until every bot turn of the run's games is played and no email of theirs is pending."""
        began = time.monotonic()

        def caught_up():
            bot_to_move = Game.objects.filter(
                pk__in=games, status=Game.Status.ACTIVE, to_move_user__isnull=True, to_move_position__isnull=False
            ).exists()
            pending = Notification.objects.filter(game_id__in=games, status=Notification.Status.PENDING).exists()
            return not bot_to_move and not pending

        try:
            processes.wait_until(caught_up, timeout, "bots and emails to catch up")
        except RuntimeError:
            return None
        return round(time.monotonic() - began, 1)

    # --- checks and figures -----------------------------------------------------------------------
    def _check(self, games, players, sink, played, settled_in, kills, parts):
        failures = [f"{p.username}: {e}" for p in players for e in p.errors]
        if settled_in is None:
            failures.append("bot turns or emails were still pending when the settle time ran out")
        served = {}
        for player in players:
            for name, n in player.api.served_by.items():
                served[name] = served.get(name, 0) + n
        if not served.get("app-a") or not served.get("app-b"):
            failures.append(f"requests did not reach both app servers: {served}")
        received = sink.messages()
        ids = [m for m, _ in received]
        sent = set(
            Notification.objects.filter(game_id__in=games, status=Notification.Status.SENT).values_list("pk", flat=True)
        )
        numbers = [int(n) for n in re.findall(r"<notification-(\d+)@", " ".join(ids))]
        ours = [n for n in numbers if n in sent]
        if len(ours) != len(set(ours)):
            failures.append(f"{len(ours) - len(set(ours))} emails arrived twice")
        if set(ours) != sent:
            failures.append(f"{len(sent - set(ours))} emails marked sent never arrived")
        problems = {}
        bot_entries = 0
        for game in Game.objects.filter(pk__in=games):
            found = check_game(game)
            if found:
                problems[game.pk] = found
            bot_entries += game.log.filter(seat__in=game.seats.filter(kind=Seat.Kind.BOT).values("position")).count()
        if problems:
            failures.append(f"logs that do not replay to their game: {problems}")
        if not bot_entries:
            failures.append("no bot decision was played")
        latencies = [x * 1000 for p in players for x in p.latencies]
        decisions = sum(p.decisions for p in players)
        return {
            "app_servers": "daphne (ASGI)" if "daphne" in settings.INSTALLED_APPS else "gunicorn (WSGI)",
            "games": len(games),
            "players": len(players),
            "seconds_played": round(played, 1),
            "killed_at_seconds": kills,
            "player_decisions": decisions,
            "decisions_per_second": round(decisions / played, 1),
            "decision_ms": {
                "p50": round(percentile(latencies, 50), 1),
                "p95": round(percentile(latencies, 95), 1),
                "mean": round(statistics.fmean(latencies), 1) if latencies else None,
            },
            "bot_decisions": bot_entries,
            "requests_by_server": served,
            "requests_retried_by_clients": sum(p.api.retries for p in players),
            "decisions_sent_again": sum(p.resent for p in players),
            "emails": {"sent_rows": len(sent), "received": len(ours), "distinct": len(set(ours))},
            "settled_in_seconds": settled_in,
            "still_running": sorted(name for name, part in parts.items() if part.alive()),
            "failures": failures,
        }

    def _print(self, report, as_json):
        if as_json:
            self.stdout.write(json.dumps(report, indent=2))
            return
        for key, value in report.items():
            self.stdout.write(f"{key:>28}: {value}")
        self.stdout.write("all checks passed" if not report["failures"] else "CHECKS FAILED")
