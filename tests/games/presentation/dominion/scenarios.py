"""Positions of real Dominion games on the site, reached by real decisions: the engine finds, for a fixed
seed, a sequence of legal decisions that leads to a question of each kind (its pending kind), and the
tests play that sequence through the site's services, so that the table is drawn from a real game row.

The kingdom holds every card that asks a question of its own; the first seat is fixed (seat 0), the seats'
players are whoever the game gave them to.
"""

import random

from django.test import TestCase

import engine
from games import cache as state_cache
from games import services
from games.models import Game

G = engine.get("dominion")

# Every card that asks a question, and Baker (a Coin token from the start) and Masterpiece.
KINGDOM = ["Stonemason", "Doctor", "Masterpiece", "Advisor", "Plaza", "Taxman", "Herald", "Baker", "Butcher",
           "Journeyman"]
OPTIONS = {"kingdom": KINGDOM, "first_seat": 0}
KINDS = ("action", "buy", "advisor", "plaza", "butcher_trash", "butcher_pay", "gain", "name", "doctor_order",
         "doctor_overpay", "herald_overpay", "stonemason_trash", "taxman_trash")
# Questions asked only after a buy with an overpay.
OVERPAY_KINDS = ("doctor_overpay", "herald_overpay")


def eager(st, seat, rng, overpay=False):
    """A decision that reaches the cards' questions soon: plays every Action, plays all Treasures, spends
    Coin tokens, buys a kingdom card (with a random overpay if ``overpay``) when it can, anything legal
    otherwise."""
    options = G.legal_decisions(st, seat)
    kind = st.prompt["kind"]
    if kind == "action":
        plays = [d for d in options if d["type"] == "play"]
        return rng.choice(plays) if plays else options[-1]
    if kind == "buy":
        for wanted in ("play_treasures", "spend_tokens"):
            found = [d for d in options if d["type"] == wanted]
            if found:
                return found[-1]
        buys = [d for d in options if d["type"] == "buy" and d["card"] in KINGDOM and (overpay or not d.get("overpay"))]
        if buys:
            return rng.choice(buys)
        gold = [d for d in options if d["type"] == "buy" and d["card"] in ("Gold", "Silver")]
        return gold[0] if gold else options[-1]
    return rng.choice(options)


def find(kind, players=2, options=None, tries=300, limit=500, where=None):
    """(seed, log) of the shortest game found whose state, after ``log``, asks a question of ``kind``
    (and satisfies ``where(state)``, if given)."""
    options = options or OPTIONS
    best = None
    for attempt in range(tries):
        seed = f"dominion-scenario-{attempt}"
        st = G.new_game(players, seed, options)
        rng = random.Random(attempt)
        log = []
        for _i in range(limit if best is None else min(limit, len(best[1]))):
            if st.prompt is None:
                break
            if st.prompt["kind"] == kind and (where is None or where(st)):
                if best is None or len(log) < len(best[1]):
                    best = (seed, list(log))
                break
            seat = G.pending_player(st)
            decision = eager(st, seat, rng, overpay=kind in OVERPAY_KINDS)
            G.apply(st, seat, decision)
            log.append((seat, decision))
        if best is not None and attempt >= 20:
            break
    assert best is not None, f"no game reached a {kind} question"
    return best


def users_by_seat(game):
    game.refresh_from_db()
    return {s.position: s.user for s in game.seats.all()}


def play_log(game, log):
    """Submit ``log``'s decisions through the services, as the seats' players."""
    for seat, decision in log:
        game.refresh_from_db()
        assert game.to_move_position == seat, (game.to_move_position, seat)
        actor = game.seats.get(position=seat)
        actor = actor if actor.is_bot else actor.user
        with TestCase.captureOnCommitCallbacks(execute=True):
            services.submit_decision(game.pk, actor, game.seq, decision)
    game.refresh_from_db()
    return game


def game_at(kind, users, options=None, where=None):
    """A started Dominion game of ``users`` whose pending question is of ``kind``: (game, state)."""
    seed, log = find(kind, players=len(users), options=options, where=where)
    with TestCase.captureOnCommitCallbacks(execute=True):
        game = services.create_game(users[0], seats=len(users), game="dominion", options=options or OPTIONS,
                                    seed=seed)
        for user in users[1:]:
            services.join(game.pk, user)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    play_log(game, log)
    state = state_cache.load_state(game)
    assert state.prompt["kind"] == kind
    return game, state


def state_of(game):
    game.refresh_from_db()
    return state_cache.load_state(game)


def finished_game(users, kind="bigmoney", options=None, seed="dominion-finished"):
    """A Dominion game of ``users`` played to its end through the services, each decision the ``kind`` bot's
    choice for the person whose decision it is."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        game = services.create_game(users[0], seats=len(users), game="dominion", options=options or OPTIONS,
                                    seed=seed)
        for user in users[1:]:
            services.join(game.pk, user)
    rng = random.Random(seed)
    while True:
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            return game
        seat = game.seats.get(position=game.to_move_position)
        decision = G.bots.choose(state_cache.load_state(game), seat.position, kind, rng)
        with TestCase.captureOnCommitCallbacks(execute=True):
            services.submit_decision(game.pk, seat if seat.is_bot else seat.user, game.seq, decision)
