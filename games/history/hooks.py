"""Warm a game's history summary the moment it finishes, so that the history list never replays it.

``register()`` adds the hook (``games.hooks.on_decision``); it is meant to be called from the games app's
``ready()`` (asked of the foundation's owner), so that it runs in web processes and Celery workers alike.
It is quick: the final state was cached by the same commit. Without it, the list computes a summary the
first time it shows the game, and caches it for good.
"""

import logging

from games.hooks import on_decision, remove_hook
from games.models import Game

from .selectors import game_summaries

logger = logging.getLogger(__name__)


def register():
    on_decision(warm_history_summary)


def unregister():
    remove_hook(warm_history_summary)


def warm_history_summary(event):
    if not event.finished:
        return
    game = Game.objects.filter(pk=event.game_id).prefetch_related("seats__user").first()
    if game is not None and game.status == Game.Status.FINISHED:
        game_summaries([game])
