"""The strong bot: information-set Monte Carlo search over determinizations (docs/bots.md): the root's
decisions compared on common samples (engine/search/flat.py), or an information-set tree for a level
with ``max_depth > 1`` (engine/search/tree.py), greedy play-outs and a cheap evaluation.

``choose(st, seat, rng, level)`` looks at ``st`` only through the seat's observation
(engine/search/observation.py): the hidden zones are re-dealt in every sample, so permuting cards the
seat cannot see never changes its decision. For a fixed ``rng`` seed and an iteration budget the choice
is deterministic; the time cap (``seconds``) only bounds a slow machine.
"""

import time
from dataclasses import dataclass

from ..guildhall.decisions import legal_decisions
from ..guildhall.greedy import greedy_choice
from ..guildhall.observation import observe, public_skeleton
from ..guildhall.sampler import determinize
from .flat import search_root
from .tree import decision_key, search


@dataclass(frozen=True)
class Level:
    iterations: int  # play-outs per decision
    seconds: float | None  # stop early past this much time (None: iterations only, fully deterministic)
    # How many turns a play-out looks ahead before the position is evaluated; None: a round and one turn
    # more, so that the seat's own next turn is always played out.
    rollout_turns: int | None = None
    max_depth: int = 64  # decisions in the tree below the root (1: the root's decisions only, paired)


# A tree below the root did not pay at these budgets (docs/bots.md, "Measurements"): the play-outs are
# better spent comparing the root's decisions on common samples.
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
    turns = budget.rollout_turns or st.num_players + 1
    if budget.max_depth > 1:
        key, iterations = search(
            obs,
            skeleton,
            rng,
            budget.iterations,
            turns,
            deadline=deadline,
            prior=prior,
            max_depth=budget.max_depth,
            stats=stats,
        )
    else:
        key, iterations = search_root(
            obs, skeleton, rng, legal, budget.iterations, turns, deadline=deadline, prior=prior, stats=stats
        )
    if stats is not None:
        stats["searches"] = stats.get("searches", 0) + 1
        stats["iterations"] = stats.get("iterations", 0) + iterations
        stats["seconds"] = stats.get("seconds", 0.0) + time.perf_counter() - started
    return next(o for o in legal if decision_key(o) == key)


__all__ = ["DEFAULT_LEVEL", "LEVELS", "Level", "choose"]
