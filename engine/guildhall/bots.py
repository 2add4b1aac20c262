"""Bots that play only through the legal-decision list: random, greedy (engine/greedy.py) and strong
(engine/search/, docs/bots.md).

A bot seated in a game never takes a decision back: undo is for people who misclicked, and a bot that
undid would only make the log longer and its opponents wait. Self-play's random explorer may undo, to
exercise the undo rules (``random_choice``)."""

import random as _random

from .decisions import legal_decisions

KINDS = ("random", "greedy", "strong")


def choose(st, seat, kind="greedy", rng=None, level=None):
    """``level``: the strong bot's budget (engine.search.LEVELS), its default when None."""
    rng = rng or _random.Random()
    if kind == "strong":
        from .. import search

        return search.choose(st, seat, rng, level or search.DEFAULT_LEVEL)
    options = legal_decisions(st, seat)
    if not options:
        raise ValueError("this seat has no decision to make")
    options = [o for o in options if o["type"] != "undo"]
    if kind == "random":
        return rng.choice(options)
    if kind != "greedy":
        raise ValueError(f"unknown bot kind {kind!r}; one of {KINDS}")
    from .greedy import greedy_choice

    return greedy_choice(st, seat, options, rng)


def random_choice(options, rng):
    # Undo is offered often; taking it at random would make random games wander back and forth.
    choices = [o for o in options if o["type"] != "undo"]
    if len(choices) < len(options) and rng.random() < 0.05:
        return {"type": "undo"}
    return rng.choice(choices)
