"""The root's decisions compared on common samples: determinized Monte Carlo with paired play-outs.

Each iteration deals one determinization (engine/search/sampler.py) and plays every root decision legal
in it from the same sample with the same play-out generator, so the decisions are compared on the same
hidden cards and the same luck: their difference has far less noise than independent play-outs give,
which is what a budget of a few hundred play-outs needs (docs/bots.md, "Measurements").
"""

import random
import time

from ..guildhall.playout import options, play
from ..guildhall.sampler import determinize
from .rollout import rollout
from .tree import MARGIN, decision_key


def search_root(obs, skeleton, rng, legal, playouts, rollout_turns, deadline=None, prior=None, stats=None):
    """The key of the decision of ``legal`` to take, and the number of play-outs run; ``playouts`` is the
    budget, spread over the decisions. A decision that a sample does not allow (a Historian tier whose
    pile the seat has not seen) is left out of that sample."""
    allowed = {decision_key(o): o for o in legal}
    totals = {}
    counts = {}
    done = 0
    while done < playouts:
        sample = determinize(obs, skeleton, rng)
        luck = rng.getrandbits(64)
        values = {}
        for decision in options(sample):
            key = decision_key(decision)
            if key not in allowed:
                continue
            if deadline is not None and totals and time.perf_counter() >= deadline:
                values = None  # out of time mid-sample: an incomplete sample would compare unfairly
                break
            st = sample.clone(for_playout=True)
            play(st, decision)
            values[key] = rollout(st, random.Random(luck), rollout_turns, stats=stats)[obs.seat]
        if values is None:
            break
        for key, value in values.items():
            totals[key] = totals.get(key, 0.0) + value
            counts[key] = counts.get(key, 0) + 1
        done += len(values) or 1  # a sample allowing none of them (never seen) still counts
    if not totals:
        return prior if prior in allowed else next(iter(allowed)), done
    means = {key: totals[key] / counts[key] for key in totals}
    best = max(means, key=lambda key: (means[key], counts[key]))
    if prior in means and means[best] < means[prior] + MARGIN:
        return prior, done
    return best, done
