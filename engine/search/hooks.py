"""What the search needs of a game: its protocol, and two hooks of its own.

A game's bots module offers ``SEARCH``, a ``Hooks`` with at least ``policy`` (the rollout policy: a
decision of ``options`` for ``seat`` in a searched state) and ``evaluate`` (a position's reward in [0, 1]
for every seat). Everything else defaults to the protocol (``sample``, ``pending_player``,
``legal_decisions``, ``apply``, ``outcome``, ``state.clone``); a game may give faster versions of them
for states that are only searched (never shown, stored nor undone): ``sampler``, ``options``, ``play``,
``copy``, ``to_move``, ``over``, ``turn``.

The search reaches the true state only through ``sampler`` (by default ``game.sample``), so what the
searching seat cannot see never changes its decision.
"""

import json
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from typing import Any


def canonical_key(decision):
    """A decision's identity: its canonical JSON."""
    return json.dumps(decision, sort_keys=True, separators=(",", ":"))


@dataclass(frozen=True)
class Hooks:
    # The game's own (required).
    policy: Callable[..., Any] = None  # policy(state, seat, options, rng) -> one of options
    evaluate: Callable[..., Any] = None  # evaluate(state) -> [reward in [0, 1] per seat]
    # Optional; None: from the protocol.
    key: Callable[..., Any] = None  # key(decision) -> hashable: two decisions with one key are one choice
    sampler: Callable[..., Any] = None  # sampler(state, seat) -> (rng -> a sampled state)
    options: Callable[..., Any] = None  # options(state) -> the decisions of the seat to move (no undo)
    play: Callable[..., Any] = None  # play(state, decision): apply a decision taken from options(state)
    copy: Callable[..., Any] = None  # copy(state) -> an independent copy to play on
    to_move: Callable[..., Any] = None  # to_move(state) -> the seat to decide
    over: Callable[..., Any] = None  # over(state) -> bool
    turn: Callable[..., Any] = None  # turn(state) -> the turn counter (state.turn)
    explore: float = 0.05  # the share of random decisions in a play-out, so that the samples differ


def _defaults(game):
    def options(st):
        seat = game.pending_player(st)
        return [o for o in game.legal_decisions(st, seat) if o.get("type") != "undo"]

    def play(st, decision):
        game.apply(st, game.pending_player(st), decision)

    def sampler(st, seat):
        return lambda rng: game.sample(st, seat, rng)

    return {
        "key": canonical_key,
        "sampler": sampler,
        "options": options,
        "play": play,
        "copy": lambda st: st.clone(with_events=False),
        "to_move": game.pending_player,
        "over": lambda st: game.outcome(st)["over"],
        "turn": lambda st: st.turn,
    }


_BOUND = {}


def hooks_of(game):
    """The game's ``bots.SEARCH`` with every hook it leaves out taken from its protocol."""
    bound = _BOUND.get(game.NAME)
    if bound is None or bound[0] is not game:
        own = game.bots.SEARCH
        if own.policy is None or own.evaluate is None:
            raise ValueError(f"{game.NAME}.bots.SEARCH needs a rollout policy and an evaluation")
        defaults = _defaults(game)
        missing = {
            f.name: defaults[f.name] for f in fields(Hooks) if getattr(own, f.name) is None and f.name in defaults
        }
        bound = (game, replace(own, **missing))
        _BOUND[game.NAME] = bound
    return bound[1]
