"""Counters fed by the site's own signals: decisions committed (the games app's decision hook, which runs
after each commit), decisions refused because the game had moved on (``games.hooks.stale_seq``) and the
outbox's deliveries (``post_save`` of ``Notification``)."""

import time

from django.db.models.signals import post_save
from django.dispatch import receiver

from games.hooks import on_decision, stale_seq
from games.notifications.models import Notification

from . import context, metrics


@on_decision
def count_decision(event):
    """A decision's source: the bot runner's own flag, else what the request or task around it is
    (``context.source``: the API, a page, the clock's task); the game's start (seq 0) is no decision."""
    if event.seat is None:
        return
    if event.by_bot_runner:
        source = "bot"
        started = context.bot_step_started.get()
        now = time.monotonic()
        if started is not None:
            metrics.BOT_DECISION_SECONDS.observe(now - started)
        context.bot_step_started.set(now)
    else:
        source = context.source.get() or "other"
    metrics.DECISIONS.labels(source).inc()


@receiver(stale_seq, dispatch_uid="ops_stale_seq")
def count_stale_seq(sender, source, **kwargs):
    metrics.STALE_SEQ.labels(source).inc()


@receiver(post_save, sender=Notification, dispatch_uid="ops_notification_saved")
def count_delivery(sender, instance, created, update_fields=None, raw=False, **kwargs):
    if raw or created or not update_fields:
        return
    channel = "push" if instance.kind == Notification.Kind.TURN_PUSH else "email"
    outcome = None
    if "status" in update_fields:
        outcome = _OUTCOMES.get(instance.status)
    if outcome is None and "last_error" in update_fields:
        outcome = "failed"  # an attempt that failed; the row says when it is tried again
    if outcome is not None:
        metrics.NOTIFICATIONS.labels(channel, outcome).inc()


_OUTCOMES = {
    Notification.Status.SENT: "sent",
    Notification.Status.SKIPPED: "skipped",
    Notification.Status.FAILED: "failed",
}
