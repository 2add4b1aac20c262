"""Celery tasks of the notifications app (JSON arguments: ids only).

- ``deliver_notification(id)``: sends one outbox row exactly once (``outbox.deliver``); ``acks_late``,
  retried with exponential backoff on a mail error (capped at 10 minutes: no long countdowns, which
  Redis would redeliver after its visibility timeout).
- ``relay_outbox`` (beat, every minute): re-enqueues rows still pending, and digests come due.
- ``scan_clocks`` (beat, every minute): enqueues ``process_clock`` for each game whose indexed
  ``next_check_at`` has passed (reminder points, deadlines, taken-over seats); the cost grows with the
  number of due games, not the number of games.
"""

import logging
import smtplib

from celery import shared_task
from django.conf import settings
from django.db.models import Q
from django.utils import timezone

from . import outbox, timeouts
from .models import TimeControl

logger = logging.getLogger(__name__)


@shared_task(
    name="notifications.deliver",
    bind=True,
    acks_late=True,
    reject_on_worker_lost=True,
    ignore_result=True,
    max_retries=8,
)
def deliver_notification(self, notification_id):
    try:
        return outbox.deliver(notification_id)
    except (smtplib.SMTPException, OSError) as exc:
        outbox.record_failure(notification_id, exc)
        if self.request.is_eager:
            logger.warning("notification %s not sent (%s); the relay will retry", notification_id, exc)
            return None
        countdown = min(600, 5 * 2**self.request.retries)
        raise self.retry(exc=exc, countdown=countdown) from exc


@shared_task(name="notifications.relay_outbox", ignore_result=True)
def relay_outbox():
    count = outbox.relay()
    if count >= settings.NOTIFY_SCAN_BATCH and not relay_outbox.app.conf.task_always_eager:
        publish_many(relay_outbox, [()])  # a backlog (after an outage): the next batch now
    return count


@shared_task(name="notifications.process_clock", acks_late=True, ignore_result=True)
def process_clock(game_id):
    return timeouts.process(game_id)


def publish(task, args):
    """Enqueue ``task(*args)`` now or fail fast (see ``publish_many``); raises on a broker error."""
    if publish_many(task, [args]):
        raise ConnectionError(f"could not enqueue {task.name}{tuple(args)!r}")


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


def enqueue_clock(game_id):
    """Enqueue ``process_clock`` for one game; a broker error leaves it to the next scan."""
    enqueue_clocks([game_id])


def enqueue_clocks(game_ids):
    failed = publish_many(process_clock, [(game_id,) for game_id in game_ids])
    if failed:
        TimeControl.objects.filter(game_id__in=[args[0] for args in failed]).update(enqueued_at=None)


def due_clocks(now, limit):
    """Game ids whose next check has come and that were not enqueued recently, the most overdue first."""
    stale = now - settings.NOTIFY_RELAY_AFTER
    return list(
        TimeControl.objects.filter(next_check_at__lte=now)
        .filter(Q(enqueued_at__isnull=True) | Q(enqueued_at__lt=stale))
        .order_by("next_check_at")
        .values_list("game_id", flat=True)[:limit]
    )


@shared_task(name="notifications.scan_clocks", ignore_result=True)
def scan_clocks(limit=None):
    now = timezone.now()
    ids = due_clocks(now, limit or settings.NOTIFY_SCAN_BATCH)
    if not ids:
        return 0
    TimeControl.objects.filter(game_id__in=ids).update(enqueued_at=now)
    enqueue_clocks(ids)
    if len(ids) == (limit or settings.NOTIFY_SCAN_BATCH) and not scan_clocks.app.conf.task_always_eager:
        publish_many(scan_clocks, [()])  # a backlog: the next batch now, not in a minute
    return len(ids)
