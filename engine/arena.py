"""The arena: ``python -m engine.arena [--game SLUG] --bots strong,greedy --players 2 --games 400 --seed S``.

Plays whole games of one game (``--game``, default guildhall) between its bots through the legal-decision
list and prints one JSON object, last (``--progress`` lines go to stderr): per bot,
its games, wins, win rate with a 95% Wilson interval, average VP and decision time (p50, p95); for the
strong bot also the search's figures (iterations and play-out decisions per second). The lineup is
``--bots`` seat by seat, its last bot filling the remaining seats (``strong,greedy --players 3`` is one
strong bot against two greedy ones); game ``g`` turns the lineup by ``g`` seats, so every bot plays
every seat equally often. A game is won by its sole first place (a shared first place is nobody's win).
Each game and each seat's bot draw from generators seeded by ``--seed`` and the game number, so the
result does not depend on ``--jobs``.
"""

import argparse
import json
import math
import random
import sys
import time
from multiprocessing import Pool

from . import GAMES, get, search

Z95 = 1.959963984540054
DECISION_CAP = 5000


def wilson(wins, games, z=Z95):
    """The 95% Wilson score interval of a win rate."""
    if not games:
        return (0.0, 1.0)
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return (max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale))


def percentile(values, fraction):
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(fraction * len(ordered)) - 1))]  # nearest rank


def lineup(names, players, game):
    seats = (list(names) + [names[-1]] * players)[:players]
    shift = game % players
    return seats[-shift:] + seats[:-shift] if shift else seats


def game_options(game, mode, number):
    """The options of game ``number``: the game's defaults, its ``mode`` if given (``both``: the game's
    modes in turn)."""
    if mode is None:
        return {}
    if mode == "both":
        choices = game.OPTIONS["mode"]["choices"]
        return {"mode": choices[number % len(choices)]}
    return {"mode": mode}


def play_game(args):
    slug, number, names, players, seed, mode, level = args
    game = get(slug)
    kinds = lineup(names, players, number)
    st = game.new_game(players, f"{seed}-{number}", game_options(game, mode, number))
    rngs = [random.Random(f"{seed}-{number}-{seat}") for seat in range(players)]
    times = {kind: [] for kind in kinds}
    stats = {}
    decisions = 0
    while not game.outcome(st)["over"] and decisions < DECISION_CAP:
        seat = game.pending_player(st)
        kind = kinds[seat]
        started = time.perf_counter()
        if kind == "strong":
            decision = search.choose(game, st, seat, rngs[seat], level, stats=stats)
        else:
            decision = game.bots.choose(st, seat, kind, rngs[seat])
        times[kind].append(time.perf_counter() - started)
        game.apply(st, seat, decision)
        decisions += 1
    outcome = game.outcome(st)
    return {
        "kinds": kinds,
        "winner": outcome["winners"][0] if len(outcome["winners"]) == 1 else None,  # a shared first: nobody
        "vp": outcome["scores"],
        "times": times,
        "stats": stats,
        "finished": outcome["over"],
    }


