"""Celery tasks of the notifications app (JSON arguments: ids only).

- ``deliver_notification(id)``: sends one outbox row exactly once (``outbox.deliver``); ``acks_late``.
  On a mail error the row itself says when to try again (``outbox.record_failure``: backoff, for as
  long as the email is relevant) and the relay enqueues it then: one retry mechanism, with no limit on
  the number of attempts and no long countdown in Redis.
- ``relay_outbox`` (beat, every minute): re-enqueues rows still pending, and digests come due.
"""

import logging
import smtplib

from celery import shared_task
from django.conf import settings

from guildhall_site.celery import publish_many

from . import outbox

logger = logging.getLogger(__name__)


@shared_task(name="notifications.deliver", acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def deliver_notification(notification_id):
    try:
        return outbox.deliver(notification_id)
    except (smtplib.SMTPException, OSError) as exc:
        row = outbox.record_failure(notification_id, exc)
        if row is not None and row.status == row.Status.FAILED:
            logger.error("notification %s refused for good: %s", notification_id, exc)
        elif row is not None:
            logger.warning("notification %s not sent (%s); trying again after %s", notification_id, exc, row.due_at)
        return None


@shared_task(name="notifications.relay_outbox", ignore_result=True)
def relay_outbox():
    count = outbox.relay()
    if count >= settings.NOTIFY_SCAN_BATCH and not relay_outbox.app.conf.task_always_eager:
        publish_many(relay_outbox, [()])  # a backlog (after an outage): the next batch now
    return count
