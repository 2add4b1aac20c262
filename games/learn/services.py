"""The guided first game's changes: start (or resume) a player's lesson, and offer it to a new account
until they take it or put the offer away.

A lesson is created by the one service layer (``games.services.create_game``) like any game: a real game
with a real log, against a gentle bot, on the game's fixed deal (its presentation's ``lesson``: the learner
always at seat 0, so every learner meets the same cards), never rated, and with no time limit
(docs/learn.md).
"""

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from games import services as game_services
from games.clock.deadlines import set_time_limit
from games.models import Game, Seat
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
        # A lesson waits for the learner however long they stay away: no time per move, so no deadline,
        # no reminder and no timeout (the clock's default would give it the site's).
        set_time_limit(created, None)
    return created, True


def should_offer(user):
    """Whether the home page offers the lesson to ``user``: a signed-in player who has not put the offer
    away, has no lesson yet and has not finished a game. Showing it records when it was first offered."""
    if not user.is_authenticated:
        return False
    offer = LessonOffer.objects.filter(user=user).first()
    if offer is not None and offer.dismissed_at is not None:
        return False
    seats = Seat.objects.filter(user=user)
    if seats.filter(game__lesson=True).exists() or seats.filter(game__status=Game.Status.FINISHED).exists():
        return False
    if offer is None:
        LessonOffer.objects.get_or_create(user=user)
    return True


def dismiss_offer(user):
    """The player's "Not now": the offer leaves their home page for good (the lesson itself stays under
    How to play and at /learn/). Saying it twice changes nothing."""
    offer, _created = LessonOffer.objects.get_or_create(user=user)
    if offer.dismissed_at is None:
        offer.dismissed_at = timezone.now()
        offer.save(update_fields=["dismissed_at"])
    return offer
