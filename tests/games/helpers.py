"""Small helpers shared by the games tests (plain functions over the real service layer)."""

import contextlib
import random

from django.test import TestCase

from games import cache as state_cache
from games import services
from games.models import Game
from games.rules import rules_of


def started_game(users, mode="printed", bots=0):
    """A started Guildhall game with ``users`` (the first creates it) and ``bots`` bot seats, in ``mode``."""
    game = services.create_game(users[0], seats=len(users) + bots, options={"mode": mode}, bots=bots)
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
    return seat, rules_of(game).bots.choose(state, seat.position, kind, rng or random.Random(game.seq))


def play(game, moves, rng=None, kind="random"):
    """Play ``moves`` decisions (or until the game is over) through submit_decision, running the
    on-commit work (state cache, hooks) as a real commit would."""
    rng = rng or random.Random(0)
    for _ in range(moves):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            return
        seat = game.seats.get(position=game.to_move_position)
        decision = rules_of(game).bots.choose(state_cache.load_state(game), seat.position, kind, rng)
        actor = seat if seat.is_bot else seat.user
        with TestCase.captureOnCommitCallbacks(execute=True):
            services.submit_decision(game.pk, actor, game.seq, decision)


def play_until_turn_changes(game, rng=None, limit=400, commit=contextlib.nullcontext):
    """Whoever is to move plays (random legal decisions) until another seat or turn is to move."""
    rng = rng or random.Random(0)
    game.refresh_from_db()
    start = (game.to_move_position, game.turn)
    for _i in range(limit):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE or (game.to_move_position, game.turn) != start:
            return game
        seat = game.seats.get(position=game.to_move_position)
        state = state_cache.load_state(game)
        decision = rules_of(game).bots.choose(state, seat.position, "greedy", rng)
        with commit():
            services.submit_decision(game.pk, seat if seat.is_bot else seat.user, game.seq, decision)
    raise AssertionError("the turn did not pass")


def bodies(message):
    """(text, html) of an email.message.EmailMessage or a Django EmailMultiAlternatives."""
    if hasattr(message, "alternatives"):
        html = next((c for c, t in message.alternatives if t == "text/html"), "")
        return message.body, html
    text = message.get_body(preferencelist=("plain",)).get_content()
    html = message.get_body(preferencelist=("html",)).get_content()
    return text, html


def header(message, name):
    if hasattr(message, "extra_headers"):
        return message.extra_headers.get(name)
    return message[name]


def start_game(commit, users, bots=0):
    """A started game (the first user creates it, the others join), after-commit callbacks run."""
    with commit():
        game = services.create_game(users[0], seats=len(users) + bots, bots=bots)
    for user in users[1:]:
        with commit():
            services.join(game.pk, user)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    return game


def decisions_that(game, keeps_turn):
    """(the seat to move, its legal decisions whose outcome keeps the decision with that seat in the same
    turn, with ``keeps_turn``, or passes it on, without)."""
    seat = pending_seat(game)
    rules = rules_of(game)
    state = state_cache.load_state(game)
    found = []
    for decision in rules.legal_decisions(state, seat.position):
        after = state.clone()
        rules.apply(after, seat.position, decision)
        same = (not rules.outcome(after)["over"] and after.turn == state.turn
                and rules.pending_player(after) == seat.position)
        if same == keeps_turn:
            found.append(decision)
    return seat, found


def advance_until(game, keeps_turn, rng):
    """(seat, decision): random steps are played through the service until the seat to move has a
    decision of the kind ``decisions_that`` names; one of them."""
    for _i in range(400):
        game.refresh_from_db()
        seat, found = decisions_that(game, keeps_turn)
        if found:
            return seat, rng.choice(found)
        decision = rules_of(game).bots.choose(state_cache.load_state(game), seat.position, "random", rng)
        services.submit_decision(game.pk, seat.user, game.seq, decision)
    raise AssertionError("no such decision came up")
