"""``python -m engine.search.bench [--games N] [--seed S]``: the engine's speed for a search, both ways.

Plays greedy games decision by decision twice over: through the public path (``legal_decisions``,
validated ``apply``, a turn snapshot at every turn, ``GameState.clone``) and through the search's fast
path (``fast.options``, ``fast.play``, ``GameState.clone(for_playout=True)``), and prints one JSON line: decisions per
second and copies per second each way. Both paths play the same games.
"""

import argparse
import json
import random
import time

from ..guildhall import apply, legal_decisions, new_game
from ..guildhall.greedy import greedy_choice
from ..guildhall.playout import options, play


def _public(game_seeds):
    decisions = copies = 0
    play_time = copy_time = 0.0
    for seed in game_seeds:
        st = new_game(2, seed)
        rng = random.Random(seed)
        while not st.finished:
            t0 = time.perf_counter()
            seat = st.stack[-1]["seat"]
            legal = [o for o in legal_decisions(st, seat) if o["type"] != "undo"]
            apply(st, seat, greedy_choice(st, seat, legal, rng))
            t1 = time.perf_counter()
            st.clone()
            t2 = time.perf_counter()
            play_time += t1 - t0
            copy_time += t2 - t1
            decisions += 1
            copies += 1
    return decisions / play_time, copies / copy_time


def _fast(game_seeds):
    decisions = copies = 0
    play_time = copy_time = 0.0
    for seed in game_seeds:
        st = new_game(2, seed).clone(for_playout=True)
        rng = random.Random(seed)
        while st.phase != "over":
            t0 = time.perf_counter()
            seat = st.stack[-1]["seat"]
            play(st, greedy_choice(st, seat, options(st), rng))
            t1 = time.perf_counter()
            st.clone(for_playout=True)
            t2 = time.perf_counter()
            play_time += t1 - t0
            copy_time += t2 - t1
            decisions += 1
            copies += 1
    return decisions / play_time, copies / copy_time


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m engine.search.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", default="bench")
    args = parser.parse_args(argv)
    seeds = [f"{args.seed}-{g}" for g in range(args.games)]
    public_decisions, public_copies = _public(seeds)
    fast_decisions, fast_copies = _fast(seeds)
    print(
        json.dumps(
            {
                "games": args.games,
                "public_decisions_per_s": round(public_decisions),
                "fast_decisions_per_s": round(fast_decisions),
                "public_copies_per_s": round(public_copies),
                "fast_copies_per_s": round(fast_copies),
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
