"""Notifications through the real parts: Redis as the broker, a real Celery worker
(celery.contrib.testing), PostgreSQL with committed transactions, a real SMTP server (aiosmtpd) on a
free local port. CI's services run (REDIS_URL and DATABASE_URL set, REQUIRE_SERVICES=1)."""

import datetime
import random
import threading
import time

import pytest
import time_machine
from django.conf import settings

from games.clock.deadlines import set_time_limit
from games.clock.tasks import scan_clocks
from games.models import Game, LogEntry
from games.notifications import outbox
from games.notifications.models import Notification
from games.notifications.tasks import deliver_notification, relay_outbox
from guildhall_site.celery import app
from tests.games.conftest import WorkerProcess, celery_broker, real_worker, require_redis_binary
from tests.games.helpers import bodies, play_until_turn_changes, started_game

pytestmark = [pytest.mark.redis, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def wait_until(predicate, timeout=60.0, interval=0.05):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(interval)
    return False


def settle(inbox, seconds=1.0):
    """Wait until nothing more arrives for ``seconds``."""
    count = -1
    while count != len(inbox.messages):
        count = len(inbox.messages)
        time.sleep(seconds)
    return count


def _message_ids(inbox):
    return [str(m["Message-ID"]).strip() for _r, m in inbox.messages]


def _pending():
    return Notification.objects.filter(status=Notification.Status.PENDING).count()


def test_a_move_gives_exactly_one_email_through_redis_a_worker_and_smtp(make_user, smtp_server):
    alice, bob = make_user("alice"), make_user("bob")
    with real_worker(app):
        game = started_game([alice, bob])
        assert wait_until(lambda: len(smtp_server.messages) == 1)
        game.refresh_from_db()
        first = game.to_move_user
        play_until_turn_changes(game)
        game.refresh_from_db()
        second = game.to_move_user
        assert wait_until(lambda: len(smtp_server.messages) == 2)
        # The same rows enqueued again (a retry, a relay, a redelivery): nothing more is sent.
        for pk in Notification.objects.values_list("pk", flat=True):
            deliver_notification.delay(pk)
        relay_outbox.delay()
        assert settle(smtp_server) == 2
    assert [r for r, _m in smtp_server.messages] == [[first.email], [second.email]]
    message = smtp_server.messages[1][1]
    assert f"your turn in game {game.pk}" in str(message["Subject"])
    text, html = bodies(message)
    assert f"/games/{game.pk}/" in text and f"/games/{game.pk}/" in html
    assert str(message["List-Unsubscribe-Post"]).strip() == "List-Unsubscribe=One-Click"
    assert set(Notification.objects.values_list("status", flat=True)) == {"sent"}
    assert len(set(_message_ids(smtp_server))) == 2


def _pending_rows_without_a_worker(make_user, games=12, turns=0):
    """Turn emails for several games, enqueued in Redis with no worker running. (Only the row of the
    turn now running is sent: a your-turn row whose turn has passed is dropped at delivery.)"""
    app.conf.task_always_eager = False
    rng = random.Random(2)
    users = [make_user(f"racer{i}") for i in range(games * 2)]
    for i in range(games):
        game = started_game(users[2 * i : 2 * i + 2])
        for _t in range(turns):
            play_until_turn_changes(game, rng)
    rows = list(Notification.objects.filter(status="pending").values_list("pk", flat=True))
    assert len(rows) >= games * (turns + 1)
    return rows


def test_two_workers_racing_on_the_same_rows_send_each_email_once(make_user, smtp_server):
    rows = _pending_rows_without_a_worker(make_user)
    # Every row is in the queue 4 times over (the first enqueue + 3 more), for two workers at once.
    for _i in range(3):
        for pk in rows:
            deliver_notification.delay(pk)
    other = WorkerProcess(app.conf.broker_url, smtp_server.port, "racer-2@localhost")
    with other, real_worker(app, hostname="racer-1@localhost"):
        assert wait_until(lambda: _pending() == 0, timeout=120)
        settle(smtp_server)
    ids = _message_ids(smtp_server)
    assert len(ids) == len(rows) == len(set(ids))
    assert set(Notification.objects.filter(pk__in=rows).values_list("status", flat=True)) == {"sent"}


def test_racing_deliveries_on_postgresql_send_each_email_once(make_user, smtp_server):
    """The claim itself, without Celery: 6 threads deliver every row, in different orders, at once."""
    rows = _pending_rows_without_a_worker(make_user, games=10)
    from django.db import connection

    errors = []
    start = threading.Barrier(6)

    def racer(seed):
        order = list(rows)
        random.Random(seed).shuffle(order)
        try:
            start.wait()
            for pk in order:
                outbox.deliver(pk)
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=racer, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not errors
    assert settle(smtp_server, 0.5) == len(rows)
    assert len(set(_message_ids(smtp_server))) == len(rows)


def test_redis_down_while_moves_are_made_then_the_emails_go_out_once(make_user, smtp_server, own_redis):
    require_redis_binary()
    users = [make_user(f"player{i}") for i in range(6)]
    rng = random.Random(4)
    with celery_broker(own_redis.url), real_worker(app):
        games = [started_game(users[i : i + 2]) for i in (0, 2, 4)]
        assert wait_until(lambda: len(smtp_server.messages) == 3)

        own_redis.stop()
        moved_at = time.monotonic()
        for game in games:
            play_until_turn_changes(game, rng)  # the moves succeed with the broker down
        assert time.monotonic() - moved_at < 20, "a move waited for the broker"
        waiting = []
        for game in games:
            game.refresh_from_db()
            assert game.status == Game.Status.ACTIVE
            waiting.append(game.to_move_user.email)
        assert _pending() == 3 and len(smtp_server.messages) == 3
        # The failed enqueues left the rows to the relay.
        assert not Notification.objects.filter(status="pending", enqueued_at__isnull=False).exists()
        time.sleep(2)
        assert len(smtp_server.messages) == 3

        own_redis.start()  # the same port: the worker reconnects by itself
        relay_outbox.apply_async(retry=True)  # what beat sends every minute
        assert wait_until(lambda: _pending() == 0, timeout=120), "the relay did not deliver"
        assert settle(smtp_server) == 6
    assert len(set(_message_ids(smtp_server))) == 6
    assert sorted(r[0] for r, _m in smtp_server.messages[3:]) == sorted(waiting)
    assert set(Notification.objects.values_list("status", flat=True)) == {"sent"}


def test_reminder_and_timeout_through_the_worker_with_a_frozen_clock(make_user, smtp_server):
    alice, bob = make_user("alice"), make_user("bob")
    t0 = datetime.datetime(2027, 5, 3, 9, 0, tzinfo=datetime.UTC)
    hour, second = datetime.timedelta(hours=1), datetime.timedelta(seconds=1)
    # The clock ticks on from t0 (a frozen one would also stop the worker's own timers).
    with time_machine.travel(t0, tick=True) as traveller, real_worker(app):
        game = started_game([alice, bob])
        set_time_limit(game, 30 * hour)
        game.refresh_from_db()
        absent = game.to_move_user
        assert wait_until(lambda: len(smtp_server.to(absent.email)) == 1)
        traveller.move_to(t0 + 6 * hour + 60 * second)  # 24 h left
        scan_clocks.delay()
        assert wait_until(lambda: len(smtp_server.to(absent.email)) == 2)
        assert "left for your turn" in str(smtp_server.to(absent.email)[-1]["Subject"])
        traveller.move_to(t0 + 30 * hour + 60 * second)
        scan_clocks.delay()
        assert wait_until(lambda: LogEntry.objects.filter(game=game, by=LogEntry.By.TIMEOUT).exists())
        # The deadline came before the 20%-left reminder was seen: the timeout notice, no late reminder.
        assert wait_until(lambda: len(smtp_server.to(absent.email)) == 3)
        settle(smtp_server)
        assert "time ran out" in str(smtp_server.to(absent.email)[-1]["Subject"])
    kinds = list(Notification.objects.filter(user=absent).order_by("pk").values_list("kind", "status"))
    assert ("timeout", "sent") in kinds
    game.refresh_from_db()
    assert game.to_move_user != absent


def test_a_worker_killed_while_sending_loses_nothing_and_sends_once(make_user, smtp_server):
    """SIGKILL of a worker process in the middle of an SMTP conversation: its transaction rolls back,
    the row stays pending, the relay has it delivered by another worker, exactly once."""
    import asyncio
    import signal

    stalled = threading.Event()
    smtp_server.stall = True

    async def handle_RCPT(server, session, envelope, address, rcpt_options):
        if smtp_server.stall:
            stalled.set()
            await asyncio.sleep(60)
        envelope.rcpt_tos.append(address)
        return "250 OK"

    smtp_server.handle_RCPT = handle_RCPT
    app.conf.task_always_eager = False
    alice, bob = make_user("alice"), make_user("bob")
    victim = WorkerProcess(app.conf.broker_url, smtp_server.port, "victim@localhost")
    with victim:
        started_game([alice, bob])  # the your-turn row is enqueued after commit; the victim takes it
        assert stalled.wait(60), "the worker never reached the SMTP server"
        row = Notification.objects.get()
        assert row.status == "pending"
        victim.process.send_signal(signal.SIGKILL)
        victim.process.wait(30)
    assert smtp_server.messages == []
    smtp_server.stall = False
    assert wait_until(lambda: Notification.objects.get().status == "pending")
    with real_worker(app):
        # What beat would do once NOTIFY_RELAY_AFTER has passed since the last enqueue.
        outbox.relay(now=row.created_at + 10 * settings.NOTIFY_RELAY_AFTER)
        assert wait_until(lambda: Notification.objects.get().status == "sent")
        assert settle(smtp_server) == 1
    assert [r for r, _m in smtp_server.messages] == [[Notification.objects.get().user.email]]


def test_the_mail_server_down_for_longer_than_any_retry_budget_then_the_email_arrives_once(
    make_user, smtp_server, settings
):
    """The real worker, Redis as the broker, PostgreSQL, and the SMTP server stopped (its port closed) for
    simulated hours: more failed attempts than the old budget of 20, the row still pending; the server
    starts again on the same port and the email arrives, once."""
    from aiosmtpd.controller import Controller

    settings.NOTIFY_RETRY_LONGEST = datetime.timedelta(minutes=10)  # more attempts in fewer simulated hours
    t0 = datetime.datetime(2027, 6, 1, 8, 0, tzinfo=datetime.UTC)
    with time_machine.travel(t0, tick=True) as traveller, real_worker(app):
        smtp_server.controller.stop()
        game = started_game([make_user("alice"), make_user("bob")])
        assert wait_until(lambda: Notification.objects.filter(kind="turn", attempts=1).exists())
        row = Notification.objects.get(kind="turn")
        for minute in range(5, 6 * 60, 5):  # six hours of beat, every five minutes
            now = t0 + datetime.timedelta(minutes=minute)
            traveller.move_to(now)
            before = Notification.objects.get(pk=row.pk)
            relay_outbox.delay()
            if before.due_at <= now:
                assert wait_until(lambda a=before.attempts: Notification.objects.get(pk=row.pk).attempts > a)
        row.refresh_from_db()
        assert row.status == "pending" and row.attempts > 20, (row.status, row.attempts)
        assert smtp_server.messages == []

        smtp_server.controller = Controller(smtp_server, hostname="127.0.0.1", port=smtp_server.port)
        smtp_server.controller.start()  # the mail server is back, on the same port
        traveller.move_to(t0 + datetime.timedelta(hours=7))
        relay_outbox.delay()
        assert wait_until(lambda: Notification.objects.get(pk=row.pk).status == "sent")
        for pk in Notification.objects.values_list("pk", flat=True):  # stray redeliveries change nothing
            deliver_notification.delay(pk)
        relay_outbox.delay()
        assert settle(smtp_server) == 1
    game.refresh_from_db()
    assert [r for r, _m in smtp_server.messages] == [[game.to_move_user.email]]
