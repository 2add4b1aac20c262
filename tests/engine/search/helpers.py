"""Mid-game positions for the search tests, reached by greedy play through the legal-decision list."""

import random

from engine import guildhall
from engine.search import Level

# Small budgets keep the suite fast; no time cap, so every choice is reproducible. TINY searches as the
# default levels do (the root's decisions, paired play-outs); TINY_TREE grows the information-set tree.
TINY = Level(iterations=12, seconds=None, max_depth=1)
TINY_TREE = Level(iterations=12, seconds=None, max_depth=8)


def positions(players, mode, seed, every=23, limit=6):
    """States where a seat has a real choice to make (more than one legal decision), every ``every``
    decisions of a greedy game, at most ``limit`` of them."""
    rng = random.Random(seed)
    st = guildhall.new_game(players, seed, {"mode": mode})
    found = []
    count = 0
    while not st.finished and len(found) < limit:
        seat = guildhall.pending_player(st)
        options = [o for o in guildhall.legal_decisions(st, seat) if o["type"] != "undo"]
        count += 1
        if count % every == 0 and len(options) > 1:
            found.append(st.clone())
        guildhall.apply(st, seat, guildhall.bots.choose(st, seat, "greedy", rng))
    return found
