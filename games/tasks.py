"""Celery tasks. With no REDIS_URL they run in-process (CELERY_TASK_ALWAYS_EAGER)."""

from datetime import timedelta

from celery import shared_task
from django.utils import timezone

from . import services
from .hooks import on_decision
from .models import Game, Seat


@shared_task(name="games.tasks.play_bots", ignore_result=True)
def play_bots(game_id):
    """Move every bot seat that is to move in ``game_id``; re-enqueue after a long run."""
    if services.run_bots(game_id) is None:
        play_bots.delay(game_id)


@shared_task(name="games.tasks.nudge_stalled_bots", ignore_result=True)
def nudge_stalled_bots():
    """Celery beat, every minute: wake games where a bot has been to move for a while (a lost task,
    a worker restarted mid-game)."""
    quiet_since = timezone.now() - timedelta(seconds=60)
    stalled = Game.objects.filter(
        status=Game.Status.ACTIVE,
        to_move_user__isnull=True,
        to_move_position__isnull=False,
        updated_at__lt=quiet_since,
        seats__kind=Seat.Kind.BOT,
    ).distinct()
    for game in stalled:
        if game.seats.filter(position=game.to_move_position, kind=Seat.Kind.BOT).exists():
            play_bots.delay(game.pk)


@on_decision
def wake_bots(event):
    """The games app's own decision hook: a bot is to move and nobody is moving it yet."""
    if event.to_move_is_bot and not event.by_bot_runner and not event.finished:
        play_bots.delay(event.game_id)
