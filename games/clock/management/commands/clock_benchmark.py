"""Benchmark of the beat scans with many active games (not a timed test).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/guildhall_bench REDIS_URL=redis://127.0.0.1:6379/0 \\
        .venv/bin/python manage.py migrate && \\
        .venv/bin/python manage.py clock_benchmark --games 100000 --due 100 10000

Creates ``--games`` active games (two seats, a running 72-hour clock each; rows marked
engine_version="bench"), then for each ``--due`` count makes that many clocks due (a reminder point
passed) and times, median of ``--repeat`` runs where repeatable:

- ``query``: the scan's indexed SELECT of due clocks (``tasks.due_clocks``), with its EXPLAIN;
- ``scan``: ``tasks.scan_clocks`` in full: the SELECT, the claim UPDATE, one ``process_clock`` message
  per due game published to the broker (a queue of the benchmark's own, deleted afterwards);
- ``process``: ``timeouts.process`` for every due game (lock, clock, a reminder row in the outbox);
- ``relay``: ``outbox.relay`` re-enqueueing the reminder rows just written.

The benchmark rows are deleted at the end unless ``--keep``.
"""

import datetime
import random
import statistics
import time

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction
from django.utils import timezone

from games.clock import tasks, timeouts
from games.clock.models import TimeControl
from games.models import Game, Seat
from games.notifications import outbox
from games.notifications.models import Notification
from guildhall_site.celery import app

BENCH = "bench"
QUEUE = "clock-benchmark"
H = datetime.timedelta(hours=1)


