"""Self-play: ``python -m engine.dominion.selfplay --games N --players P --seed S --bot random|bigmoney``.

Plays N complete games through the legal-decision list (random kingdoms; the edition alternates when
``--edition both``), checks the invariants after every decision unless ``--no-check``, and prints one
JSON line. ``us_per_decision`` times only the play loop (list the legal decisions, pick one, apply it);
``clone_us`` is the cost of ``clone(with_events=False)`` of the states met; ``replay_us_per_decision``
the cost of rebuilding each finished game from its log. Exit status 1 on any failure.
"""

import argparse
import json
import random
import sys
import time

from . import apply, bots, legal_decisions, new_game, pending_player, replay

DECISION_CAP = 20000  # random bots may wander; a game past this is reported as unfinished


class InvariantError(AssertionError):
    pass


def card_count(st):
    """Every card of the game: the Supply, the Trash, every zone, and the cards effects hold aside."""
    count = sum(st.supply.values()) + len(st.trash)
    for s in st.seats:
        count += len(s.hand) + len(s.deck) + len(s.discard) + len(s.in_play)
    for frame in st.stack:
        for key in ("cards", "rest"):
            if isinstance(frame.get(key), list):
                count += len(frame[key])
        if frame["fx"] == "buy" and 1 <= frame["step"] <= 2:
            count += 1  # the card being bought, off its pile until gained (D-BUY-2)
    return count


def check_invariants(st, shadow, expected):
    if card_count(st) != expected:
        raise InvariantError(f"{card_count(st)} cards in the game, {expected} expected")
    for seat, s in enumerate(st.seats):
        if not 0 <= s.shown <= s.known <= len(s.deck):
            raise InvariantError(f"seat {seat}: known top cards {s.known}/{s.shown} of {len(s.deck)}")
        if s.tokens < 0:
            raise InvariantError(f"seat {seat} holds {s.tokens} tokens")
    if any(count < 0 for count in st.supply.values()) or st.coins < 0 or st.actions < 0 or st.buys < 0:
        raise InvariantError("a negative count")
    if shadow is not None and shadow != st:
        raise InvariantError("the state replayed from the log differs from the live state")


def play_one(players, seed, options, bot, rng, check=True):
    st = new_game(players, seed, options)
    shadow = new_game(players, seed, options) if check else None
    expected = card_count(st)
    log = []
    play_time = clone_time = 0.0
    clones = 0
    while not st.finished and len(log) < DECISION_CAP:
        t0 = time.perf_counter()
        seat = pending_player(st)
        if bot == "random":
            decision = rng.choice(legal_decisions(st, seat))
        else:
            decision = bots.choose(st, seat, bot, rng)
        apply(st, seat, decision)
        t1 = time.perf_counter()
        play_time += t1 - t0
        log.append((seat, decision))
        if len(log) % 16 == 0:
            st.clone(with_events=False)
            clone_time += time.perf_counter() - t1
            clones += 1
        if check:
            apply(shadow, seat, json.loads(json.dumps(decision)), trusted=True)
            check_invariants(st, shadow, expected)
    return st, log, play_time, clone_time, clones


def run(games, players, seed, bot, edition="2013", check=True):
    master = random.Random(seed)
    totals = {"decisions": 0, "play": 0.0, "replay": 0.0, "clone": 0.0, "clones": 0}
    unfinished = failures = 0
    errors = []
    lengths = []
    started = time.perf_counter()
    for game in range(games):
        game_seed = f"{seed}-{game}-{master.getrandbits(64):016x}"
        game_edition = edition if edition != "both" else ("2013", "2022")[game % 2]
        options = {"edition": game_edition}
        try:
            st, log, play_time, clone_time, clones = play_one(
                players, game_seed, options, bot, random.Random(game_seed), check)
            t0 = time.perf_counter()
            rebuilt = replay(players, game_seed, options, log)
            totals["replay"] += time.perf_counter() - t0
            if check and rebuilt != st:
                raise InvariantError("replaying the whole log gives another state")
        except Exception as exc:  # noqa: BLE001 - every failure is counted and reported
            failures += 1
            errors.append(f"game {game} ({game_seed}, {game_edition}): {type(exc).__name__}: {exc}")
            continue
        totals["decisions"] += len(log)
        totals["play"] += play_time
        totals["clone"] += clone_time
        totals["clones"] += clones
        lengths.append(len(log))
        if not st.finished:
            unfinished += 1
    seconds = time.perf_counter() - started
    decisions = totals["decisions"]
    result = {
        "game": "dominion",
        "games": games,
        "players": players,
        "bot": bot,
        "edition": edition,
        "decisions": decisions,
        "seconds": round(seconds, 3),
        "us_per_decision": round(1e6 * totals["play"] / decisions, 2) if decisions else None,
        "clone_us": round(1e6 * totals["clone"] / totals["clones"], 2) if totals["clones"] else None,
        "replay_us_per_decision": round(1e6 * totals["replay"] / decisions, 2) if decisions else None,
        "mean_decisions": round(decisions / len(lengths), 1) if lengths else None,
        "unfinished": unfinished,
        "failures": failures,
    }
    return result, errors


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m engine.dominion.selfplay", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--seed", default="selfplay")
    parser.add_argument("--bot", default="random", choices=bots.KINDS)
    parser.add_argument("--edition", default="2013", choices=("2013", "2022", "both"))
    parser.add_argument("--no-check", action="store_true", help="skip the per-decision invariant checks")
    args = parser.parse_args(argv)
    result, errors = run(args.games, args.players, args.seed, args.bot, args.edition, not args.no_check)
    for error in errors[:20]:
        print(error, file=sys.stderr)
    print(json.dumps(result))
    return 1 if result["failures"] or result["unfinished"] else 0


if __name__ == "__main__":
    sys.exit(main())
