"""Redis down (the cache and the Celery broker of a deployment with REDIS_URL): decisions, the sign-in form,
the token endpoint and page writes go on (the throttles and allauth's limits count in the process
meanwhile, and still hold), a warning is logged once, and Redis is used again as soon as it answers.
The test runs a redis-server of its own on a free port (never the machine's)."""

import logging
import time

import pytest
from django.core.cache import cache
from django.test import Client

from guildhall_site import cache as resilient
from guildhall_site.celery import app
from tests.games.conftest import RedisServer, celery_broker, require_redis_binary
from tests.games.helpers import choose, started_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def redis_cache(settings):
    require_redis_binary()
    server = RedisServer()
    server.start()
    settings.CACHES = {
        "default": {
            "BACKEND": "guildhall_site.cache.ResilientRedisCache",
            "LOCATION": server.url,
            "KEY_PREFIX": "outage-test",
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1, "OUTAGE_RETRY_SECONDS": 1},
        }
    }
    resilient._outages.clear()
    with celery_broker(server.url):
        app.conf.task_always_eager = False  # after-commit work goes to the (dead) broker, as in production
        yield server
    server.stop()
    resilient._outages.clear()


def _decide(client, game):
    seat, decision = choose(game)
    return client.post(
        f"/api/v1/games/{game.pk}/decisions/", {"expected_seq": game.seq, "decision": decision}, format="json"
    ), seat


def test_with_redis_down_decisions_and_signing_in_go_on(redis_cache, make_user, api_client_for, settings, caplog):
    settings.GUILDHALL_WRITE_THROTTLE_RATE = "300/min"  # the throttle reads and writes the cache
    alice, bob = make_user(), make_user()
    game = started_game([alice, bob])
    clients = {alice.pk: api_client_for(alice), bob.pk: api_client_for(bob)}
    for client in clients.values():
        client.raise_request_exception = False
    cache.set("probe", 1)
    assert cache.get("probe") == 1 and not cache.redis_down

    redis_cache.stop()
    caplog.set_level(logging.WARNING, logger="guildhall_site.cache")
    started = time.monotonic()
    for _i in range(12):
        game.refresh_from_db()
        seat, _d = choose(game)
        response, _seat = _decide(clients[seat.user_id], game)
        assert response.status_code == 201, response.content
    assert time.monotonic() - started < 30, "a decision waited for Redis"
    game.refresh_from_db()
    assert game.seq == 12

    browser = Client(raise_request_exception=False)
    signed_in = browser.post("/accounts/login/", {"login": alice.username, "password": alice.raw_password})
    assert signed_in.status_code == 302
    token = Client(raise_request_exception=False).post(
        "/api/v1/auth/token/", {"username": bob.username, "password": bob.raw_password},
        content_type="application/json",
    )
    assert token.status_code == 200 and token.json()["token"]
    seat, decision = choose(game)
    page = Client(raise_request_exception=False)
    page.force_login(seat.user)
    import json

    decided = page.post(f"/games/{game.pk}/decide/", {"expected_seq": game.seq, "decision": json.dumps(decision)})
    assert decided.status_code == 302
    game.refresh_from_db()
    assert game.seq == 13

    # The lockout still counts (in this process) while Redis is away.
    guesses = [
        Client(raise_request_exception=False).post(
            "/api/v1/auth/token/", {"username": alice.username, "password": "wrong"}, content_type="application/json"
        ).status_code
        for _i in range(7)
    ]
    assert guesses[:5] == [400] * 5 and guesses[5:] == [429, 429]
    warnings = [r for r in caplog.records if "unreachable" in r.getMessage()]
    assert len(warnings) == 1, "logged once per outage, not once per request"

    redis_cache.start()  # the same port: back
    time.sleep(1.2)  # OUTAGE_RETRY_SECONDS
    cache.set("probe", 2)
    assert not cache.redis_down
    import redis

    raw = redis.Redis.from_url(redis_cache.url)
    assert any(b"probe" in key for key in raw.keys("outage-test:*"))
