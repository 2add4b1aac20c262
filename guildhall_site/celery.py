"""The Celery application.

Workers: ``celery -A guildhall_site worker``; beat: ``celery -A guildhall_site beat``.

Without REDIS_URL, settings make every task run in-process (CELERY_TASK_ALWAYS_EAGER).

Every task retries by itself when the database or the broker fails for a moment (``SiteTask``): task
modules need nothing of their own for it.
"""

import logging
import os

import kombu.exceptions
import redis.exceptions
from celery import Celery, Task
from celery.signals import setup_logging
from django import db

logger = logging.getLogger(__name__)

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "guildhall_site.settings")

# Errors that pass: the database dropped the connection or restarts (OperationalError; InterfaceError for a
# connection already closed), the broker or the cache does not answer for a moment.
TRANSIENT_ERRORS = (
    db.OperationalError,
    db.InterfaceError,
    kombu.exceptions.OperationalError,
    redis.exceptions.ConnectionError,
    redis.exceptions.TimeoutError,
)


class SiteTask(Task):
    """The base of every task of the site (``shared_task`` uses the app's): a task that fails on a
    transient error is tried again after a growing, jittered delay (about 1, 2, 4 ... s, at most a minute;
    eight times, over about four minutes), instead of waiting for a beat's sweep (stalled bots: a minute or
    more) or being lost. Every task may run twice: they are written to be (late acks redeliver them too).
    Each retry is a new message on the broker; the worker's line for the failed run says ``retry``. Celery
    closes a connection that is no longer usable before each run, so the retry gets a fresh one."""

    autoretry_for = TRANSIENT_ERRORS
    retry_backoff = 1
    retry_backoff_max = 60
    retry_jitter = True
    max_retries = 8


app = Celery("guildhall", task_cls=SiteTask)
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
