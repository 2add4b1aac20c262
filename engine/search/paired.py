"""The root's decisions compared on common samples: determinized Monte Carlo with paired play-outs.

Each sample is one state consistent with what the seat has seen (the game's ``sample``); every root
decision legal in it is played out from that same sample with the same play-out generator, so the
decisions are compared on the same hidden cards and the same luck: their difference has far less noise
than independent play-outs give, which is what a budget of a few hundred play-outs needs (docs/bots.md,
"Measurements"). The strong bot takes the decision this prefers; the post-game analysis reads every
decision's value.
"""

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .playouts import rollout

MARGIN = 0.01  # how much better than the rollout policy's decision a searched one must look to be taken


@dataclass
class Evaluation:
    """Each root decision's mean reward for the seat (its chance of winning after that decision, as the
    search estimates it), the number of play-outs behind it, and the decision the search prefers. Means,
    counts and ``preferred`` are keyed by the game's decision key (``key``)."""

    seat: int
    legal: list  # the seat's legal decisions, undo left out
    key: Callable[..., Any]
    means: dict = field(default_factory=dict)
    counts: dict = field(default_factory=dict)
    preferred: Any = None  # the key of the search's choice (None: nothing to choose from)
    playouts: int = 0

    def decision(self, key):
        """The legal decision with this key, or None."""
        return next((o for o in self.legal if self.key(o) == key), None)

    def value(self, key):
        """The mean reward of the decision with this key; None if no sample allowed it."""
        return self.means.get(key)

    def value_of(self, decision):
        """The mean reward of ``decision`` (a legal one, or one the game's key matches to it)."""
        return self.means.get(self.key(decision))


def evaluate_root(hooks, sample, seat, legal, rng, playouts, rollout_turns, deadline=None,
                  clock=time.perf_counter, prior=None, stats=None, progress=None):
    """The paired loop: ``sample(rng)`` deals a state, every decision of ``legal`` that the sample also
    allows is played out from it with one generator; at most ``playouts`` play-outs in all, fewer once
    ``clock()`` passes ``deadline`` (an incomplete sample is dropped: it would compare unfairly). A
    decision a sample does not allow (one whose conditions the seat has not seen) sits that sample out.
    ``prior`` (the rollout policy's key) stands unless another decision looks ``MARGIN`` better.
    ``progress(done, playouts)`` is called after every sample."""
    key = hooks.key
    result = Evaluation(seat=seat, legal=legal, key=key)
    allowed = {key(o) for o in legal}
    totals = {}
    while result.playouts < playouts:
        st = sample(rng)
        luck = rng.getrandbits(64)
        values = {}
        for decision in hooks.options(st):
            decision_key = key(decision)
            if decision_key not in allowed:
                continue
            if deadline is not None and totals and clock() >= deadline:
                values = None
                break
            played = hooks.copy(st)
            hooks.play(played, decision)
            values[decision_key] = rollout(hooks, played, random.Random(luck), rollout_turns, stats=stats)[seat]
        if values is None:
            break
        for decision_key, value in values.items():
            totals[decision_key] = totals.get(decision_key, 0.0) + value
            result.counts[decision_key] = result.counts.get(decision_key, 0) + 1
        result.playouts += len(values) or 1  # a sample allowing none of them still counts
        if progress is not None:
            progress(result.playouts, playouts)
    result.means = {k: totals[k] / result.counts[k] for k in totals}
    result.preferred = preferred(result.means, result.counts, prior, allowed)
    return result


def preferred(means, counts, prior, allowed):
    """The best mean, unless the prior is within ``MARGIN`` of it; with no means, the prior if legal."""
    if not means:
        return prior if prior in allowed else None
    best = max(means, key=lambda k: (means[k], counts[k]))
    if prior in means and means[best] < means[prior] + MARGIN:
        return prior
    return best
