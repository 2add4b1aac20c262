"""The Celery application.

Workers: ``celery -A guildhall_site worker``; beat: ``celery -A guildhall_site beat``.

Without REDIS_URL, settings make every task run in-process (CELERY_TASK_ALWAYS_EAGER).
"""

import logging
import os

from celery import Celery
from celery.signals import setup_logging

logger = logging.getLogger(__name__)

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "guildhall_site.settings")

app = Celery("guildhall")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@setup_logging.connect
def _django_logging(**kwargs):
    """Workers and the beat log as the site does (settings.LOGGING, JSON lines in production, with each
    task's request id) instead of Celery's own format: Django has configured logging already, and a
    receiver of this signal keeps Celery from configuring it again."""


def publish_many(task, arglists):
    """Enqueue ``task(*args)`` for each of ``arglists`` over one connection, failing fast: one
    connection attempt, no retries. The callers run after a decision's commit or in a beat scan; with
    the broker down they leave the work to the next scan (the outbox relay, the clock scan) instead of
    holding a request for seconds of kombu's default retries. Returns the arglists not enqueued."""
    app = task.app
    if app.conf.task_always_eager:  # in-process: a failure must not reach the request that moved
        failed = []
        for args in arglists:
            try:
                task.apply_async(args)
            except Exception:
                logger.exception("%s%r failed in-process", task.name, tuple(args))
                failed.append(args)
        return failed
    done = 0
    try:
        with app.pool.acquire(block=True, timeout=5) as connection:
            connection.ensure_connection(max_retries=1, interval_start=0, interval_step=0, timeout=2)
            with app.producer_or_acquire(app.amqp.Producer(connection)) as producer:
                for args in arglists:
                    task.apply_async(args, producer=producer, retry=False)
                    done += 1
    except Exception:
        logger.warning("could not enqueue %s (%s of %s done)", task.name, done, len(arglists), exc_info=True)
    return list(arglists[done:])
