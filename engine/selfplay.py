"""Self-play: ``python -m engine.selfplay [--game SLUG] --games N --players P --seed S --bot random|greedy|strong``.

Plays N complete games of one game through its legal-decision list, checks after every decision that
the state replayed from the log so far equals the live one and that the game's own invariants hold
(``check_invariants`` of a game that offers it), and prints one JSON line. ``decisions_per_s`` times
only the play loop (enumerate the legal decisions, pick one, apply it); the checks are timed apart
(``check_seconds``). ``replay_us_per_decision`` is the cost of rebuilding each finished game from its
stored log. Exit status 1 on any failure.
"""

import argparse
import json
import random
import sys
import time

from . import GAMES, get
from .search import LEVELS

DECISION_CAP = 5000  # random bots may wander; a game past this is reported as unfinished


class InvariantError(AssertionError):
    pass


def check_invariants(st, shadow, game=None):
    """Everything that must hold after every decision: the state replayed from the log equals the live
    one, and the game's own invariants."""
    game = game or get("guildhall")
    own = getattr(game, "check_invariants", None)
    if own is not None:
        try:
            own(st)
        except AssertionError as exc:
            raise InvariantError(str(exc)) from exc
    if shadow != st:
        raise InvariantError("the state replayed from the log differs from the live state")


def _options(game, options):
    # A bare string is Guildhall's mode, as the site's analysis passes it until it speaks the protocol.
    return {"mode": options} if isinstance(options, str) else options


def _explore(game, st, seat, rng):
    """A random legal decision; a game's own ``bots.random_choice`` (Guildhall's undoes now and then, to
    exercise the undo rules) where it has one."""
    options = game.legal_decisions(st, seat)
    explorer = getattr(game.bots, "random_choice", None)
    return explorer(options, rng) if explorer else rng.choice(options)


def play_one(players, seed, options, bot, rng, check=True, level=None, game=None):
    game = game or get("guildhall")
    options = _options(game, options)
    st = game.new_game(players, seed, options)
    shadow = game.new_game(players, seed, options) if check else None
    log = []
    play_time = check_time = 0.0
    while not game.outcome(st)["over"] and len(log) < DECISION_CAP:
        t0 = time.perf_counter()
        seat = game.pending_player(st)
        if bot == "random":
            decision = _explore(game, st, seat, rng)
        else:
            decision = game.bots.choose(st, seat, bot, rng, level=level)
        game.apply(st, seat, decision)
        t1 = time.perf_counter()
        play_time += t1 - t0
        log.append((seat, decision))
        if check:
            stored = json.loads(json.dumps(decision))
            game.apply(shadow, seat, stored)  # as stored, through JSON, validated again
            check_invariants(st, shadow, game)
            check_time += time.perf_counter() - t1
    return st, log, play_time, check_time


def _option_sets(game, mode):
    """The options of each game: ``--mode both`` alternates the game's modes."""
    if mode is None:
        return [{}]
    if mode == "both":
        return [{"mode": m} for m in game.OPTIONS["mode"]["choices"]]
    return [{"mode": mode}]


def run(games, players, seed, bot, mode="printed", check=True, level=None, game=None):
    game = game or get("guildhall")
    option_sets = _option_sets(game, mode)
    master = random.Random(seed)
    totals = {"decisions": 0, "play": 0.0, "check": 0.0, "replay": 0.0, "replayed": 0}
    unfinished = failures = max_decisions = 0
    errors = []
    started = time.perf_counter()
    for number in range(games):
        game_seed = f"{seed}-{number}-{master.getrandbits(64):016x}"
        options = option_sets[number % len(option_sets)]
        try:
            st, log, play_time, check_time = play_one(players, game_seed, options, bot,
                                                      random.Random(game_seed), check, level, game)
            t0 = time.perf_counter()
            rebuilt = game.replay(players, game_seed, options, log)
            totals["replay"] += time.perf_counter() - t0
            totals["replayed"] += len(log)
            if check and rebuilt != st:
                raise InvariantError("replaying the whole log gives another state")
        except Exception as exc:  # noqa: BLE001 - every failure is counted and reported
            failures += 1
            errors.append(f"game {number} ({game_seed}, {options}): {type(exc).__name__}: {exc}")
            continue
        totals["decisions"] += len(log)
        totals["play"] += play_time
        totals["check"] += check_time
        max_decisions = max(max_decisions, len(log))
        if not game.outcome(st)["over"]:
            unfinished += 1
    seconds = time.perf_counter() - started
    result = {
        "game": game.NAME,
        "games": games,
        "players": players,
        "bot": bot,
        "mode": mode,
        "decisions": totals["decisions"],
        "seconds": round(seconds, 3),
        "games_per_s": round(games / seconds, 2) if seconds else None,
        "decisions_per_s": round(totals["decisions"] / totals["play"]) if totals["play"] else None,
        "check_seconds": round(totals["check"], 3),
        "replay_us_per_decision": round(1e6 * totals["replay"] / totals["replayed"], 2) if totals["replayed"] else None,
        "max_decisions": max_decisions,
        "unfinished": unfinished,
        "failures": failures,
    }
    return result, errors


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m engine.selfplay", description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="guildhall", choices=sorted(GAMES))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", default="selfplay")
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--level", default=None, choices=sorted(LEVELS), help="the strong bot's budget")
    parser.add_argument("--mode", default=None, help="the game's mode option (Guildhall: printed, yucata, both)")
    parser.add_argument("--no-check", action="store_true", help="skip the per-decision invariant checks")
    args = parser.parse_args(argv)
    game = get(args.game)
    if args.players not in game.PLAYERS:
        parser.error(f"--players: {game.NAME} is played by {', '.join(map(str, game.PLAYERS))}")
    if args.bot not in game.bots.KINDS:
        parser.error(f"--bot: one of {', '.join(game.bots.KINDS)}")
    mode = args.mode
    if mode is None and "mode" in game.OPTIONS:
        mode = game.OPTIONS["mode"]["default"]
    if mode is not None and mode != "both":
        try:
            game.validate_options({"mode": mode})
        except ValueError as exc:
            parser.error(f"--mode: {exc}")
    result, errors = run(args.games, args.players, args.seed, args.bot, mode, not args.no_check, args.level, game)
    for error in errors[:20]:
        print(error, file=sys.stderr)
    print(json.dumps(result))
    failed = result["failures"] or (args.bot != "random" and result["unfinished"])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
