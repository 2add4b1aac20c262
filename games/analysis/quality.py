"""How well the analysis's win chance predicts the winner: the measurement behind
``manage.py analysis_quality`` (docs/analysis.md, "How good the estimate is").

Bot games are played to the end (``engine.selfplay.play_one``); at mid-game (the first decision of a turn
after half the log) each seat's win chance is estimated from what that seat has seen
(``engine.search.position_value``: play-outs of the game's samples), and compared, by the Brier score, with
the naive prediction "the leader in score wins" (a shared lead splits it; the rules' ``outcome`` scores)
and with the base rate (1 / players). A seat's outcome is 1 for the sole winner, 1/k for each of k seats
sharing first place, 0 otherwise. Works for any game of ``engine.GAMES``. Nothing here imports Django.
"""

import random
import time

import engine
from engine import search, selfplay


def outcome(rules, st):
    winners = rules.outcome(st)["winners"]
    return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(st.num_players)]


def vp_leader(rules, st):
    """The naive prediction: the leader in score (VP) wins."""
    scores = rules.outcome(st)["scores"]
    leaders = [seat for seat, score in enumerate(scores) if score == max(scores)]
    return [1.0 / len(leaders) if seat in leaders else 0.0 for seat in range(st.num_players)]


def quiet_step(rules, players, seed, options, log, at_least):
    """The first step from ``at_least`` on that begins a turn: every seat's view is then a whole position
    (no other seat's half-made choice in it, which a sample of another seat's view could not complete)."""
    st = rules.new_game(players, seed, options)
    turn = st.turn
    for step, entry in enumerate(log):
        if step >= at_least and st.turn != turn:
            return step
        turn = st.turn
        rules.apply(st, entry[0], entry[1], by=entry[2] if len(entry) > 2 else None)
    return len(log)


def measure_game(game, players, seed, mode, bot, playouts, rollout_turns=None, level=None, slug="guildhall"):
    """One game of ``slug`` (its options: ``{"mode": mode}`` where it has a mode, else its defaults): its
    outcome, each seat's estimate at mid-game (raw, and normalised to sum to 1), the score leader's
    prediction, and the CPU seconds of the estimates."""
    rules = engine.get(slug)
    options = {"mode": mode} if mode and "mode" in rules.OPTIONS else {}
    game_seed = f"{seed}-{game}"
    st, log, _play, _check = selfplay.play_one(
        players, game_seed, options, bot, random.Random(game_seed), check=False, level=level, game=rules
    )
    if not rules.outcome(st)["over"]:
        return None
    mid_step = quiet_step(rules, players, game_seed, options, log, len(log) // 2)
    mid = rules.replay(players, game_seed, options, log[:mid_step])
    started = time.process_time()
    estimates = [
        search.position_value(rules, mid, seat, random.Random(f"{game_seed}:{seat}"), playouts, rollout_turns)
        for seat in range(players)
    ]
    seconds = time.process_time() - started
    total = sum(estimates)
    normalised = [e / total if total else 1.0 / players for e in estimates]
    return {
        "game": game,
        "decisions": len(log),
        "mid_step": mid_step,
        "outcome": outcome(rules, st),
        "estimate": estimates,
        "normalised": normalised,
        "vp_leader": vp_leader(rules, mid),
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
