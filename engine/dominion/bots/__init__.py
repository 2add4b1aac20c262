"""Dominion's bots: they play only through ``legal_decisions`` and answer every prompt, Advisor's chooser
on another player's turn included.

``KINDS``: ``random`` (any legal decision), ``bigmoney`` (Big Money Ultimate with Coin tokens,
engine/dominion/bots/policy.py), ``bigmoney_x`` (Big Money with the kingdom's best card, bmx.py) and
``strong`` (a plan chosen for the kingdom and a search of the last buys, strong.py; docs/bots.md, "Dominion").
``SEARCH``: the hooks engine/search needs (searching.py). ``DEFAULT_ABSENT`` plays a timed-out turn and
a seat that left. A new kind is a ``Policy`` subclass registered with ``register(kind, policy)``; see
policy.py for the hooks.
"""

import random as _random

from ..decisions import legal_decisions
from .bmx import BigMoneyX
from .plans import plan_for
from .policy import BigMoney, Policy
from .searching import SEARCH
from .strong import Strong

POLICIES = {"bigmoney": BigMoney(), "bigmoney_x": BigMoneyX(), "strong": Strong(plan_for)}
KINDS = ("random", "bigmoney", "bigmoney_x", "strong")
DEFAULT_ABSENT = "bigmoney"


def register(kind, policy):
    """Offer ``policy`` (a Policy, or anything with its ``choose``) as bot kind ``kind``."""
    global KINDS
    POLICIES[kind] = policy
    if kind not in KINDS:
        KINDS = (*KINDS, kind)


def choose(st, seat, kind=DEFAULT_ABSENT, rng=None, level=None):
    """A legal decision for ``seat`` (which must be the pending seat)."""
    rng = rng or _random.Random()
    options = legal_decisions(st, seat)
    if not options:
        raise ValueError("this seat has no decision to make")
    if kind == "random":
        return rng.choice(options)
    policy = POLICIES.get(kind)
    if policy is None:
        raise ValueError(f"unknown bot kind {kind!r}; one of {KINDS}")
    decision = policy.choose(st, seat, options, rng, level)
    if decision not in options:
        raise AssertionError(f"bot {kind} chose {decision!r}, which is not legal")
    return decision


def arena_main(argv=None):
    """``python -m engine.arena --game dominion ...`` (engine/arena.py hands Dominion over to this)."""
    from .arena import main  # the arena imports the shared one, which the game package need not load

    return main(argv)


__all__ = ["DEFAULT_ABSENT", "KINDS", "POLICIES", "SEARCH", "arena_main", "BigMoney", "Policy", "choose", "register"]
