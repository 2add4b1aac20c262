"""Points by place, from a finished game's log: no database (the log is given).

A game of n players gives the player in place p ``(n − p)/(n − 1)`` points: 1 for a win at any table size,
0 for last. Shared places share the points of the places they span. A seat whose time ran out at least once
is placed after every seat that never did (the tournament's rule, stricter than the game's: the bot finished
the game for them), keeping the game's order among such seats.
"""

from dataclasses import dataclass

import engine
from games.rules import options_of, rules_of


def points_for_places(places):
    """``places`` (1 = first, equal numbers for a shared place) → points per seat."""
    n = len(places)
    if n < 2:
        return [1.0] * n
    points = []
    for place in places:
        sharing = places.count(place)
        spanned = range(place, place + sharing)
        points.append(sum((n - q) / (n - 1) for q in spanned) / sharing)
    return points


def tournament_places(game_places, timed_out):
    """The game's places with every seat in ``timed_out`` (positions) moved after the others; places stay
    shared where the game shared them."""
    keyed = [(position in timed_out, place) for position, place in enumerate(game_places)]
    return [1 + sum(1 for other in keyed if other < key) for key in keyed]


@dataclass(frozen=True)
class SeatResult:
    position: int
    place: int
    points: float
    vp: int
    timed_out: bool
    left: bool


def results_from_log(game, log):
    """Each engine seat's result from the log ``[(seat, decision, by), ...]`` of ``game`` (a finished Game:
    its rules, seats, seed, options and rules version), replayed by its rules; ``vp`` is the rules' score."""
    rules = rules_of(game)
    state = rules.replay(game.num_seats, game.seed, options_of(game), log, version=game.engine_version)
    outcome = rules.outcome(state)
    if not outcome["over"]:
        raise ValueError("the game is not over")
    timed_out = {seat for seat, _decision, by in log if by == engine.BY_TIMEOUT}
    left = {seat for seat in range(game.num_seats) if not rules.in_play(state, seat)}
    places = tournament_places(list(outcome["places"]), timed_out)
    points = points_for_places(places)
    return [
        SeatResult(position, places[position], points[position], outcome["scores"][position],
                   position in timed_out, position in left)
        for position in range(game.num_seats)
    ]
