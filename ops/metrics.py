"""The site's Prometheus metrics (prometheus_client) and their scrape.

Processes: an app server, each Celery worker process and the beat count in their own memory. With
``PROMETHEUS_MULTIPROC_DIR`` set (deploy/guildhall.env does), prometheus_client's multiprocess mode keeps
every process's values in files of that directory, and a scrape of any app server on the machine adds them
up: the counters of the worker and the beat on that machine included. The directory must be emptied when
the services (re)start (the systemd units do). Machines are scraped one by one and summed in Prometheus
(``sum by (view) (rate(guildhall_http_requests_total[5m]))``): the standard way, with no extra round trip
to Redis or the database on each request, and counts that survive a Redis outage.
Without the variable (``make run``, the tests) the values live in the one process.

The outbox's gauges are read from the database at scrape time (``OutboxCollector``): every app server
reports the same value, so take ``max`` across them, not ``sum``.
"""

import os

# The directory exists while the services run (their units' RuntimeDirectory); a command run with the same
# environment while they are stopped (migrate, collectstatic, replay_games before the first start) would
# stop with FileNotFoundError at its first counter. Its counts stay in its own memory instead: they are
# nothing to scrape. prometheus_client reads the variable when it is first imported, just below.
_shared = os.environ.get("PROMETHEUS_MULTIPROC_DIR") or os.environ.get("prometheus_multiproc_dir")
if _shared and not os.path.isdir(_shared):
    os.environ.pop("PROMETHEUS_MULTIPROC_DIR", None)
    os.environ.pop("prometheus_multiproc_dir", None)

from prometheus_client import (  # noqa: E402
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily  # noqa: E402
from prometheus_client.multiprocess import MultiProcessCollector  # noqa: E402
from prometheus_client.registry import REGISTRY  # noqa: E402

# The *_created series (each counter's start time) double the lines and serve no panel of ours.
disable_created_metrics()

REQUESTS = Counter(
    "guildhall_http_requests_total", "HTTP requests answered, by view (URL name) and status.", ["view", "status"]
)
REQUEST_SECONDS = Histogram(
    "guildhall_http_request_duration_seconds",
    "Time from the request reaching Django to its response, by view.",
    ["view"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
)
DECISIONS = Counter(
    "guildhall_decisions_total", "Decisions committed to game logs, by where they came from.", ["source"]
)
STALE_SEQ = Counter(
    "guildhall_stale_seq_total", "Decisions refused because the game had moved on (409 stale_seq).", ["source"]
)
BOT_DECISION_SECONDS = Histogram(
    "guildhall_bot_decision_seconds",
    "A bot runner's step: from its previous commit (or the task's start) to this decision's commit, the bot's "
    "choice and its append together.",
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0),
)
NOTIFICATIONS = Counter(
    "guildhall_notifications_total",
    "Delivery outcomes of the outbox: channel email or push; outcome sent, failed (an attempt; it is tried "
    "again unless the row is given up) or skipped.",
    ["channel", "outcome"],
)
LIVE_CONNECTIONS = Gauge(
    "guildhall_live_connections", "Open live-table WebSockets.", multiprocess_mode="livesum"
)
TASKS = Counter(
    "guildhall_celery_tasks_total", "Celery tasks finished, by task and outcome.", ["task", "outcome"]
)
TASK_SECONDS = Histogram(
    "guildhall_celery_task_duration_seconds",
    "Run time of Celery tasks, by task.",
    ["task"],
    buckets=(0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0),
)
CACHE_FALLBACKS = Counter(
    "guildhall_cache_fallbacks_total",
    "Cache operations served by the in-process fallback because Redis did not answer.",
    ["operation"],
)


class OutboxCollector:
    """The outbox at scrape time: rows pending and due, and the age of the oldest (the relay's partial
    index on due_at makes both cheap)."""

    def collect(self):
        from . import health

        try:
            pending, oldest = health.outbox_backlog()
        except Exception:  # the database down: /readyz says so; the other metrics still go out
            return
        yield GaugeMetricFamily("guildhall_outbox_pending", "Outbox rows pending and due.", value=pending)
        yield GaugeMetricFamily(
            "guildhall_outbox_oldest_pending_age_seconds",
            "Age of the oldest pending, due outbox row (0 when none).",
            value=oldest,
        )


class _ThisProcess:
    def collect(self):
        return REGISTRY.collect()


def multiprocess():
    return bool(os.environ.get("PROMETHEUS_MULTIPROC_DIR"))


def scrape():
    """The text format of every metric: all processes' on this machine in multiprocess mode."""
    registry = CollectorRegistry(auto_describe=False)
    if multiprocess():
        MultiProcessCollector(registry)
    else:
        registry.register(_ThisProcess())
    registry.register(OutboxCollector())
    return generate_latest(registry)
