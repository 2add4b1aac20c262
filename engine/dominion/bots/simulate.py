"""Whole games between policies, fast, for choosing strategies and for the benchmark.

A game goes through the protocol's ``legal_decisions`` and a trusted ``apply`` (the decisions are taken
from the legal list, so checking them again would only cost time); the state's events are dropped as
they come, since nobody reads them. A game still running when every seat has taken ``TURN_CAP`` turns
is a draw (design §2, "Game end").
"""

import random
import time

from ..decisions import apply, legal_decisions
from ..outcomes import scores

TURN_CAP = 100


def play(policies, kingdom, seed, first_seat=0, edition="2013", rng=None, times=None):
    """Play one game; ``policies[seat]`` decides for ``seat`` (a Policy, or a callable
    ``(st, seat, options, rng) -> decision``). Returns ``(state, result)``: result is the share of the win
    of each seat (1 for a sole winner, split on a shared first place, 1/players each for a draw at the turn
    cap) and ``capped``. ``times``: when given, ``times[seat]`` collects each decision's duration as
    ``(wall seconds, CPU seconds of this thread)``."""
    from .. import new_game  # the game package imports this one: its new_game exists once it has loaded

    players = len(policies)
    st = new_game(players, seed, {"kingdom": list(kingdom), "first_seat": first_seat, "edition": edition})
    rng = rng or random.Random(seed)
    seats = st.seats
    while st.prompt is not None:
        if st.prompt["kind"] == "action" and min(s.turns for s in seats) >= TURN_CAP:
            return st, {"shares": [1 / players] * players, "capped": True}
        seat = st.prompt["seat"]
        options = legal_decisions(st, seat)
        policy = policies[seat]
        if times is not None:
            wall, cpu = time.perf_counter(), time.thread_time()
        decision = options[0] if len(options) == 1 else _decide(policy, st, seat, options, rng)
        if times is not None:
            times[seat].append((time.perf_counter() - wall, time.thread_time() - cpu))
        apply(st, seat, decision, trusted=True)
        st.events = [[]]
    return st, {"shares": shares(st), "capped": False}


def _decide(policy, st, seat, options, rng):
    choose = getattr(policy, "choose", None)
    if choose is not None:
        return choose(st, seat, options, rng)
    return policy(st, seat, options, rng)


def shares(st):
    """Each seat's share of the win: 1 for a sole winner, split evenly on a shared first place."""
    places = st.places
    if places is None:
        points = scores(st)
        best = max(points)
        places = [1 if p == best else 2 for p in points]
    first = [seat for seat, place in enumerate(places) if place == 1]
    return [1 / len(first) if seat in first else 0.0 for seat in range(st.num_players)]


def duel(a, b, kingdom, games, seed, edition="2013"):
    """``a`` against ``b`` (2 players) for ``games`` games, seats alternating (``a`` first in the even
    games): ``a``'s mean share of the win."""
    total = 0.0
    for game in range(games):
        first = game % 2
        policies = [a, b] if first == 0 else [b, a]
        _, result = play(policies, kingdom, f"{seed}-{game}", first_seat=0, edition=edition,
                         rng=random.Random(f"{seed}-{game}-rng"))
        total += result["shares"][first]
    return total / games if games else None
