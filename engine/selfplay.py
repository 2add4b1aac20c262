"""Self-play: ``python -m engine.selfplay --games N --players P --seed S --bot random|greedy|strong``.

Plays N complete games through the legal-decision list, checks the invariants after every decision,
and prints one JSON line. ``decisions_per_s`` times only the play loop (enumerate the legal decisions,
pick one, apply it); the checks are timed apart (``check_seconds``). ``replay_us_per_decision`` is the
cost of rebuilding each finished game from its stored log. Exit status 1 on any failure.
"""

import argparse
import json
import random
import sys
import time

from . import apply, bots, legal_decisions, new_game, pending_player, replay, view
from .guildhall.cards import ALL_VP_IDS, IDENTITY, MAX_COMPLETED, VP_VALUE
from .guildhall.views import card_ids_in, hidden_cards
from .guildhall.zones import sheds_at_turn_start
from .search import LEVELS

DECISION_CAP = 5000  # random bots may wander; a game past this is reported as unfinished


class InvariantError(AssertionError):
    pass


def check_invariants(st, shadow):
    """Everything that must hold after every decision."""
    places = list(st.deck) + list(st.discard) + list(st.area)
    vp_places = list(st.row) + list(st.vp_deck)
    for seat, player in enumerate(st.players):
        places += player.hand + list(player.hall.values())
        places += [c for chapter in player.completed for c in chapter]
        vp_places += player.vp_cards
        for identity, card in player.hall.items():
            if IDENTITY[card] != identity:
                raise InvariantError(f"seat {seat}: guildhall key {identity} holds card {card}")
        shedding = any(p["kind"] == "shed_chapters" and p["seat"] == seat for p in st.stack)
        may_exceed = shedding or (sheds_at_turn_start(st) and seat != st.active)
        if len(player.completed) > MAX_COMPLETED and not may_exceed and st.phase != "over":
            raise InvariantError(f"seat {seat} holds {len(player.completed)} completed chapters")
        if player.vp != sum(VP_VALUE[v] for v in player.vp_cards) + player.tokens:
            raise InvariantError("VP is not VP cards + tokens")
    if sorted(places) != list(range(120)):
        raise InvariantError("a profession card is missing or in two places")
    expected_vp = len(ALL_VP_IDS) if st.num_players == 4 else 20
    if len(vp_places) != len(set(vp_places)) or len(vp_places) != expected_vp:
        raise InvariantError("a VP card is missing or in two places")
    if shadow != st:
        raise InvariantError("the state replayed from the log differs from the live state")
    for viewer in list(range(st.num_players)) + [None]:
        seen = view(st, viewer)
        leaked = card_ids_in(seen) & hidden_cards(st, viewer)
        if leaked:
            raise InvariantError(f"view for {viewer} shows hidden cards {sorted(leaked)}")
        if st.phase != "over" and st.seed in json.dumps(seen):
            raise InvariantError("the seed appears in a view")


def play_one(players, seed, mode, bot, rng, check=True, level=None):
    st = new_game(players, seed, mode)
    shadow = new_game(players, seed, mode) if check else None
    log = []
    play_time = check_time = 0.0
    while not st.finished and len(log) < DECISION_CAP:
        t0 = time.perf_counter()
        seat = pending_player(st)
        if bot == "random":
            decision = bots.random_choice(legal_decisions(st, seat), rng)
        else:
            decision = bots.choose(st, seat, bot, rng, level=level)
        apply(st, seat, decision)
        t1 = time.perf_counter()
        play_time += t1 - t0
        log.append((seat, decision))
        if check:
            stored = json.loads(json.dumps(decision))
            apply(shadow, seat, stored, trusted=True)
            check_invariants(st, shadow)
            check_time += time.perf_counter() - t1
    return st, log, play_time, check_time


def run(games, players, seed, bot, mode="printed", check=True, level=None):
    master = random.Random(seed)
    totals = {"decisions": 0, "play": 0.0, "check": 0.0, "replay": 0.0, "replayed": 0}
    unfinished = failures = max_decisions = 0
    errors = []
    started = time.perf_counter()
    for game in range(games):
        game_seed = f"{seed}-{game}-{master.getrandbits(64):016x}"
        game_mode = mode if mode != "both" else ("printed", "yucata")[game % 2]
        try:
            st, log, play_time, check_time = play_one(players, game_seed, game_mode, bot,
                                                      random.Random(game_seed), check, level)
            t0 = time.perf_counter()
            rebuilt = replay(players, game_seed, game_mode, log)
            totals["replay"] += time.perf_counter() - t0
            totals["replayed"] += len(log)
            if check and rebuilt != st:
                raise InvariantError("replaying the whole log gives another state")
        except Exception as exc:  # noqa: BLE001 - every failure is counted and reported
            failures += 1
            errors.append(f"game {game} ({game_seed}, {game_mode}): {type(exc).__name__}: {exc}")
            continue
        totals["decisions"] += len(log)
        totals["play"] += play_time
        totals["check"] += check_time
        max_decisions = max(max_decisions, len(log))
        if not st.finished:
            unfinished += 1
    seconds = time.perf_counter() - started
    result = {
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
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    parser.add_argument("--seed", default="selfplay")
    parser.add_argument("--bot", default="greedy", choices=bots.KINDS)
    parser.add_argument("--level", default=None, choices=sorted(LEVELS), help="the strong bot's budget")
    parser.add_argument("--mode", default="printed", choices=("printed", "yucata", "both"))
    parser.add_argument("--no-check", action="store_true", help="skip the per-decision invariant checks")
    args = parser.parse_args(argv)
    result, errors = run(args.games, args.players, args.seed, args.bot, args.mode, not args.no_check, args.level)
    for error in errors[:20]:
        print(error, file=sys.stderr)
    print(json.dumps(result))
    failed = result["failures"] or (args.bot != "random" and result["unfinished"])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
