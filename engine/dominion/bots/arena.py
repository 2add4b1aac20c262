"""Dominion's arena: ``python -m engine.arena --game dominion --bots strong,bigmoney --players 2 --games N
--seed S [--kingdoms K] [--jobs J] [--level L] [--progress]`` (engine/arena.py hands Dominion to this
module's ``main``; ``python -m engine.dominion.bots.arena`` is the same).

``--games`` N games in all, dealt in turn to ``--kingdoms`` K random kingdoms (default 50, at most N),
distinct, drawn from the seed (``benchmark_kingdoms``): design §2's 50 kingdoms × 400 games is
``--games 20000 --kingdoms 50``. The lineup is ``--bots`` seat by seat, its last bot filling the remaining
seats; the g-th game of a kingdom turns the lineup by g seats and seat 0 always begins, so with 2 players
each bot begins half the games of every kingdom (alternating first seats). A game still running when every
seat has taken 100 turns is a draw (each seat's share 1/players), counted under ``capped``.

It prints one JSON object, last (``--progress`` lines go to stderr): for the first bot of ``--bots`` its
share of the win (a sole win 1, a shared first place split, ties worth ½ at 2 players) per kingdom, the
mean over kingdoms, the worst kingdom, a bootstrap 95% interval over kingdoms (resampling kingdoms),
the split by seat (beginning or not), the mean game length (turns per player), the draws at the cap, and
every bot kind's decision time (p50/p95, wall clock and CPU) and the strong bot's search figures.
"""

import argparse
import itertools
import json
import random
import sys
import time
from multiprocessing import Pool

from ...arena import lineup, percentile, wilson
from ..cards import GUILDS, KINGDOM_SIZE
from . import bmx
from .simulate import TURN_CAP, play

BOOTSTRAP = 10000


def benchmark_kingdoms(seed, count):
    """``count`` distinct kingdoms (of the 286) drawn from ``seed``, each sorted in GUILDS order."""
    every = list(itertools.combinations(GUILDS, KINGDOM_SIZE))
    if not 1 <= count <= len(every):
        raise ValueError(f"between 1 and {len(every)} kingdoms")
    return [list(k) for k in random.Random(f"{seed}|kingdoms").sample(every, count)]


def play_one(job):
    from . import POLICIES, choose  # the registered kinds, in a worker process too

    index, kingdom, number, names, players, seed, level, edition = job
    kinds = lineup(names, players, number)
    rng = random.Random(f"{seed}|{index}|{number}|bots")
    stats = {}

    def decider(kind):
        def decide(st, seat, options, rng):
            if kind == "strong":
                decision = POLICIES["strong"].choose(st, seat, options, rng, level, stats=stats)
                if decision not in options:
                    raise AssertionError(f"strong chose {decision!r}, which is not legal")
                return decision
            return choose(st, seat, kind, rng, level)

        return decide

    walls = [[] for _ in range(players)]
    started_cpu = time.process_time()
    st, result = play([decider(k) for k in kinds], kingdom, f"{seed}|{index}|{number}", first_seat=0,
                      edition=edition, rng=rng, times=walls)
    return {
        "kingdom": index,
        "number": number,
        "kinds": kinds,
        "shares": result["shares"],
        "capped": result["capped"],
        "turns": [s.turns for s in st.seats],
        "times": walls,
        "stats": stats,
        "cpu": time.process_time() - started_cpu,
    }


def bootstrap(values, rng, rounds=BOOTSTRAP):
    """95% interval of the mean of ``values`` by resampling them."""
    if not values:
        return None
    means = sorted(sum(rng.choice(values) for _ in values) / len(values) for _ in range(rounds))
    return [round(means[int(0.025 * rounds)], 4), round(means[int(0.975 * rounds) - 1], 4)]


