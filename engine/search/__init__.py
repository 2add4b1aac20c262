"""The strong bot's search, for every game: information-set Monte Carlo over determinizations
(docs/bots.md). The root's decisions are compared on common samples (engine/search/paired.py), or, for
a level with ``max_depth > 1``, an information-set tree grows below the root (engine/search/ismcts.py);
play-outs follow the game's rollout policy and stop at the game's evaluation (engine/search/playouts.py).

The search works only through the game's protocol and its ``bots.SEARCH`` hooks (engine/search/hooks.py).
It reads the true state only through the game's ``sample`` (or its faster ``sampler``): every sample
re-deals what the seat cannot see, so where the hidden cards really lie never changes its decision. The
seat's own legal decisions and the number of players are all it takes from the state itself.

For a fixed ``rng`` seed and an iteration budget a choice is deterministic; the time cap (``seconds``)
only bounds a slow machine.

Two entry points: ``choose`` (the bot) and ``evaluate`` (every root decision's value, for the post-game
analysis), and ``position_value`` (what a position is worth to a seat).
"""

import random
import time
from dataclasses import dataclass

from .hooks import Hooks, canonical_key, hooks_of
from .ismcts import search
from .paired import MARGIN, Evaluation, evaluate_root
from .playouts import rollout


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


def horizon(st, rollout_turns=None):
    """Turns a play-out looks ahead: ``rollout_turns``, or a round and one turn more."""
    return rollout_turns or st.num_players + 1


def _root(game, st, seat):
    hooks = hooks_of(game)
    legal = [o for o in game.legal_decisions(st, seat) if o.get("type") != "undo"]
    return hooks, legal


def choose(game, st, seat, rng, level=DEFAULT_LEVEL, stats=None):
    """A decision of ``game.legal_decisions(st, seat)`` (never ``undo``). ``level``: a name of ``LEVELS``
    or a ``Level``. ``stats``, a dict, accumulates ``searches``, ``iterations``, ``decisions`` (played
    in play-outs) and ``seconds`` (searching), for the benchmark figures."""
    budget = LEVELS[level] if isinstance(level, str) else level
    hooks, legal = _root(game, st, seat)
    if not legal:
        raise ValueError("this seat has no decision to make")
    if len(legal) == 1:
        return legal[0]
    started = time.perf_counter()
    deadline = None if budget.seconds is None else started + budget.seconds
    sample = hooks.sampler(st, seat)
    # The rollout policy's choice, in a sample (the policy reads only what a sample holds).
    prior = hooks.key(hooks.policy(sample(rng), seat, legal, rng))
    turns = horizon(st, budget.rollout_turns)
    if budget.max_depth > 1:
        key, iterations = search(
            hooks, sample, seat, rng, budget.iterations, turns, deadline=deadline, prior=prior,
            max_depth=budget.max_depth, stats=stats,
        )
    else:
        result = evaluate_root(hooks, sample, seat, legal, rng, budget.iterations, turns, deadline=deadline,
                               prior=prior, stats=stats)
        key, iterations = result.preferred, result.playouts
    if stats is not None:
        stats["searches"] = stats.get("searches", 0) + 1
        stats["iterations"] = stats.get("iterations", 0) + iterations
        stats["seconds"] = stats.get("seconds", 0.0) + time.perf_counter() - started
    return next((o for o in legal if hooks.key(o) == key), legal[0])


def evaluate(game, st, seat, rng, playouts, rollout_turns=None, deadline=None, clock=time.process_time,
             progress=None):
    """Every legal decision of ``seat`` (the seat to decide in ``st``) played out from common samples of
    what the seat has seen: an ``Evaluation`` (each decision's mean reward, its play-outs, the decision the
    bot prefers). At most ``playouts`` play-outs in all, fewer once ``clock()`` passes ``deadline`` (the
    process's CPU time by default: a busy machine makes an analysis slower, not worse).
    ``progress(done, playouts)`` is called after every sample. The strong bot's choice is
    ``evaluate(...).preferred`` for the same budget and generator."""
    hooks, legal = _root(game, st, seat)
    if not legal:
        return Evaluation(seat=seat, legal=legal, key=hooks.key)
    sample = hooks.sampler(st, seat)
    prior = hooks.key(hooks.policy(sample(rng), seat, legal, rng))
    return evaluate_root(hooks, sample, seat, legal, rng, playouts, horizon(st, rollout_turns), deadline=deadline,
                         clock=clock, prior=prior, progress=progress)


def position_value(game, st, seat, rng, playouts, rollout_turns=None, deadline=None, clock=time.process_time,
                   progress=None):
    """What the position is worth to ``seat`` (to move or not), from what it has seen: the mean reward of
    ``playouts`` play-outs of samples; None if the deadline left no play-out."""
    hooks = hooks_of(game)
    sample = hooks.sampler(st, seat)
    turns = horizon(st, rollout_turns)
    total, done = 0.0, 0
    while done < playouts:
        if deadline is not None and done and clock() >= deadline:
            break
        total += rollout(hooks, sample(rng), random.Random(rng.getrandbits(64)), turns)[seat]
        done += 1
        if progress is not None:
            progress(done, playouts)
    return total / done if done else None


__all__ = [
    "DEFAULT_LEVEL", "LEVELS", "MARGIN", "Evaluation", "Hooks", "Level", "canonical_key", "choose", "evaluate",
    "horizon", "hooks_of", "position_value",
]
