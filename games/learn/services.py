"""The guided first game's changes: start (or resume) a player's lesson, and offer it once to a new account.

A lesson is created by the one service layer (``games.services.create_game``) like any game: a real game
with a real log, against a gentle bot, on the game's fixed deal (its presentation's ``lesson``: the learner
always at seat 0, so every learner meets the same cards), never rated (docs/learn.md).
"""

from django.contrib.auth import get_user_model
from django.db import transaction

from games import services as game_services
from games.models import Seat
from games.presentation import all_games, for_game

from .models import LessonOffer
from .selectors import current_lesson


def games_with_a_lesson():
    """The presentations of the games that have a guided first game, in the engine's order."""
    return [p for p in all_games() if p.lesson is not None]


def start_or_resume(user, game=None):
    """(the user's lesson in progress, or a new one of ``game`` (a slug; default the first game with a
    lesson); whether it is new). The user's row is locked while looking, so that two clicks at once start
    one lesson, not two. ``LookupError`` for a game without a lesson."""
    presentation = for_game(game) if game else games_with_a_lesson()[0]
    lesson = presentation.lesson
    if lesson is None:
        raise LookupError(f"{presentation.slug} has no guided first game")
    with transaction.atomic():
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        current = current_lesson(user)
        if current is not None:
            return current, False
        created = game_services.create_game(
            user,
            seats=lesson.seats,
            game=presentation.slug,
            options=lesson.options,
            bots=lesson.seats - 1,
            bot_kind=lesson.bot,
            seed=lesson.seed,
            lesson=True,
        )
    return created, True


def offer_once(user):
    """Whether to offer the lesson to ``user`` now: only to an account that has never sat at a game, and
    only the first time it is asked (the offer is recorded as made)."""
    if not user.is_authenticated or Seat.objects.filter(user=user).exists():
        return False
    _offer, created = LessonOffer.objects.get_or_create(user=user)
    return created
