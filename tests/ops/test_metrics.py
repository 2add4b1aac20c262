"""/metrics in the Prometheus text format, read back with prometheus_client's own parser."""

import datetime
import json
import os
import random
import subprocess
import sys

import pytest
import time_machine
from django.conf import settings as django_settings
from prometheus_client.parser import text_string_to_metric_families

from games import cache as state_cache
from games import services
from games.clock.deadlines import set_time_limit
from games.clock.tasks import process_clock
from games.models import Game, LogEntry
from games.notifications.models import Notification
from games.rules import rules_of
from ops.cache import MeteredResilientRedisCache

pytestmark = pytest.mark.django_db


def scrape(client, **extra):
    response = client.get("/metrics", **extra)
    assert response.status_code == 200, response.content
    assert response["Content-Type"].startswith("text/plain; version=0.0.4")
    return samples(response.content.decode())


def samples(text):
    """{(name, (label pairs sorted)): value} of every sample."""
    found = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            found[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return found


def value(found, name, **labels):
    return found.get((name, tuple(sorted(labels.items()))), 0.0)


def _decide(api, game, user, **headers):
    game.refresh_from_db()
    seat = game.seats.get(user=user)
    state = state_cache.load_state(game)
    decision = rules_of(game).bots.choose(state, seat.position, kind="random", rng=random.Random(game.seq))
    return api.post(f"/api/v1/games/{game.pk}/decisions/", {"expected_seq": game.seq, "decision": decision},
                    format="json", **headers)


@pytest.mark.postgres  # real commits of log entries: emptying the append-only log after them takes TRUNCATE
@pytest.mark.django_db(transaction=True)  # real commits: the counters run inside the request, as they do live
def test_requests_decisions_conflicts_and_emails_are_counted(client, make_user, api_client_for):
    alice, bob = make_user(), make_user()
    before = scrape(client)
    game = services.create_game(alice, seats=2)
    services.join(game.pk, bob)
    api_decisions = 0
    for _ in range(12):  # through the API, whoever is to move
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        mover = alice if game.to_move_user_id == alice.pk else bob
        response = _decide(api_client_for(mover), game, mover)
        assert response.status_code == 201, response.content
        api_decisions += 1
    # A stale decision: refused with 409, counted as a conflict.
    game.refresh_from_db()
    mover = alice if game.to_move_user_id == alice.pk else bob
    stale = api_client_for(mover).post(f"/api/v1/games/{game.pk}/decisions/",
                                       {"expected_seq": game.seq - 1, "decision": {"type": "pass"}}, format="json")
    assert stale.status_code == 409
    # One through the table's form, as a browser sends it.
    client.force_login(mover)
    seat = game.seats.get(user=mover)
    state = state_cache.load_state(game)
    decision = rules_of(game).bots.choose(state, seat.position, kind="random", rng=random.Random(1))
    page = client.post(f"/games/{game.pk}/decide/", {"expected_seq": game.seq, "decision": json.dumps(decision)})
    assert page.status_code in (200, 302)
    game.refresh_from_db()
    # The same form from a page the game has left behind: refused, and counted as the page's.
    behind = client.post(f"/games/{game.pk}/decide/", {"expected_seq": game.seq - 1, "decision": json.dumps(decision)})
    assert behind.status_code in (200, 302)
    client.logout()
    after = scrape(client)

    def delta(name, **labels):
        return value(after, name, **labels) - value(before, name, **labels)

    assert delta("guildhall_decisions_total", source="api") == api_decisions
    assert delta("guildhall_decisions_total", source="page") == 1
    assert game.seq == api_decisions + 1
    assert delta("guildhall_stale_seq_total", source="api") == 1
    assert delta("guildhall_stale_seq_total", source="page") == 1
    assert delta("guildhall_http_requests_total", view="game-decisions", status="201") == api_decisions
    assert delta("guildhall_http_requests_total", view="game-decisions", status="409") == 1
    assert delta("guildhall_http_request_duration_seconds_count", view="game-decisions") == api_decisions + 1
    assert delta("guildhall_http_request_duration_seconds_bucket", view="game-decisions", le="+Inf") == (
        api_decisions + 1
    )
    sent = Notification.objects.filter(status=Notification.Status.SENT).exclude(kind=Notification.Kind.TURN_PUSH)
    assert sent.count() >= 1  # the turn emails of a two-person game
    assert delta("guildhall_notifications_total", channel="email", outcome="sent") == sent.count()
    assert delta("guildhall_celery_tasks_total", task="notifications.deliver", outcome="success") >= sent.count()
    assert value(after, "guildhall_outbox_pending") == 0


@pytest.mark.postgres  # real commits of log entries: emptying the append-only log after them takes TRUNCATE
@pytest.mark.django_db(transaction=True)
def test_bot_and_clock_decisions_are_counted_by_source(client, make_user):
    alice = make_user()
    before = scrape(client)
    t0 = datetime.datetime(2030, 1, 1, tzinfo=datetime.UTC)
    with time_machine.travel(t0, tick=False) as traveller:
        game = services.create_game(alice, seats=2, bots=1)  # the bot moves in-process when it is to move
        game.refresh_from_db()
        assert game.to_move_user_id == alice.pk
        bot_decisions = game.seq
        set_time_limit(game, datetime.timedelta(hours=1))
        traveller.move_to(t0 + datetime.timedelta(hours=2))
        process_clock.apply((game.pk,))  # as the worker runs it: the timed-out turn, then the bot again
        game.refresh_from_db()
    after = scrape(client)

    by_timeout = LogEntry.objects.filter(game=game, by=LogEntry.By.TIMEOUT).count()
    assert by_timeout >= 1
    def delta(name, **labels):
        return value(after, name, **labels) - value(before, name, **labels)

    assert delta("guildhall_decisions_total", source="clock") == by_timeout
    bots = delta("guildhall_decisions_total", source="bot")
    assert bots == game.seq - by_timeout >= bot_decisions
    assert delta("guildhall_bot_decision_seconds_count") == bots
    assert delta("guildhall_celery_tasks_total", task="clock.process_clock", outcome="success") == 1


def test_cache_fallbacks_are_counted(client):
    before = scrape(client)
    cache = MeteredResilientRedisCache("redis://127.0.0.1:1/0", {"OPTIONS": {"socket_connect_timeout": 0.2}})
    cache.set("k", 1)
    assert cache.get("k") == 1  # from the fallback
    after = scrape(client)
    for op in ("set", "get"):
        assert value(after, "guildhall_cache_fallbacks_total", operation=op) - value(
            before, "guildhall_cache_fallbacks_total", operation=op) == 1


def test_live_connections_are_counted_while_open(client, settings):
    import asyncio

    from channels.testing import WebsocketCommunicator

    from guildhall_site.asgi import application  # the site's own: wrapped in ops.live.CountLiveConnections

    async def run():
        socket = WebsocketCommunicator(application, "/ws/live/", headers=[(b"origin", b"http://testserver")])
        connected, _ = await socket.connect()
        assert connected
        during = samples_now()
        await socket.disconnect()
        return during

    from ops import metrics

    def samples_now():
        return samples(metrics.scrape().decode())

    before = samples_now()
    during = asyncio.run(run())
    after = samples_now()
    assert value(during, "guildhall_live_connections") == value(before, "guildhall_live_connections") + 1
    assert value(after, "guildhall_live_connections") == value(before, "guildhall_live_connections")


@pytest.mark.parametrize(
    "headers, allowed",
    [
        ({"REMOTE_ADDR": "203.0.113.9"}, False),
        ({"REMOTE_ADDR": "203.0.113.9", "HTTP_AUTHORIZATION": "Bearer s3cret-token"}, True),
        ({"REMOTE_ADDR": "203.0.113.9", "HTTP_AUTHORIZATION": "Bearer wrong"}, False),
        ({"REMOTE_ADDR": "127.0.0.1"}, True),
        ({"REMOTE_ADDR": "127.0.0.1", "HTTP_X_FORWARDED_FOR": "203.0.113.9"}, False),  # through the proxy
    ],
)
def test_metrics_need_the_token_or_an_allowed_direct_address(client, settings, headers, allowed):
    settings.OPS_METRICS_TOKEN = "s3cret-token"
    settings.OPS_METRICS_ALLOWED_NETWORKS = ["127.0.0.1/32", "::1/128"]
    response = client.get("/metrics", **headers)
    assert response.status_code == (200 if allowed else 403)


SCRIPT = """
import sys, django
django.setup()
from ops import metrics
if sys.argv[1] == "count":
    metrics.DECISIONS.labels("api").inc(int(sys.argv[2]))
else:
    sys.stdout.write(metrics.scrape().decode())
"""


def test_multiprocess_mode_adds_up_every_process(tmp_path):
    """Several processes (app servers, workers) on one machine: a scrape of any of them sums them all."""
    env = {
        **os.environ,
        "PROMETHEUS_MULTIPROC_DIR": str(tmp_path / "metrics"),
        "DJANGO_SETTINGS_MODULE": "guildhall_site.settings",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'none.sqlite3'}",  # no tables: the outbox gauges are left out
    }
    os.mkdir(env["PROMETHEUS_MULTIPROC_DIR"])
    for count in (2, 3):
        subprocess.run([sys.executable, "-c", SCRIPT, "count", str(count)], env=env, check=True,
                       cwd=django_settings.BASE_DIR)
    text = subprocess.run([sys.executable, "-c", SCRIPT, "scrape"], env=env, check=True, capture_output=True,
                          text=True, cwd=django_settings.BASE_DIR).stdout
    assert value(samples(text), "guildhall_decisions_total", source="api") == 5


def test_a_batched_set_many_that_falls_back_is_counted(client):
    """The decision's snapshot goes out in the thread's Redis batch (guildhall_site.redis_batch): when that
    round trip fails, the fallback that takes the keys is counted like any other."""
    from guildhall_site import redis_batch

    before = scrape(client)
    cache = MeteredResilientRedisCache("redis://127.0.0.1:1/0", {"OPTIONS": {"socket_connect_timeout": 0.2}})
    with redis_batch.batched():
        cache.set_many({"a": 1, "b": 2})
    assert cache.get_many(["a", "b"]) == {"a": 1, "b": 2}  # from the fallback
    after = scrape(client)
    assert value(after, "guildhall_cache_fallbacks_total", operation="set_many") - value(
        before, "guildhall_cache_fallbacks_total", operation="set_many") == 1
