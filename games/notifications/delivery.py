"""Delivery: the outbox decides, row by row, and sends through its channels (emails.py, push.py).

Sent at most once: ``deliver`` locks the row (``SELECT … FOR UPDATE SKIP LOCKED`` on PostgreSQL) while
it is still ``pending``, sends, and marks it ``sent`` in the same transaction. A second worker holding
the same id skips the locked row, or finds it no longer pending; a retry after an SMTP error finds it
pending again (the transaction rolled back, nothing was sent). A your-turn email or push to a player
who sits at that game's table (``presence``) waits, pending, until a few minutes after they were last
seen there, and is decided again then. A failed send (the mail server down)
leaves the row pending with a later ``due_at`` (``record_failure``: backoff up to
``NOTIFY_RETRY_LONGEST``), for as long as the message is relevant; only a permanent refusal (a 5xx
answer to the recipient or the message) marks a row failed.

The channels build and send one message and say what became of it; they never write the row's status
nor import this module: whether and when to try again is decided here.
"""

import datetime
import logging
import random
import smtplib

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from . import emails, presence, push
from .models import Notification
from .recipients import digest_row, next_digest_at, prefs_for

logger = logging.getLogger(__name__)


def deliver(notification_id, connection=None):
    """Send notification ``notification_id`` if it is still pending and due. Returns its new status,
    or None when there was nothing to do (already sent, being sent by another worker, not due).

    Raises on an SMTP error, with nothing changed: the caller (the Celery task) retries."""
    now = timezone.now()
    with transaction.atomic():
        n = (
            Notification.objects.select_for_update(skip_locked=True)
            .filter(pk=notification_id, status=Notification.Status.PENDING, due_at__lte=now)
            .first()
        )
        if n is None:
            return None
        if n.kind in YOUR_TURN:
            until = presence.held_until(n.user_id, n.game_id, now)
            if until is not None:  # at the table: the page shows it; decided again once they may have left
                return _hold(n, until)
        if n.kind == Notification.Kind.TURN_PUSH:  # not an email: to each browser the player subscribed
            return _record_push(n, push.deliver(n), now)
        n.attempts += 1
        message = emails.build_message(n, now)
        if message is None:
            n.status = Notification.Status.SKIPPED
        else:
            message.connection = connection
            message.send()
            n.status = Notification.Status.SENT
            n.sent_at = timezone.now()
        n.save(update_fields=["status", "sent_at", "attempts"])
        if n.kind == Notification.Kind.DIGEST and message is not None:
            _after_digest(n, message.waiting_game_ids, now)
    return n.status


# The messages that only say "it is your turn": not sent while the player sits at that game's table.
YOUR_TURN = (Notification.Kind.TURN, Notification.Kind.TURN_PUSH)


def _hold(n, until):
    """Row ``n`` waits until ``until`` (no attempt counted); the relay hands it to a worker then, which
    decides again: still at the table, still their turn, still wanted."""
    n.due_at = until
    n.enqueued_at = None
    n.save(update_fields=["due_at", "enqueued_at"])
    return n.status


def _record_push(n, outcome, now):
    """Keep what push.deliver says became of row ``n``: done, held while a page is open, or to be tried
    again after the backoff (the subscriptions already served are remembered: nobody gets it twice)."""
    if outcome.wait is not None:
        n.due_at = now + outcome.wait
        n.enqueued_at = None
        n.save(update_fields=["due_at", "enqueued_at"])
        return n.status
    if outcome.attempted:
        n.attempts += 1
    if outcome.served is not None:
        n.data = {**n.data, **outcome.served}
    if outcome.error:
        n.last_error = outcome.error[:2000]
        n.due_at = now + retry_delay(n.attempts)
        n.enqueued_at = None
        n.save(update_fields=["data", "attempts", "last_error", "due_at", "enqueued_at"])
        logger.warning("push %s not delivered everywhere (%s); trying again after %s", n.pk, outcome.error, n.due_at)
        return n.status
    n.status = outcome.status
    if n.status == Notification.Status.SENT:
        n.sent_at = timezone.now()
    n.save(update_fields=["status", "sent_at", "attempts", "data", "last_error"])
    return n.status


def _after_digest(n, waiting_game_ids, now):
    # The turn rows the digest covered are done; tomorrow's digest lists what still waits then.
    Notification.objects.filter(
        user_id=n.user_id, status=Notification.Status.HELD, game_id__in=waiting_game_ids
    ).update(status=Notification.Status.SENT, sent_at=now)
    user, prefs = prefs_for(n.user_id)
    if prefs is not None and prefs.turn_email == "digest" and waiting_game_ids:
        due, day = next_digest_at(prefs, max(now, n.due_at) + datetime.timedelta(minutes=1))
        Notification.objects.bulk_create([digest_row(n.user_id, due, day)], ignore_conflicts=True)


def is_permanent(error):
    """A refusal that sending again cannot change: a 5xx answer about the recipient or the message.
    Everything else (no connection, a timeout, a 4xx, our own credentials refused) may pass."""
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        codes = [code for code, _message in error.recipients.values()]
        return bool(codes) and all(500 <= code < 600 for code in codes)
    if isinstance(error, smtplib.SMTPDataError):
        return 500 <= error.smtp_code < 600
    return False


def retry_delay(attempts):
    """The wait before attempt ``attempts + 1``: doubling from NOTIFY_RETRY_FIRST up to NOTIFY_RETRY_LONGEST,
    a tenth either way at random (after an outage, the backlog does not come back all at once)."""
    delay = min(settings.NOTIFY_RETRY_FIRST * 2 ** min(max(attempts - 1, 0), 20), settings.NOTIFY_RETRY_LONGEST)
    return delay * random.uniform(0.9, 1.1)


def record_failure(notification_id, error, now=None):
    """After a send failed (outside its rolled-back transaction): count the attempt and keep the error;
    a permanent refusal fails the row, anything else leaves it pending, due again after the backoff
    (the relay enqueues it then). Whether it is still worth sending is decided when it is tried again."""
    now = now or timezone.now()
    n = Notification.objects.filter(pk=notification_id, status=Notification.Status.PENDING).first()
    if n is None:
        return None
    n.attempts += 1
    n.last_error = f"{type(error).__name__}: {error}"[:2000]
    if is_permanent(error):
        n.status = Notification.Status.FAILED
    else:
        n.due_at = now + retry_delay(n.attempts)
        n.enqueued_at = None
    n.save(update_fields=["attempts", "last_error", "status", "due_at", "enqueued_at"])
    return n
