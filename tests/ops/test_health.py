"""/healthz and /readyz: JSON, 200 or 503 with the failing part named, nothing secret."""

import datetime

import pytest
from django.utils import timezone

from games.notifications.models import Notification
from ops import health

pytestmark = pytest.mark.django_db


def test_healthz_answers_without_the_database_or_the_host_check(client, settings, django_assert_num_queries):
    settings.ALLOWED_HOSTS = ["guildhall.example"]  # a load balancer asks by address
    with django_assert_num_queries(0):
        response = client.get("/healthz", HTTP_HOST="10.0.0.5:8000")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


def test_readyz_reports_each_part(client, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = True
    response = client.get("/readyz")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["status"] == "ok" and body["failing"] == []
    expected = {"database", "outbox"} | ({"redis"} if settings.REDIS_URL else set())
    assert set(body["checks"]) == expected
    assert body["checks"]["outbox"]["pending"] == 0


def test_a_stuck_outbox_is_named(client, settings, make_user):
    settings.CELERY_TASK_ALWAYS_EAGER = True
    settings.OPS_OUTBOX_STUCK_AFTER = 600
    user = make_user()
    Notification.objects.create(
        user=user, kind=Notification.Kind.DIGEST, due_at=timezone.now() - datetime.timedelta(minutes=11)
    )
    response = client.get("/readyz")
    assert response.status_code == 503
    body = response.json()
    assert body["failing"] == ["outbox"]
    assert body["checks"]["outbox"]["pending"] == 1
    assert body["checks"]["outbox"]["oldest_age_seconds"] >= 660
    # The load balancer's question leaves the outbox out: one stuck relay must not empty the pool.
    assert client.get("/readyz?for=routing").status_code == 200


def test_beat_and_worker_are_checked_when_tasks_go_to_a_broker(client, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    from django.core.cache import cache

    cache.delete_many([health.BEAT_KEY, health.WORKER_KEY])
    response = client.get("/readyz")
    assert response.status_code == 503
    assert response.json()["failing"] == ["beat", "worker"]
    health.record_beat()
    health.record_worker_heartbeat()
    response = client.get("/readyz")
    assert response.status_code == 200, response.content
    assert response.json()["checks"]["worker"]["age_seconds"] < 5


def test_an_unreachable_redis_is_named_without_its_address(client, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = True
    settings.REDIS_URL = "redis://:secret-password@127.0.0.1:1/0"
    health.forget_clients()
    try:
        response = client.get("/readyz")
    finally:
        health.forget_clients()
    assert response.status_code == 503
    assert response.json()["failing"] == ["redis"]
    assert b"secret-password" not in response.content and b"127.0.0.1" not in response.content


def test_with_redis_down_the_routing_check_passes_and_the_alerting_one_fails(client, settings):
    """The site serves without Redis (the cache falls back to memory): the load balancer's question asks
    only for the database, so a Redis outage does not take every app server out of service; the full
    report, for alerting, names Redis."""
    settings.CELERY_TASK_ALWAYS_EAGER = True
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens there
    health.forget_clients()
    try:
        routing, alerting = client.get("/readyz?for=routing"), client.get("/readyz")
    finally:
        health.forget_clients()
    assert routing.status_code == 200, routing.content
    assert set(routing.json()["checks"]) == {"database"}
    assert alerting.status_code == 503 and alerting.json()["failing"] == ["redis"]
