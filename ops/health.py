"""Liveness and readiness.

``/healthz``: the process answers (no dependency is asked). ``/readyz``: each part the site needs, as JSON:

- ``database``: ``SELECT 1``;
- ``redis`` (when ``REDIS_URL`` is set): ``PING`` with a one-second timeout;
- ``outbox``: the oldest pending, due notification is younger than ``OPS_OUTBOX_STUCK_AFTER`` (the relay
  runs every minute and retries with a back-off that moves ``due_at`` forward, so a due row that old
  means nobody is relaying);
- ``beat``: the beat published its last periodic task within ``OPS_BEAT_STALE_AFTER``;
- ``worker``: some worker's heartbeat (every ``OPS_WORKER_HEARTBEAT_SECONDS``) within
  ``OPS_WORKER_STALE_AFTER``.

``beat`` and ``worker`` are checked only where tasks go to a broker (not ``CELERY_TASK_ALWAYS_EAGER``).
The answer is 200 when every part checked is well, else 503 with the failing parts in ``failing``. No
address, URL or error message is shown: only the error's class.

Two questions, for two readers:

- ``/readyz?for=routing``: may this app server be sent requests? Only what a request needs: the database
  (``ROUTING_PARTS``). Not Redis: without it the site serves (the cache falls back to each process's
  memory, emails wait in the outbox), and Redis is one server for the whole site, so a check on it would
  take every app server out of service at once. Not the beat, the workers or the outbox either, for the
  same reason. This is what a load balancer asks.
- ``/readyz``: is the whole site well? Every part; what monitoring alerts on.

``?only=database,redis`` checks the parts named.
"""

import threading
import time

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.utils import timezone

BEAT_KEY = "ops:beat:last-publish"
WORKER_KEY = "ops:worker:last-heartbeat"
PARTS = ("database", "redis", "outbox", "beat", "worker")
# What one request needs, for the load balancer's question (``?for=routing``).
ROUTING_PARTS = ("database",)

_redis_clients = {}
_redis_lock = threading.Lock()


def _redis():
    """One client (and its connection pool) per URL for the process: a poll costs one PING, no connect."""
    url = settings.REDIS_URL
    with _redis_lock:
        client = _redis_clients.get(url)
        if client is None:
            import redis

            client = _redis_clients[url] = redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1)
        return client


def forget_clients():
    with _redis_lock:
        _redis_clients.clear()


def _timed(fn):
    started = time.monotonic()
    try:
        extra = fn() or {}
    except Exception as exc:  # any failure of a dependency is that part's failure
        return {"ok": False, "error": type(exc).__name__, "ms": _ms(started)}
    return {"ok": extra.pop("ok", True), **extra, "ms": _ms(started)}


def _ms(started):
    return round((time.monotonic() - started) * 1000, 1)


def check_database():
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


def check_redis():
    _redis().ping()


def outbox_backlog():
    """(rows pending and due, age in seconds of the oldest of them: 0 when none)."""
    from games.notifications.models import Notification

    now = timezone.now()
    due = Notification.objects.filter(status=Notification.Status.PENDING, due_at__lte=now)
    oldest = due.order_by("due_at").values_list("due_at", flat=True).first()
    if oldest is None:
        return 0, 0.0
    return due.count(), round((now - oldest).total_seconds(), 1)


def check_outbox():
    pending, age = outbox_backlog()
    return {"ok": age <= settings.OPS_OUTBOX_STUCK_AFTER, "pending": pending, "oldest_age_seconds": age}


def _age_of(key, limit):
    last = cache.get(key)
    if last is None:
        return {"ok": False, "age_seconds": None}
    age = round(max(0.0, time.time() - float(last)), 1)
    return {"ok": age <= limit, "age_seconds": age}


def check_beat():
    return _age_of(BEAT_KEY, settings.OPS_BEAT_STALE_AFTER)


def check_worker():
    return _age_of(WORKER_KEY, settings.OPS_WORKER_STALE_AFTER)


def record_beat():
    cache.set(BEAT_KEY, time.time(), timeout=24 * 3600)


def record_worker_heartbeat():
    cache.set(WORKER_KEY, time.time(), timeout=24 * 3600)


_CHECKS = {
    "database": check_database,
    "redis": check_redis,
    "outbox": check_outbox,
    "beat": check_beat,
    "worker": check_worker,
}


def applicable_parts():
    parts = ["database"]
    if settings.REDIS_URL:
        parts.append("redis")
    parts.append("outbox")
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        parts += ["beat", "worker"]
    return parts


def readiness(only=None):
    """(all well, the report): ``only`` limits the parts checked (unknown names are ignored)."""
    parts = applicable_parts()
    if only:
        parts = [p for p in parts if p in only]
    checks = {}
    for part in parts:
        # The database part first: a failing database makes the outbox's check fail as well, named so.
        if part == "outbox" and checks.get("database", {}).get("ok") is False:
            checks[part] = {"ok": False, "error": "database unavailable"}
            continue
        checks[part] = _timed(_CHECKS[part])
    failing = [part for part, result in checks.items() if not result["ok"]]
    return not failing, {"status": "ok" if not failing else "failing", "failing": failing, "checks": checks}
