"""The strong bot's judgement of a position, from one seat's view only: what each of its decisions is
worth, and what the position is worth to any seat.

The same machinery as the strong bot's search (docs/bots.md): the seat's observation and the public
skeleton (``engine.search.observation``), determinizations dealt from them (``engine.search.sampler``),
greedy play-outs and the search's evaluation (``engine.search.rollout``). The true state is read only
through ``observe`` and ``public_skeleton``, so two states that differ only in cards hidden from the seat
(and in the game's seed) get the same figures from the same generator.

The search itself (``engine.search.flat.search_root``) returns only the decision it takes; an analysis
needs every decision's mean reward, so the paired loop is run here with the same rules: every decision
legal in a sample is played out from that sample with the same play-out generator, a decision a sample
does not allow sits that sample out, and the rollout policy's own choice (the prior) stands unless another
looks at least ``MARGIN`` better.
"""

import random
import time
from dataclasses import dataclass, field

from engine import legal_decisions
from engine.greedy import greedy_choice
from engine.search.fast import options, play
from engine.search.observation import observe, public_skeleton
from engine.search.rollout import rollout
from engine.search.sampler import determinize
from engine.search.tree import MARGIN, decision_key


@dataclass
class Evaluation:
    """Each root decision's mean reward for the seat (its win chance after that decision, as the search
    estimates it), the number of samples behind it, and the decision the bot would take."""

    seat: int
    legal: list  # the seat's legal decisions, undo left out
    means: dict = field(default_factory=dict)  # decision_key -> mean reward in [0, 1]
    counts: dict = field(default_factory=dict)  # decision_key -> play-outs
    preferred: tuple | None = None  # decision_key of the bot's choice
    playouts: int = 0

    def decision(self, key):
        return next((o for o in self.legal if decision_key(o) == key), None)

    def value(self, key):
        return self.means.get(key)


def horizon(st, rollout_turns):
    """Turns a play-out looks ahead: the search's (a round and one turn) unless given."""
    return rollout_turns or st.num_players + 1


def evaluate_decisions(st, seat, rng, playouts, rollout_turns=None, deadline=None, clock=time.process_time):
    """Every legal decision of ``seat`` (to move in ``st``) played out from common samples of the seat's
    view: at most ``playouts`` play-outs in all, fewer once ``clock()`` passes ``deadline`` (an incomplete
    sample is dropped, as the search drops it). The clock is the process's CPU time by default: a budget
    of CPU, so that a busy machine makes an analysis slower, not worse."""
    legal = [o for o in legal_decisions(st, seat) if o["type"] != "undo"]
    result = Evaluation(seat=seat, legal=legal)
    if not legal:
        return result
    allowed = {decision_key(o) for o in legal}
    obs = observe(st, seat)
    skeleton = public_skeleton(st, seat)
    turns = horizon(st, rollout_turns)
    prior = decision_key(greedy_choice(determinize(obs, skeleton, rng), seat, legal, rng))
    totals = {}
    while result.playouts < playouts:
        sample = determinize(obs, skeleton, rng)
        luck = rng.getrandbits(64)
        values = {}
        for decision in options(sample):
            key = decision_key(decision)
            if key not in allowed:
                continue
            if deadline is not None and totals and clock() >= deadline:
                values = None
                break
            played = sample.clone(for_playout=True)
            play(played, decision)
            values[key] = rollout(played, random.Random(luck), turns)[seat]
        if values is None:
            break
        for key, value in values.items():
            totals[key] = totals.get(key, 0.0) + value
            result.counts[key] = result.counts.get(key, 0) + 1
        result.playouts += len(values) or 1
    result.means = {key: totals[key] / result.counts[key] for key in totals}
    result.preferred = _preferred(result.means, result.counts, prior, allowed)
    return result


def _preferred(means, counts, prior, allowed):
    """The search's rule: the best mean, unless the prior is within ``MARGIN`` of it."""
    if not means:
        return prior if prior in allowed else None
    best = max(means, key=lambda key: (means[key], counts[key]))
    if prior in means and means[best] < means[prior] + MARGIN:
        return prior
    return best


def position_value(st, seat, rng, playouts, rollout_turns=None, deadline=None, clock=time.process_time):
    """What the position is worth to ``seat`` (to move or not), from its view: the mean reward of
    ``playouts`` play-outs of samples of its observation; None if the deadline left no play-out."""
    obs = observe(st, seat)
    skeleton = public_skeleton(st, seat)
    turns = horizon(st, rollout_turns)
    total, done = 0.0, 0
    while done < playouts:
        if deadline is not None and done and clock() >= deadline:
            break
        sample = determinize(obs, skeleton, rng)
        total += rollout(sample, random.Random(rng.getrandbits(64)), turns)[seat]
        done += 1
    return total / done if done else None