def summarise(results, names, players, args, seconds):
    report = {}
    stats = {}
    for kind in dict.fromkeys(names):
        won = vp_total = seats = 0
        times = []
        for result in results:
            seats_of_kind = [s for s, k in enumerate(result["kinds"]) if k == kind]
            won += result["winner"] in seats_of_kind
            vp_total += sum(result["vp"][s] for s in seats_of_kind)
            seats += len(seats_of_kind)
            times += result["times"].get(kind, [])
        low, high = wilson(won, len(results))
        report[kind] = {
            "seats_per_game": seats // len(results) if results else 0,
            "games": len(results),
            "wins": won,
            "win_rate": round(won / len(results), 4) if results else None,
            "win_rate_ci95": [round(low, 4), round(high, 4)],
            "avg_vp": round(vp_total / seats, 2) if seats else None,
            "decisions": len(times),
            "decision_ms_p50": round(1000 * percentile(times, 0.5), 2) if times else None,
            "decision_ms_p95": round(1000 * percentile(times, 0.95), 2) if times else None,
        }
    for result in results:
        for key, value in result["stats"].items():
            stats[key] = stats.get(key, 0) + value
    out = {
        "game": args.game,
        "bots": list(names),
        "players": players,
        "games": len(results),
        "seed": args.seed,
        "mode": args.mode,
        "unfinished": sum(1 for r in results if not r["finished"]),
        "shared_first": sum(1 for r in results if r["finished"] and r["winner"] is None),
        "results": report,
        "seconds": round(seconds, 1),
    }
    if "strong" in names:
        out["level"] = args.level
        if stats.get("seconds"):
            out["search"] = {
                "searches": stats["searches"],
                "iterations_per_search": round(stats["iterations"] / stats["searches"], 1),
                "rollouts_per_s": round(stats["iterations"] / stats["seconds"]),
                "playout_decisions_per_s": round(stats.get("decisions", 0) / stats["seconds"]),
            }
    return out


class _InProcess:
    """``Pool``'s ``imap`` in this process (``--jobs 1``)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def imap(self, function, items):
        return map(function, items)


def own_arena(argv):
    """The arena of the game named by ``--game`` if its bots module offers one (``bots.arena_main``):
    Dominion's plays random kingdoms and reports per kingdom (engine/dominion/bots/arena.py)."""
    pre = argparse.ArgumentParser(add_help=False)
    pre.add_argument("--game", default="guildhall")
    known, _rest = pre.parse_known_args(argv)
    return getattr(getattr(GAMES.get(known.game), "bots", None), "arena_main", None)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    game_arena = own_arena(argv)
    if game_arena is not None:
        return game_arena(argv)
    parser = argparse.ArgumentParser(prog="python -m engine.arena", description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="guildhall", choices=sorted(GAMES))
    parser.add_argument("--bots", default="strong,greedy", help="comma-separated kinds of the game's bots")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", default="arena")
    parser.add_argument("--mode", default=None, help="the game's mode option, or 'both' to alternate its modes "
                        "(Guildhall: printed, yucata, both; default: the game's default)")
    parser.add_argument("--level", default=search.DEFAULT_LEVEL, choices=sorted(search.LEVELS))
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--progress", action="store_true", help="one JSON line per finished game on stderr")
    args = parser.parse_args(argv)
    game = get(args.game)
    if args.players not in game.PLAYERS:
        parser.error(f"--players: {game.NAME} is played by {', '.join(map(str, game.PLAYERS))}")
    if args.mode is None and "mode" in game.OPTIONS:
        args.mode = game.OPTIONS["mode"]["default"]
    if args.mode not in (None, "both"):
        try:
            game.validate_options({"mode": args.mode})
        except ValueError as exc:
            parser.error(f"--mode: {exc}")
    kinds = game.bots.KINDS
    names = [n.strip() for n in args.bots.split(",") if n.strip()]
    unknown = [n for n in names if n not in kinds]
    if not names or unknown or len(names) > args.players:
        parser.error(f"--bots: one to {args.players} of {', '.join(kinds)}")
    work = [(args.game, g, names, args.players, args.seed, args.mode, args.level) for g in range(args.games)]
    started = time.perf_counter()
    results = []
    with Pool(args.jobs) if args.jobs > 1 else _InProcess() as pool:
        for result in pool.imap(play_game, work):
            results.append(result)
            if args.progress:  # one line per game, so that a long run can be followed (and cut short)
                line = {
                    "game": len(results) - 1,
                    "kinds": result["kinds"],
                    "winner": result["winner"],
                    "vp": result["vp"],
                }
                print(json.dumps(line), file=sys.stderr, flush=True)
    print(json.dumps(summarise(results, names, args.players, args, time.perf_counter() - started)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
