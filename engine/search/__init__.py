"""The strong bot: information-set Monte Carlo tree search over determinizations (docs/bots.md).

``choose(st, seat, rng, level)`` looks at ``st`` only through the seat's observation
(engine/search/observation.py): the hidden zones are re-dealt in every sample, so permuting cards the
seat cannot see never changes its decision. For a fixed ``rng`` seed and an iteration budget the choice
is deterministic; the time cap (``seconds``) only bounds a slow machine.
"""

import time
from dataclasses import dataclass

from ..decisions import legal_decisions
from ..greedy import greedy_choice
from .ismcts import decision_key, search
from .observation import observe, public_skeleton
from .sampler import determinize


@dataclass(frozen=True)
class Level:
    iterations: int  # determinizations searched per decision
    seconds: float | None  # stop early past this much time (None: iterations only, fully deterministic)
    rollout_turns: int = 3  # how many turns a play-out looks ahead before the position is evaluated
    max_depth: int = 64  # decisions in the tree below the root (1: flat Monte Carlo over the root's)


# A tree below the root did not pay at these budgets: on the same 20 seeds against greedy, 100
# iterations won 18 games searching the root's decisions only and 12 of 17 with 3 tree levels (docs/bots.md).
LEVELS = {
    "quick": Level(iterations=8, seconds=0.05, max_depth=1),
    "fast": Level(iterations=40, seconds=0.1, max_depth=1),
    "strong": Level(iterations=100, seconds=0.25, max_depth=1),
}
DEFAULT_LEVEL = "strong"


def choose(st, seat, rng, level=DEFAULT_LEVEL, stats=None):
    """A decision from ``legal_decisions(st, seat)`` (never ``undo``). ``level``: a name of ``LEVELS``
    or a ``Level``. ``stats``, a dict, accumulates ``searches``, ``iterations``, ``decisions`` (played
    in play-outs) and ``seconds`` (searching), for the benchmark figures."""
    budget = LEVELS[level] if isinstance(level, str) else level
    legal = [o for o in legal_decisions(st, seat) if o["type"] != "undo"]
    if not legal:
        raise ValueError("this seat has no decision to make")
    if len(legal) == 1:
        return legal[0]
    started = time.perf_counter()
    deadline = None if budget.seconds is None else started + budget.seconds
    obs = observe(st, seat)
    skeleton = public_skeleton(st, seat)
    # The rollout policy's choice, in a sample (it reads the seat's own zones and the public ones only).
    prior = decision_key(greedy_choice(determinize(obs, skeleton, rng), seat, legal, rng))
    key, iterations = search(
        obs,
        skeleton,
        rng,
        budget.iterations,
        budget.rollout_turns,
        deadline=deadline,
        prior=prior,
        max_depth=budget.max_depth,
        stats=stats,
    )
    if stats is not None:
        stats["searches"] = stats.get("searches", 0) + 1
        stats["iterations"] = stats.get("iterations", 0) + iterations
        stats["seconds"] = stats.get("seconds", 0.0) + time.perf_counter() - started
    return next(o for o in legal if decision_key(o) == key)


__all__ = ["DEFAULT_LEVEL", "LEVELS", "Level", "choose"]
