"""What a decision costs: ``python -m engine.dominion.bench --games N --players P [--game guildhall]``.

Random self-play; for every decision it times the parts a request to the site asks of the engine:
``legal`` (list the legal decisions), ``apply`` (with ``legal=``), ``clone`` (``clone(with_events=False)``),
``pickle`` (dump and load the state as the site caches it, its events included), ``views`` (one per seat
and a spectator) and ``describe`` (the new entry for each of them). Prints one JSON line of µs per
decision. ``--game guildhall`` runs the same loop on Guildhall, for the comparison in docs/rules-dominion.md.
"""

import argparse
import json
import pickle
import random
import sys
import time

NAMES = ["A", "B", "C", "D"]


def measure(game, games, players, seed="bench"):
    parts = dict.fromkeys(("legal", "apply", "clone", "pickle", "views", "describe"), 0.0)
    decisions = 0
    viewers = [None, *range(players)]
    for number in range(games):
        rng = random.Random(f"{seed}-{number}")
        st = game.new_game(players, f"{seed}-{number}", {})
        while not game.outcome(st)["over"] and decisions < 10**7:
            t0 = time.perf_counter()
            seat = game.pending_player(st)
            legal = game.legal_decisions(st, seat)
            t1 = time.perf_counter()
            decision = rng.choice([o for o in legal if o.get("type") != "undo"])
            t2 = time.perf_counter()
            game.apply(st, seat, decision, legal=legal)
            t3 = time.perf_counter()
            st.clone(with_events=False)
            t4 = time.perf_counter()
            pickle.loads(pickle.dumps(st))
            t5 = time.perf_counter()
            for viewer in viewers:
                game.view(st, viewer)
            t6 = time.perf_counter()
            for viewer in viewers:
                game.describe(st, st.seq, viewer, NAMES)
            t7 = time.perf_counter()
            parts["legal"] += t1 - t0
            parts["apply"] += t3 - t2
            parts["clone"] += t4 - t3
            parts["pickle"] += t5 - t4
            parts["views"] += t6 - t5
            parts["describe"] += t7 - t6
            decisions += 1
    result = {k: round(1e6 * v / decisions, 1) for k, v in parts.items()}
    result["legal+apply+clone"] = round(result["legal"] + result["apply"] + result["clone"], 1)
    return {"game": game.NAME, "players": players, "games": games, "decisions": decisions, "us_per_decision": result}


def main(argv=None):
    from .. import get

    parser = argparse.ArgumentParser(prog="python -m engine.dominion.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="dominion")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--seed", default="bench")
    args = parser.parse_args(argv)
    print(json.dumps(measure(get(args.game), args.games, args.players, args.seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