class Command(BaseCommand):
    help = "Time the reminder/timeout scan with many active games and few or many due (PostgreSQL)."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=100_000)
        parser.add_argument("--due", type=int, nargs="+", default=[100, 10_000])
        parser.add_argument("--repeat", type=int, default=5)
        parser.add_argument("--keep", action="store_true", help="keep the benchmark rows")
        parser.add_argument("--allow-sqlite", action="store_true")
        parser.add_argument("--skip-process", action="store_true", help="time the scans only")

    def handle(self, *args, **opts):
        if connection.vendor != "postgresql" and not opts["allow_sqlite"]:
            raise CommandError("Run it on PostgreSQL (DATABASE_URL=postgres://...).")
        if app.conf.task_always_eager:
            raise CommandError("Set REDIS_URL: the scan publishes to a real broker.")
        self.out = self.stdout.write
        self.out(f"database: {connection.vendor} {connection.settings_dict['NAME']}; broker: {app.conf.broker_url}")
        previous_queue = app.conf.task_default_queue
        app.conf.task_default_queue = QUEUE
        try:
            self.cleanup()
            self.populate(opts["games"])
            for due in opts["due"]:
                self.run(due, opts["repeat"], process=not opts["skip_process"])
        finally:
            app.conf.task_default_queue = previous_queue
            self.delete_queue()
            if not opts["keep"]:
                self.cleanup()

    # --- data -----------------------------------------------------------------------------------

    def populate(self, count):
        started = time.perf_counter()
        User = get_user_model()
        users = []
        for i in range(1000):
            name = f"bench_{i:04d}"
            users.append(User(username=name, email=f"{name}@example.com", password="!"))
        User.objects.bulk_create(users, ignore_conflicts=True)
        user_ids = list(User.objects.filter(username__startswith="bench_").order_by("pk").values_list("pk", flat=True))
        rng = random.Random(1)
        now = timezone.now()
        batch = 5000
        for offset in range(0, count, batch):
            n = min(batch, count - offset)
            games = [
                Game(
                    engine_version=BENCH, num_seats=2, status=Game.Status.ACTIVE, seed="0" * 64,
                    seed_commitment="0" * 64, started_at=now, seq=10, turn=5, to_move_position=0,
                    to_move_user_id=user_ids[(offset + i) % len(user_ids)],
                )
                for i in range(n)
            ]
            with transaction.atomic():
                Game.objects.bulk_create(games)
                seats, clocks = [], []
                for i, game in enumerate(games):
                    first = user_ids[(offset + i) % len(user_ids)]
                    second = user_ids[(offset + i + 1) % len(user_ids)]
                    seats.append(Seat(game=game, kind=Seat.Kind.USER, user_id=first, position=0))
                    seats.append(Seat(game=game, kind=Seat.Kind.USER, user_id=second, position=1))
                    start = now - rng.uniform(0, 40) * H  # not due: the first reminder is at 48 h
                    clocks.append(
                        TimeControl(
                            game=game, per_move=72 * H, seat=0, turn=5, turn_started_at=start,
                            deadline=start + 72 * H, next_check_at=start + 48 * H,
                        )
                    )
                Seat.objects.bulk_create(seats)
                TimeControl.objects.bulk_create(clocks)
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
        self.out(f"populated {count} active games in {time.perf_counter() - started:.1f} s")

    def make_due(self, due):
        now = timezone.now()
        qs = TimeControl.objects.filter(game__engine_version=BENCH)
        Notification.objects.filter(game__engine_version=BENCH).delete()
        # Everyone back to "not due", then `due` clocks with their 24-hours-left reminder passed.
        with connection.cursor() as cursor:
            cursor.execute(
                "UPDATE clock_timecontrol SET turn_started_at = %s, deadline = %s, next_check_at = %s,"
                " reminders_sent = 0, enqueued_at = NULL WHERE game_id IN"
                " (SELECT id FROM games_game WHERE engine_version = %s)",
                [now - 10 * H, now + 62 * H, now + 38 * H, BENCH],
            )
        ids = list(qs.order_by("?").values_list("pk", flat=True)[:due])
        TimeControl.objects.filter(pk__in=ids).update(
            turn_started_at=now - 50 * H, deadline=now + 22 * H, next_check_at=now - 2 * H
        )
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE clock_timecontrol")
            cursor.execute("ANALYZE notifications_notification")

    def cleanup(self):
        with connection.cursor() as cursor:
            bench = "(SELECT id FROM games_game WHERE engine_version = %s)"
            cursor.execute(f"DELETE FROM notifications_notification WHERE game_id IN {bench}", [BENCH])
            cursor.execute(f"DELETE FROM clock_timecontrol WHERE game_id IN {bench}", [BENCH])
            cursor.execute(f"DELETE FROM games_seat WHERE game_id IN {bench}", [BENCH])
            cursor.execute("DELETE FROM games_game WHERE engine_version = %s", [BENCH])

    def delete_queue(self):
        try:
            with app.connection_for_write() as conn:
                conn.default_channel.queue_delete(QUEUE)
        except Exception as exc:  # the broker is only needed for the scan's publishes
            self.stderr.write(f"could not delete the queue {QUEUE}: {exc}")

    # --- measurements ---------------------------------------------------------------------------

    def run(self, due, repeat, process=True):
        total = TimeControl.objects.filter(game__engine_version=BENCH).count()
        self.out(f"\n== {due} due of {total} active games ==")
        batch = max(due, settings.CLOCK_SCAN_BATCH)

        self.make_due(due)
        times = []
        for _i in range(repeat):
            t = time.perf_counter()
            found = tasks.due_clocks(timezone.now(), batch)
            times.append(time.perf_counter() - t)
        assert len(found) == due, (len(found), due)
        self.report("query (SELECT due clocks)", times, due)
        sql, params = (
            TimeControl.objects.filter(next_check_at__lte=timezone.now()).order_by("next_check_at")
            .values_list("game_id", flat=True)[:batch].query.sql_with_params()
        )
        with connection.cursor() as cursor:
            cursor.execute("EXPLAIN " + sql, params)
            plan = " | ".join(row[0].strip() for row in cursor.fetchall())
        self.out(f"  plan: {plan}")

        times = []
        for _i in range(repeat):
            self.make_due(due)
            t = time.perf_counter()
            published = tasks.scan_clocks(limit=batch)
            times.append(time.perf_counter() - t)
            assert published == due, (published, due)
            self.delete_queue()
        self.report("scan (SELECT + claim + publish)", times, due)

        if not process:
            return
        self.make_due(due)
        ids = tasks.due_clocks(timezone.now(), batch)
        t = time.perf_counter()
        done = [timeouts.process(game_id) for game_id in ids]
        elapsed = time.perf_counter() - t
        assert done.count("reminder") == due, done[:5]
        self.report("process (reminder rows written)", [elapsed], due)

        t = time.perf_counter()
        relayed = outbox.relay(now=timezone.now() + 10 * settings.NOTIFY_RELAY_AFTER, limit=batch)
        elapsed = time.perf_counter() - t
        self.report(f"relay ({relayed} rows re-enqueued)", [elapsed], due)
        self.delete_queue()

    def report(self, label, times, due):
        median = statistics.median(times)
        self.out(f"  {label:<36} {median * 1000:10.1f} ms   ({median / due * 1e6:8.1f} µs per due game)")
