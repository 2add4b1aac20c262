"""The guided first game's changes: start (or resume) a player's lesson, and offer it once to a new account.

A lesson is created by the one service layer (``games.services.create_game``) like any game: a real game
with a real log, against a gentle bot, on the fixed deal ``LEARN_SEED`` (the learner always at seat 0, so
every learner meets the same cards), never rated (docs/learn.md).
"""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction

from games import services as game_services
from games.models import Game, Seat

from .models import LessonOffer
from .selectors import current_lesson


def start_or_resume(user):
    """(the user's lesson in progress, or a new one; whether it is new). The user's row is locked while
    looking, so that two clicks at once start one lesson, not two."""
    with transaction.atomic():
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        lesson = current_lesson(user)
        if lesson is not None:
            return lesson, False
        game = game_services.create_game(
            user,
            seats=2,
            mode=Game.Mode.PRINTED,
            bots=1,
            bot_kind=settings.LEARN_BOT,
            seed=settings.LEARN_SEED,
            lesson=True,
        )
    return game, True


def offer_once(user):
    """Whether to offer the lesson to ``user`` now: only to an account that has never sat at a game, and
    only the first time it is asked (the offer is recorded as made)."""
    if not user.is_authenticated or Seat.objects.filter(user=user).exists():
        return False
    _offer, created = LessonOffer.objects.get_or_create(user=user)
    return created
