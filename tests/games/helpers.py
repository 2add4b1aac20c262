"""Small helpers shared by the games tests (plain functions over the real service layer)."""

import random

from django.test import TestCase

import engine
from games import cache as state_cache
from games import services
from games.models import Game


def started_game(users, mode="printed", bots=0):
    """A started game with ``users`` (the first creates it) and ``bots`` bot seats."""
    game = services.create_game(users[0], seats=len(users) + bots, mode=mode, bots=bots)
    for user in users[1:]:
        services.join(game.pk, user)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    return game


def pending_seat(game):
    game.refresh_from_db()
    return game.seats.get(position=game.to_move_position)


def choose(game, rng=None, kind="random"):
    """A legal decision for whoever is to move in ``game``: (seat, decision)."""
    seat = pending_seat(game)
    state = state_cache.replay(game)
    return seat, engine.bots.choose(state, seat.position, kind=kind, rng=rng or random.Random(game.seq))


def play(game, moves, rng=None, kind="random"):
    """Play ``moves`` decisions (or until the game is over) through submit_decision, running the
    on-commit work (state cache, hooks) as a real commit would."""
    rng = rng or random.Random(0)
    for _ in range(moves):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            return
        seat = game.seats.get(position=game.to_move_position)
        decision = engine.bots.choose(state_cache.load_state(game), seat.position, kind=kind, rng=rng)
        actor = seat if seat.is_bot else seat.user
        with TestCase.captureOnCommitCallbacks(execute=True):
            services.submit_decision(game.pk, actor, game.seq, decision)
