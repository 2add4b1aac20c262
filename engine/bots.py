"""Bots that play only through the legal-decision list.

A bot seated in a game never takes a decision back: undo is for people who misclicked, and a bot that
undid would only make the log longer and its opponents wait. Self-play's random explorer may undo, to
exercise the undo rules (``random_choice``)."""

import random as _random

from .decisions import legal_decisions


def choose(st, seat, kind="greedy", rng=None):
    rng = rng or _random.Random()
    options = legal_decisions(st, seat)
    if not options:
        raise ValueError("this seat has no decision to make")
    options = [o for o in options if o["type"] != "undo"]
    if kind == "random":
        return rng.choice(options)
    from .greedy import greedy_choice

    return greedy_choice(st, seat, options, rng)


def random_choice(options, rng):
    # Undo is offered often; taking it at random would make random games wander back and forth.
    choices = [o for o in options if o["type"] != "undo"]
    if len(choices) < len(options) and rng.random() < 0.05:
        return {"type": "undo"}
    return rng.choice(choices)