def summarise(results, kingdoms, names, players, args, seconds):
    subject = names[0]
    per_kingdom = []
    first = [0.0, 0]
    later = [0.0, 0]
    total_share = 0.0
    games = 0
    for index, kingdom in enumerate(kingdoms):
        mine = [r for r in results if r["kingdom"] == index]
        share = 0.0
        seats_played = 0
        for r in mine:
            for seat, kind in enumerate(r["kinds"]):
                if kind != subject:
                    continue
                share += r["shares"][seat]
                seats_played += 1
                bucket = first if seat == 0 else later
                bucket[0] += r["shares"][seat]
                bucket[1] += 1
        rate = share / seats_played if seats_played else None
        total_share += share
        games += seats_played
        per_kingdom.append({"kingdom": kingdom, "games": len(mine), "bigmoney_x": _bmx_name(kingdom, args.edition),
                            "win_rate": None if rate is None else round(rate, 4)})
    rates = [k["win_rate"] for k in per_kingdom if k["win_rate"] is not None]
    worst = min(per_kingdom, key=lambda k: k["win_rate"] if k["win_rate"] is not None else 2.0)
    times = {}
    for r in results:
        for seat, kind in enumerate(r["kinds"]):
            times.setdefault(kind, []).extend(r["times"][seat])
    decision_times = {}
    for kind, pairs in times.items():
        walls = [p[0] for p in pairs]
        cpus = [p[1] for p in pairs]
        decision_times[kind] = {
            "decisions": len(pairs),
            "wall_ms_p50": _ms(percentile(walls, 0.5)), "wall_ms_p95": _ms(percentile(walls, 0.95)),
            "wall_ms_max": _ms(max(walls) if walls else None),
            "cpu_ms_p50": _ms(percentile(cpus, 0.5)), "cpu_ms_p95": _ms(percentile(cpus, 0.95)),
        }
    stats = {}
    searched = []
    for r in results:
        for key, value in r["stats"].items():
            if key == "search_seconds":
                searched += value
            else:
                stats[key] = stats.get(key, 0) + value
    lengths = [sum(r["turns"]) / players for r in results]
    mean_rate = sum(rates) / len(rates) if rates else None
    low, high = wilson(total_share, games) if games else (None, None)
    out = {
        "game": "dominion",
        "bots": list(names),
        "subject": subject,
        "players": players,
        "kingdoms": len(kingdoms),
        "games": len(results),
        "seed": args.seed,
        "level": args.level,
        "edition": args.edition,
        "win_rate_mean": None if mean_rate is None else round(mean_rate, 4),
        "win_rate_ci95_bootstrap_kingdoms": bootstrap(rates, random.Random(f"{args.seed}|bootstrap")),
        "win_rate_pooled_wilson95": None if low is None else [round(low, 4), round(high, 4)],
        "worst_kingdom": {"kingdom": worst["kingdom"], "win_rate": worst["win_rate"]},
        "by_seat": {
            "first": None if not first[1] else {"games": first[1], "win_rate": round(first[0] / first[1], 4)},
            "later": None if not later[1] else {"games": later[1], "win_rate": round(later[0] / later[1], 4)},
        },
        "mean_turns_per_player": round(sum(lengths) / len(lengths), 2) if lengths else None,
        "capped_at_100_turns": sum(1 for r in results if r["capped"]),
        "unfinished": sum(1 for r in results if r["capped"]),  # the generic arena's name for them
        "turn_cap": TURN_CAP,
        "decision_time": decision_times,
        "cpu_seconds": round(sum(r["cpu"] for r in results), 1),
        "seconds": round(seconds, 1),
        "per_kingdom": per_kingdom,
    }
    if stats.get("searches"):
        out["search"] = {
            "searches": stats["searches"],
            "playouts_per_search": round(stats["iterations"] / stats["searches"], 1),
            "searches_per_game": round(stats["searches"] / len(results), 2),
            "searched_decision_wall_ms_p50": _ms(percentile(searched, 0.5)),
            "searched_decision_wall_ms_p95": _ms(percentile(searched, 0.95)),
            "searched_decision_wall_ms_max": _ms(max(searched) if searched else None),
        }
    return out


def _bmx_name(kingdom, edition):
    from .strategy import describe, normalise_spec

    return describe(normalise_spec(bmx.choice(tuple(kingdom), edition)[0]))


def _ms(seconds):
    return None if seconds is None else round(1000 * seconds, 2)


class _InProcess:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def imap(self, function, items, chunksize=1):
        return map(function, items)


def parser():
    from .strong import DEFAULT_LEVEL, LEVELS

    p = argparse.ArgumentParser(prog="python -m engine.arena --game dominion", description=__doc__.splitlines()[0])
    p.add_argument("--game", default="dominion", choices=("dominion",))
    p.add_argument("--bots", default="strong,bigmoney", help="comma-separated bot kinds, seat by seat")
    p.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    p.add_argument("--games", type=int, default=400, help="games in all, dealt in turn to the kingdoms")
    p.add_argument("--kingdoms", type=int, default=50, help="random kingdoms drawn from the seed (at most --games)")
    p.add_argument("--seed", default="arena")
    p.add_argument("--level", default=DEFAULT_LEVEL, choices=sorted(LEVELS))
    p.add_argument("--edition", default="2013", choices=("2013", "2022"))
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    p.add_argument("--progress", action="store_true", help="one JSON line per finished game on stderr")
    return p


def main(argv=None):
    from . import KINDS

    p = parser()
    args = p.parse_args(argv)
    names = [n.strip() for n in args.bots.split(",") if n.strip()]
    unknown = [n for n in names if n not in KINDS]
    if not names or unknown or len(names) > args.players:
        p.error(f"--bots: one to {args.players} of {', '.join(KINDS)}")
    if args.games < 1:
        p.error("--games: at least 1")
    try:
        kingdoms = benchmark_kingdoms(args.seed, min(args.kingdoms, args.games))
    except ValueError as exc:
        p.error(f"--kingdoms: {exc}")
    work = [(g % len(kingdoms), kingdoms[g % len(kingdoms)], g // len(kingdoms), names, args.players, args.seed,
             args.level, args.edition) for g in range(args.games)]
    started = time.perf_counter()
    results = []
    with Pool(args.jobs) if args.jobs > 1 else _InProcess() as pool:
        for result in pool.imap(play_one, work, chunksize=4):
            results.append(result)
            if args.progress:
                print(json.dumps({"kingdom": result["kingdom"], "game": result["number"], "kinds": result["kinds"],
                                  "shares": result["shares"], "turns": result["turns"]}), file=sys.stderr, flush=True)
    print(json.dumps(summarise(results, kingdoms, names, args.players, args, time.perf_counter() - started)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
