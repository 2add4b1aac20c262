"""Leaving a game: the outcomes every game accepts (docs/engine-api.md, "Leaving a game"), each an entry of
the game's log like any decision: a player resigns; the clock ends the game, hands a seat to the bot, or
has the bot play a turn whose time ran out.
"""

import logging

from django.db import transaction
from django.utils.translation import gettext as _

import engine

from .. import cache as state_cache
from ..exceptions import Conflict
from ..rules import rules_of
from .bots import absent_bot_kind, bot_decision
from .deciding import append, check_in_progress, lock_game_with_seats, result_of, seat_at, seat_of_actor

logger = logging.getLogger(__name__)

MAX_DECISIONS_PER_TURN = 300  # a safety net: no turn of a game comes near it


def resign(game_id, user):
    """``user`` gives up the game: with two players in play the other wins, with more the game goes on and
    the server's bot plays the seat, which is placed last (docs/rules.md, "Leaving a game")."""
    with transaction.atomic():
        game, seats_by_pos = lock_game_with_seats(game_id)
        seat = seat_of_actor(game, seats_by_pos, user)
        check_in_progress(game)
        state = state_cache.load_state(game)
        if not rules_of(game).can_resign(state, seat.position):
            raise Conflict(_("You have already left this game."), code="already_left")
        entry = append(game, seats_by_pos, state, seat, {"type": "resign"}, None)
    return result_of(game, seats_by_pos, entry, state)


def end_by_time(game_id, position):
    """The clock: the time of the seat at ``position`` ran out and the game's policy is to end the game.
    The others are placed by their rules, that seat last."""
    return _decide_for(game_id, position, {"type": "time_out"})


def take_over(game_id, position):
    """The clock: the seat at ``position`` timed out too often in a row; the bot plays it from now on
    (the bot runner, woken by the after-commit hook) and it is placed last."""
    return _decide_for(game_id, position, {"type": "take_over"})


def play_timed_out_turn(game_id, position):
    """The clock: the seat at ``position`` ran out of time; the game's bot for absent players
    (``bots.absent_bot_kind``) decides for it until the turn passes to another seat or the game ends.
    Returns the number of decisions."""
    with transaction.atomic():
        game, seats_by_pos = lock_game_with_seats(game_id)
        check_in_progress(game)
        seat = seat_at(seats_by_pos, position)
        rules = rules_of(game)
        kind = absent_bot_kind(rules)
        state = state_cache.load_state(game)
        turn = state.turn
        made = 0
        while state.turn == turn and rules.pending_player(state) == position:
            if made >= MAX_DECISIONS_PER_TURN:
                logger.error("game %s: %s decisions in one timed-out turn", game.pk, made)
                break
            append(game, seats_by_pos, state, seat, bot_decision(rules, state, position, kind), engine.BY_TIMEOUT)
            made += 1
    return made


def _decide_for(game_id, position, decision):
    with transaction.atomic():
        game, seats_by_pos = lock_game_with_seats(game_id)
        check_in_progress(game)
        seat = seat_at(seats_by_pos, position)
        state = state_cache.load_state(game)
        entry = append(game, seats_by_pos, state, seat, decision, engine.BY_TIMEOUT)
    return result_of(game, seats_by_pos, entry, state)
