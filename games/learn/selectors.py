"""The guided first game's reads: a player's lesson, and the coach's panel for it. The coach is the
game's own (its presentation's ``lesson.coach``)."""

from games import cache as state_cache
from games import selectors as game_selectors
from games.models import Game
from games.presentation import for_game
from games.rules import rules_of


def lessons_of(user):
    """The user's lessons, newest first."""
    return Game.objects.filter(lesson=True, seats__user=user).order_by("-id")


def current_lesson(user):
    """The user's lesson in progress, or None."""
    return lessons_of(user).filter(status=Game.Status.ACTIVE).first()


def coach_for(game, user, tried=None):
    """The coach's panel for ``user`` at ``game``: ``{"game", "advice", "refusal", "cannot_play"}``, or None
    when the game is no lesson, has not started, or ``user`` does not play in it. ``tried``: a decision
    the service just refused (the table's answer), which the panel explains. Built from the user's own
    view only (the rules' ``view`` at their seat)."""
    if not game.lesson or game.status not in (Game.Status.ACTIVE, Game.Status.FINISHED):
        return None
    lesson = for_game(game).lesson
    seat = game_selectors.seat_of(game, user)
    if lesson is None or seat is None or seat.position is None:
        return None
    rules = rules_of(game)
    state = state_cache.load_state(game)
    view = rules.view(state, seat.position)
    legal = rules.legal_decisions(state, seat.position)
    coach = lesson.coach
    return {
        "game": game,
        "guide_url": for_game(game).guide_url(),
        "advice": coach.advice(view, legal),
        "refusal": coach.why_not(view, legal, tried) if tried is not None else None,
        "cannot_play": coach.cannot_play(view),
    }
