"""How well the analysis's win chance predicts the winner: the measurement behind
``manage.py analysis_quality`` (docs/analysis.md, "How good the estimate is").

Bot games are played to the end (``engine.selfplay.play_one``); at mid-game (the first choice of an
action after half the log) each seat's win chance is estimated from that seat's own view
(``evaluate.position_value``), and compared, by the Brier score, with the naive prediction "the leader
in VP wins" (a shared lead splits it) and with the base rate (1 / players). A seat's outcome is 1 for
the sole winner, 1/k for each of k seats sharing first place, 0 otherwise. Nothing here imports Django.
"""

import random
import time

import engine
from engine import selfplay

from .evaluate import position_value


def outcome(st):
    firsts = [seat for seat in range(st.num_players) if st.placings[seat] == 1]
    return [1.0 / len(firsts) if seat in firsts else 0.0 for seat in range(st.num_players)]


def vp_leader(st):
    vps = [st.vp(seat) for seat in range(st.num_players)]
    leaders = [seat for seat, vp in enumerate(vps) if vp == max(vps)]
    return [1.0 / len(leaders) if seat in leaders else 0.0 for seat in range(st.num_players)]


def quiet_step(players, seed, mode, log, at_least):
    """The first step from ``at_least`` on where a seat is about to choose an action with nothing else
    pending: every seat's view is then a whole position (no other seat's half-made choice in it, which a
    sample of another seat's view could not complete)."""
    st = engine.new_game(players, seed, mode)
    for step, entry in enumerate(log):
        if step >= at_least and len(st.stack) == 1 and st.stack[0]["kind"] == "action":
            return step
        engine.apply(st, *engine.log_entry(entry)[:2], trusted=True)
    return len(log)


def measure_game(game, players, seed, mode, bot, playouts, rollout_turns=None, level=None):
    """One game: its outcome, each seat's estimate at mid-game (raw, and normalised to sum to 1), the
    VP leader's prediction, and the CPU seconds of the estimates."""
    game_seed = f"{seed}-{game}"
    st, log, _play, _check = selfplay.play_one(
        players, game_seed, mode, bot, random.Random(game_seed), check=False, level=level
    )
    if not st.finished:
        return None
    mid_step = quiet_step(players, game_seed, mode, log, len(log) // 2)
    mid = engine.replay(players, game_seed, mode, log[:mid_step])
    started = time.process_time()
    estimates = [
        position_value(mid, seat, random.Random(f"{game_seed}:{seat}"), playouts, rollout_turns)
        for seat in range(players)
    ]
    seconds = time.process_time() - started
    total = sum(estimates)
    normalised = [e / total if total else 1.0 / players for e in estimates]
    return {
        "game": game,
        "decisions": len(log),
        "mid_step": mid_step,
        "outcome": outcome(st),
        "estimate": estimates,
        "normalised": normalised,
        "vp_leader": vp_leader(mid),
        "seconds": seconds,
    }


def brier(results, key):
    pairs = [(p, o) for r in results for p, o in zip(r[key], r["outcome"], strict=True)]
    return sum((p - o) ** 2 for p, o in pairs) / len(pairs) if pairs else None


def picks_winner(results, key):
    """Share of games whose highest prediction (ties: none) is the sole winner."""
    hits = 0
    for r in results:
        top = max(r[key])
        favourites = [seat for seat, p in enumerate(r[key]) if p == top]
        hits += len(favourites) == 1 and r["outcome"][favourites[0]] == 1.0
    return hits / len(results) if results else None


def calibration(results, key="estimate", bins=5):
    """Per bin of predicted chance: how many seat-predictions, their mean prediction and mean outcome."""
    table = [[0, 0.0, 0.0] for _ in range(bins)]
    for r in results:
        for p, o in zip(r[key], r["outcome"], strict=True):
            row = table[min(bins - 1, int(p * bins))]
            row[0] += 1
            row[1] += p
            row[2] += o
    return [
        {"bin": f"{i / bins:.1f}-{(i + 1) / bins:.1f}", "n": n, "predicted": round(sp / n, 3), "won": round(so / n, 3)}
        for i, (n, sp, so) in enumerate(table)
        if n
    ]


def summarise(results, players):
    base = [{"outcome": r["outcome"], "base": [1.0 / players] * players} for r in results]
    return {
        "games": len(results),
        "brier": {
            "estimate": round(brier(results, "estimate"), 4),
            "estimate_normalised": round(brier(results, "normalised"), 4),
            "vp_leader": round(brier(results, "vp_leader"), 4),
            "base_rate": round(brier(base, "base"), 4),
        },
        "picks_winner": {
            "estimate": round(picks_winner(results, "estimate"), 3),
            "vp_leader": round(picks_winner(results, "vp_leader"), 3),
        },
        "calibration": calibration(results),
        "estimate_cpu_seconds_per_seat": round(
            sum(r["seconds"] for r in results) / (len(results) * players), 4
        ) if results else None,
        "mean_decisions": round(sum(r["decisions"] for r in results) / len(results), 1) if results else None,
    }
