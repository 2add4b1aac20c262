"""The queue of the outbox: publishing rows' ids to Celery, and the tasks that run them (JSON
arguments: ids only).

- ``enqueue_new(game_id)`` (after the commit of the decision that wrote rows), ``enqueue_keyed`` (after
  the commit of a feature's ``outbox.enqueue``) and ``relay`` publish
  pending rows, over one connection, failing fast: with the broker down the rows stay pending with
  ``enqueued_at`` NULL and the relay publishes them later.
- ``deliver_notification(id)``: sends one outbox row exactly once (``delivery.deliver``); ``acks_late``.
  On a mail error the row itself says when to try again (``delivery.record_failure``: backoff, for as
  long as the email is relevant) and the relay enqueues it then: one retry mechanism, with no limit on
  the number of attempts and no long countdown in Redis.
- ``relay_outbox`` (beat, every minute): re-enqueues rows still pending, and digests come due.
"""

import logging
import smtplib

from celery import shared_task
from django.conf import settings
from django.db.models import Q
from django.utils import timezone

from guildhall_site.celery import publish_many

from . import delivery
from .models import Notification

logger = logging.getLogger(__name__)


@shared_task(name="notifications.deliver", acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def deliver_notification(notification_id):
    try:
        return delivery.deliver(notification_id)
    except (smtplib.SMTPException, OSError) as exc:
        row = delivery.record_failure(notification_id, exc)
        if row is not None and row.status == row.Status.FAILED:
            logger.error("notification %s refused for good: %s", notification_id, exc)
        elif row is not None:
            logger.warning("notification %s not sent (%s); trying again after %s", notification_id, exc, row.due_at)
        return None


@shared_task(name="notifications.relay_outbox", ignore_result=True)
def relay_outbox():
    count = relay()
    if count >= settings.NOTIFY_SCAN_BATCH and not relay_outbox.app.conf.task_always_eager:
        publish_many(relay_outbox, [()])  # a backlog (after an outage): the next batch now
    return count


def enqueue_new(game_id):
    """After commit: enqueue the game's pending rows that were never enqueued."""
    now = timezone.now()
    ids = list(
        Notification.objects.filter(
            game_id=game_id, status=Notification.Status.PENDING, enqueued_at__isnull=True, due_at__lte=now
        ).values_list("pk", flat=True)
    )
    _enqueue(ids, now)


def enqueue_keyed(user_id, kind, key):
    """After commit: enqueue the row of (user, kind, key) (outbox.enqueue) if it is due and was never
    enqueued."""
    now = timezone.now()
    ids = list(
        Notification.objects.filter(
            user_id=user_id, kind=kind, key=key, status=Notification.Status.PENDING, enqueued_at__isnull=True,
            due_at__lte=now,
        ).values_list("pk", flat=True)
    )
    _enqueue(ids, now)


def relay(now=None, limit=None):
    """Re-enqueue rows still pending (never enqueued, or enqueued long ago), oldest due first."""
    now = now or timezone.now()
    limit = limit or settings.NOTIFY_SCAN_BATCH
    stale = now - settings.NOTIFY_RELAY_AFTER
    ids = list(
        Notification.objects.filter(status=Notification.Status.PENDING, due_at__lte=now)
        .filter(Q(enqueued_at__isnull=True) | Q(enqueued_at__lt=stale))
        .order_by("due_at")
        .values_list("pk", flat=True)[:limit]
    )
    return _enqueue(ids, now)


def _enqueue(ids, now):
    if not ids:
        return 0
    Notification.objects.filter(pk__in=ids).update(enqueued_at=now)
    failed = [args[0] for args in publish_many(deliver_notification, [(pk,) for pk in ids])]
    if failed:  # broker down: the relay will pick these rows up again
        Notification.objects.filter(pk__in=failed, status=Notification.Status.PENDING).update(enqueued_at=None)
    return len(ids) - len(failed)
