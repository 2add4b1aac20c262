"""``strong``: a plan chosen for the kingdom, and a search for the buys that end the game.

The plan is a scripted strategy (engine/dominion/bots/strategy.py) chosen once per kingdom, from the
kingdom alone (engine/dominion/bots/plans.py): the expensive reasoning happens there, once, and is
cached. In the game the plan answers every question; near the end of the game (``endgame``) each buy is
searched instead: engine/search's paired evaluation compares the sensible buys (``candidates``) on
common samples of what the seat has seen (engine/dominion/bots/searching.py), each played out to the
end of the game by the plan for this seat and a modelled Big Money strategy for the others. The plan's
buy stands unless another is clearly better (``compare``).

Levels (``LEVELS``; the site's ``STRONG_BOT_LEVEL`` names one): rounds of play-outs at most and a cap
on the CPU time of a decision (the thread's: a busy machine makes a decision slower, not weaker). With
``seconds=None`` a decision depends only on what the seat sees and the generator.
"""

import math
import random
import time
from dataclasses import dataclass

from ...search.playouts import rollout
from ..cards import COST
from .policy import Policy
from .searching import hooks_for, sampler


@dataclass(frozen=True)
class Level:
    samples: int  # rounds at most: one sample each, every live candidate played out from it
    seconds: float | None  # CPU time cap per decision (None: the samples alone decide, deterministic)
    provinces: int = 4  # search buys once this many Provinces or fewer are left (2 players; +2 per extra player)


LEVELS = {
    "quick": Level(samples=4, seconds=0.1),
    "fast": Level(samples=8, seconds=0.3),
    "strong": Level(samples=12, seconds=0.5),
}
DEFAULT_LEVEL = "strong"
ROLLOUT_TURNS = 60  # to the end of the game, in practice
MIN_ROUNDS = 5  # samples before a candidate may be judged
Z = 2.0  # standard errors a difference must clear
MARGIN = 0.02  # and its size


def endgame(st, level):
    """The game may end within a few turns: few Provinces left, or a third pile close to empty."""
    extra = 2 * (st.num_players - 2)
    if st.supply["Province"] <= level.provinces + extra:
        return True
    counts = sorted(st.supply.values())
    return counts[0] == 0 and counts[1] == 0 or counts[0] == 0 and counts[2] <= 2


def candidates(st, seat, options, plan, chosen):
    """The buys worth comparing with the plan's (``chosen``): each Victory card it can afford, Gold when
    the plan buys a Victory card (greening may be early), and spending just enough Coin tokens to reach a
    dearer Victory card. The plan's other choices (Silver, its kingdom cards, ending the turn with $ left)
    are left to the plan: in the last turns they are seldom the question."""
    victory = ("Province", "Duchy", "Estate")
    wanted = set(victory)
    if chosen.get("card") in victory:
        wanted.add("Gold")
    picked = [chosen]
    for option in options:
        if option["type"] == "buy" and option["card"] in wanted and not option.get("overpay") and option != chosen:
            picked.append(option)
    tokens = sorted(o["n"] for o in options if o["type"] == "spend_tokens")
    if tokens:
        reached = {_dearest(victory, st.coins)}
        for n in tokens:
            best = _dearest(victory, st.coins + n)
            if best not in reached:
                reached.add(best)
                picked.append({"type": "spend_tokens", "n": n})
    return picked


def _dearest(cards, coins):
    return max((c for c in cards if COST[c] <= coins), key=COST.get, default=None)


def compare(hooks, sample, seat, picked, prior, rng, level, deadline=None, stats=None):
    """Paired sequential comparison of ``picked`` against ``prior`` (the plan's decision): each round
    deals one sample and plays every live candidate out from it with the same generator; a candidate
    leaves once it is clearly worse than the prior (its mean difference below ``-Z`` standard errors,
    after ``MIN_ROUNDS``); the search stops when none is left but the prior, when the budget or the
    deadline is spent, and takes the candidate whose mean difference is highest if that is at least
    ``Z`` standard errors above 0 and ``MARGIN`` in size; else the prior."""
    key = hooks.key
    prior_key = key(prior)
    live = {key(o): o for o in picked if key(o) != prior_key}
    diffs = {k: [] for k in live}
    rounds = 0
    budget = level.samples * len(picked)
    played = 0
    while live and played < budget:
        if deadline is not None and rounds >= MIN_ROUNDS and time.thread_time() >= deadline:
            break
        st = sample(rng)
        luck = rng.getrandbits(64)
        values = {}
        for decision in hooks.options(st):
            decision_key = key(decision)
            if decision_key != prior_key and decision_key not in live:
                continue
            played_state = hooks.copy(st)
            hooks.play(played_state, decision)
            values[decision_key] = rollout(hooks, played_state, random.Random(luck), ROLLOUT_TURNS)[seat]
            played += 1
        rounds += 1
        base = values.get(prior_key)
        if base is None:
            continue
        for k in list(live):
            if k in values:
                diffs[k].append(values[k] - base)
            if len(diffs[k]) >= MIN_ROUNDS:
                mean, error = _mean_error(diffs[k])
                if mean + Z * error < 0 or (mean <= 0 and error == 0):
                    del live[k]
    if stats is not None:
        stats["searches"] = stats.get("searches", 0) + 1
        stats["iterations"] = stats.get("iterations", 0) + played
    best, best_mean = None, MARGIN
    for k, values in diffs.items():
        if len(values) < MIN_ROUNDS:
            continue
        mean, error = _mean_error(values)
        if mean >= best_mean and mean - Z * error > 0:
            best, best_mean = k, mean
    return next((o for o in picked if key(o) == best), prior)


def _mean_error(values):
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, float("inf")
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(variance / n)


class Strong(Policy):
    """The strong bot (module docstring). ``plans`` maps a game to its plan (a Strategy)."""

    def __init__(self, plans):
        self.plans = plans

    def choose(self, st, seat, options, rng, level=None, stats=None):
        plan = self.plans(st)
        chosen = plan.choose(st, seat, options, rng)
        budget = level if isinstance(level, Level) else LEVELS.get(level or DEFAULT_LEVEL, LEVELS[DEFAULT_LEVEL])
        if st.prompt["kind"] != "buy" or not budget.samples or not endgame(st, budget):
            return chosen
        if any(o["type"] in ("play", "play_treasures") for o in options):
            return chosen  # the Treasures first: the buy is searched once the $ is known
        picked = candidates(st, seat, options, plan, chosen)
        if len(picked) < 2:
            return chosen
        started = time.perf_counter()
        # The cap counts this thread's CPU time: on a busy machine the search does the same work, slower.
        deadline = None if budget.seconds is None else time.thread_time() + budget.seconds
        decision = compare(hooks_for(seat, plan), sampler(st, seat), seat, picked, chosen, rng, budget,
                           deadline=deadline, stats=stats)
        if stats is not None:
            spent = time.perf_counter() - started
            stats["seconds"] = stats.get("seconds", 0.0) + spent
            stats.setdefault("search_seconds", []).append(spent)
        return decision
