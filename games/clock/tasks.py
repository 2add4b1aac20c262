"""Celery tasks of the clock (JSON arguments: ids only).

- ``scan_clocks`` (beat, every minute): enqueues ``process_clock`` for each game whose indexed
  ``next_check_at`` has passed (reminder points, deadlines); the cost grows with the number of due
  games, not the number of games.
- ``process_clock(game_id)``: the reminder or the timeout of one game (``timeouts.process``).
"""

from celery import shared_task
from django.conf import settings
from django.db.models import Q
from django.utils import timezone

from guildhall_site.celery import publish_many

from . import timeouts
from .models import TimeControl


@shared_task(name="clock.process_clock", acks_late=True, ignore_result=True)
def process_clock(game_id):
    return timeouts.process(game_id)


def enqueue_clocks(game_ids):
    """Enqueue ``process_clock`` for each game; a broker error leaves them to the next scan."""
    failed = publish_many(process_clock, [(game_id,) for game_id in game_ids])
    if failed:
        TimeControl.objects.filter(game_id__in=[args[0] for args in failed]).update(enqueued_at=None)


def due_clocks(now, limit):
    """Game ids whose next check has come and that were not enqueued recently, the most overdue first."""
    stale = now - settings.CLOCK_RESCAN_AFTER
    return list(
        TimeControl.objects.filter(next_check_at__lte=now)
        .filter(Q(enqueued_at__isnull=True) | Q(enqueued_at__lt=stale))
        .order_by("next_check_at")
        .values_list("game_id", flat=True)[:limit]
    )


@shared_task(name="clock.scan_clocks", ignore_result=True)
def scan_clocks(limit=None):
    now = timezone.now()
    limit = limit or settings.CLOCK_SCAN_BATCH
    ids = due_clocks(now, limit)
    if not ids:
        return 0
    TimeControl.objects.filter(game_id__in=ids).update(enqueued_at=now)
    enqueue_clocks(ids)
    if len(ids) == limit and not scan_clocks.app.conf.task_always_eager:
        publish_many(scan_clocks, [()])  # a backlog: the next batch now, not in a minute
    return len(ids)
