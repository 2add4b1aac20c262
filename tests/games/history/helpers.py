"""Games for the history tests, played through the real service layer (no shortcuts into the tables)."""

import random

import engine
from games import cache as state_cache
from games import services
from games.models import Game, LogEntry
from tests.games.helpers import pending_seat, started_game


def play_through(game, moves=None, kind="greedy", seed=0):
    """Let whoever is to move decide (``kind`` bot choices) until the game is over or ``moves`` were made."""
    rng = random.Random(seed)
    made = 0
    while moves is None or made < moves:
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        seat = pending_seat(game)
        state = state_cache.load_state(game)
        decision = engine.bots.choose(state, seat.position, kind=kind, rng=rng)
        actor = seat if seat.is_bot else seat.user
        services.submit_decision(game.pk, actor, game.seq, decision)
        made += 1
    game.refresh_from_db()
    return game


def finished_game(users, kind="greedy", seed=0, mode="printed"):
    game = started_game(users, mode=mode)
    game = play_through(game, kind=kind, seed=seed)
    assert game.status == Game.Status.FINISHED
    return game


def stored_log(game):
    return [(e.seat, e.decision) for e in LogEntry.objects.filter(game=game).order_by("seq")]
