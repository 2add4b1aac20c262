"""``python -m engine.search.bench [--game SLUG] [--games N] [--seed S]``: a game's speed for a search,
both ways.

Plays games with the game's rollout policy decision by decision twice over: through the protocol
(``legal_decisions``, validated ``apply``, ``state.clone()``) and through the search's hooks (the
game's ``options``, ``play`` and ``copy`` for searched states; the same as the protocol for a game that
gives none), and prints one JSON line: decisions per second and copies per second each way. Both paths
play the same games.
"""

import argparse
import json
import random
import time

from .. import GAMES, get
from .hooks import hooks_of


def _public(game, hooks, game_seeds):
    decisions = copies = 0
    play_time = copy_time = 0.0
    for seed in game_seeds:
        st = game.new_game(2, seed, {})
        rng = random.Random(seed)
        while not game.outcome(st)["over"]:
            t0 = time.perf_counter()
            seat = game.pending_player(st)
            legal = [o for o in game.legal_decisions(st, seat) if o["type"] != "undo"]
            game.apply(st, seat, hooks.policy(st, seat, legal, rng))
            t1 = time.perf_counter()
            st.clone()
            t2 = time.perf_counter()
            play_time += t1 - t0
            copy_time += t2 - t1
            decisions += 1
            copies += 1
    return decisions / play_time, copies / copy_time


def _fast(game, hooks, game_seeds):
    decisions = copies = 0
    play_time = copy_time = 0.0
    for seed in game_seeds:
        st = hooks.copy(game.new_game(2, seed, {}))
        rng = random.Random(seed)
        while not hooks.over(st):
            t0 = time.perf_counter()
            seat = hooks.to_move(st)
            hooks.play(st, hooks.policy(st, seat, hooks.options(st), rng))
            t1 = time.perf_counter()
            hooks.copy(st)
            t2 = time.perf_counter()
            play_time += t1 - t0
            copy_time += t2 - t1
            decisions += 1
            copies += 1
    return decisions / play_time, copies / copy_time


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m engine.search.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="guildhall", choices=sorted(GAMES))
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", default="bench")
    args = parser.parse_args(argv)
    game = get(args.game)
    hooks = hooks_of(game)
    seeds = [f"{args.seed}-{g}" for g in range(args.games)]
    public_decisions, public_copies = _public(game, hooks, seeds)
    fast_decisions, fast_copies = _fast(game, hooks, seeds)
    print(
        json.dumps(
            {
                "game": args.game,
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
