"""Guildhall's bots, which play only through the legal-decision list: random, greedy (greedy.py) and
strong (the engine's search, engine/search/, with Guildhall's hooks below; docs/bots.md).

A bot seated in a game never takes a decision back: undo is for people who misclicked, and a bot that
undid would only make the log longer and its opponents wait. Self-play's random explorer may undo, to
exercise the undo rules (``random_choice``)."""

import random as _random

from .. import search
from . import playout
from .decisions import legal_decisions
from .evaluation import rewards
from .greedy import greedy_choice
from .sampler import sampler

KINDS = ("random", "greedy", "strong")
# The kind that plays a timed-out turn or the seat of a player who left, unless the site chooses another.
DEFAULT_ABSENT = "greedy"


def decision_key(decision):
    """What a decision chooses: its type and its card, seat, tier or profession. An ``order`` (of cards put
    on the pile together) is left out: the search and the analysis compare what is chosen, not the order."""
    return (
        decision["type"],
        decision.get("card", decision.get("seat", decision.get("tier", decision.get("profession")))),
    )


# The search's hooks (engine/search/hooks.py): the greedy bot plays the play-outs, the evaluation scores
# where they stop, and searched states take the engine's fast path (playout.py, no validation, no log).
SEARCH = search.Hooks(
    policy=greedy_choice,
    evaluate=rewards,
    key=decision_key,
    sampler=sampler,
    options=playout.options,
    play=playout.play,
    copy=playout.copy,
    to_move=playout.to_move,
    over=playout.over,
)


def choose(st, seat, kind="greedy", rng=None, level=None):
    """A legal decision for ``seat``; ``level``: the strong bot's budget (engine.search.LEVELS), its
    default when None."""
    rng = rng or _random.Random()
    if kind == "strong":
        from .. import guildhall  # this package, complete by the time a bot is asked

        return search.choose(guildhall, st, seat, rng, level or search.DEFAULT_LEVEL)
    options = legal_decisions(st, seat)
    if not options:
        raise ValueError("this seat has no decision to make")
    options = [o for o in options if o["type"] != "undo"]
    if kind == "random":
        return rng.choice(options)
    if kind != "greedy":
        raise ValueError(f"unknown bot kind {kind!r}; one of {KINDS}")
    return greedy_choice(st, seat, options, rng)


def random_choice(options, rng):
    # Undo is offered often; taking it at random would make random games wander back and forth.
    choices = [o for o in options if o["type"] != "undo"]
    if len(choices) < len(options) and rng.random() < 0.05:
        return {"type": "undo"}
    return rng.choice(choices)
