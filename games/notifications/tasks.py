"""Celery tasks of the notifications app (JSON arguments: ids only).

- ``deliver_notification(id)``: sends one outbox row exactly once (``outbox.deliver``); ``acks_late``,
  retried with exponential backoff on a mail error (capped at 10 minutes: no long countdowns, which
  Redis would redeliver after its visibility timeout).
- ``relay_outbox`` (beat, every minute): re-enqueues rows still pending, and digests come due.
"""

import logging
import smtplib

from celery import shared_task
from django.conf import settings

from guildhall_site.celery import publish_many

from . import outbox

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
