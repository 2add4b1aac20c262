"""Information-set Monte Carlo tree search (single observer, Cowling, Powley & Whitehouse 2012), for a
level with ``max_depth > 1`` (the default levels compare the root's decisions only: engine/search/paired.py).

One tree for the searching seat's information set. Each iteration samples a determinization (the
game's ``sample``), walks the tree choosing among the decisions legal in that sample (every
seat's, by its own reward: the opponents' nodes are shared across samples, so an opponent is modelled
by what it could do in any world the seat thinks possible), adds one node, plays out with the rollout
policy and backs each seat's reward up the path. A child's UCB counts the iterations in which it was
available, not its parent's visits, since a decision exists only in some samples.
"""

import math
import time

from .paired import MARGIN
from .playouts import rollout


class Node:
    __slots__ = ("children", "visits", "available", "total", "seat")

    def __init__(self, seat):
        self.seat = seat  # the seat that chose the decision leading here (it owns ``total``)
        self.children = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0


def search(
    hooks, sample, seat, rng, iterations, rollout_turns, exploration=0.7, deadline=None, prior=None, max_depth=64,
    stats=None,
):
    """The root decision to take (its key) and the number of iterations run. ``prior`` is the rollout
    policy's own decision at the root: the search replaces it only with one that looks clearly better,
    so noise among near-equal decisions (which card to discard) falls back on sound play."""
    root = Node(seat)
    done = 0
    while done < iterations:
        done += 1
        st = sample(rng)
        node = root
        path = []
        while not hooks.over(st) and len(path) < max_depth:
            to_move = hooks.to_move(st)
            legal = hooks.options(st)
            keys = [hooks.key(o) for o in legal]
            untried = []
            for key in keys:
                child = node.children.get(key)
                if child is None:
                    untried.append(key)
                else:
                    child.available += 1
            if untried:
                index = keys.index(untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0])
                child = Node(to_move)
                child.available = 1
                node.children[keys[index]] = child
                hooks.play(st, legal[index])
                path.append(child)
                break
            log_scale = exploration
            best, best_value = 0, -1.0
            for index, key in enumerate(keys):
                child = node.children[key]
                value = child.total / child.visits + log_scale * math.sqrt(math.log(child.available) / child.visits)
                if value > best_value:
                    best, best_value = index, value
            node = node.children[keys[best]]
            hooks.play(st, legal[best])
            path.append(node)
        values = rollout(hooks, st, rng, rollout_turns, stats=stats)
        root.visits += 1
        for child in path:
            child.visits += 1
            child.total += values[child.seat]
        if deadline is not None and time.perf_counter() >= deadline:
            break
    best_key, best = max(root.children.items(), key=lambda item: (item[1].visits, item[1].total))
    fallback = root.children.get(prior)
    if (
        fallback is not None
        and fallback.visits
        and best.total / best.visits < fallback.total / fallback.visits + MARGIN
    ):
        return prior, done
    return best_key, done
