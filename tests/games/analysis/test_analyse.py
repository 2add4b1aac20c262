"""The judgement itself (games/analysis/analyse.py, over engine.search.evaluate), without the site: from
the seat's view only, the same in pieces as in one run, undo and outcomes kept in their place, marks by
threshold."""

import random

import pytest

import engine
from engine import selfplay
from games.analysis.analyse import MARKS, Budget, GameLog, analyse, judge, mark

BUDGET = Budget(playouts=10, seconds=None)  # play-outs only: fully deterministic
GUILDHALL = engine.get("guildhall")


def _game(players=2, seed="an-1", bot="greedy", mode="printed"):
    options = {"mode": mode}
    st, log, *_ = selfplay.play_one(players, seed, options, bot, random.Random(seed), check=False, game=GUILDHALL)
    return st, GameLog(GUILDHALL, players, seed, options, st.version, log)


def _state(game_log, entries=()):
    st = game_log.new_state()
    for seat, decision in entries:
        GUILDHALL.apply(st, seat, decision)
    return st


def test_marks_by_threshold():
    assert mark(0.0) == mark(0.049) == "good"
    assert mark(0.05) == "inaccuracy"
    assert mark(0.1) == mark(0.199) == "mistake"
    assert mark(0.2) == mark(1.0) == "blunder"
    assert [t for t, _name in MARKS] == sorted((t for t, _name in MARKS), reverse=True)


@pytest.mark.parametrize("slug,players,options", [
    ("guildhall", 2, {"mode": "printed"}), ("guildhall", 3, {"mode": "yucata"}), ("dominion", 2, {}),
])
def test_a_judgement_depends_only_on_the_seats_view(slug, players, options):
    """Moving every card the deciding seat cannot see (Guildhall: other hands, the deck, the pile below its
    top, others' completed chapters; Dominion: other hands, every deck's order) and changing the seed
    changes nothing in its judgement: the analysis reaches hidden cards only through the game's sample."""
    if slug not in engine.GAMES:
        pytest.skip(f"{slug} is not registered")
    rules = engine.get(slug)
    seed = f"fair-{slug}-{players}"
    final, log, *_ = selfplay.play_one(players, seed, options, rules.bots.DEFAULT_ABSENT, random.Random(seed),
                                       check=False, game=rules)
    st = rules.new_game(players, seed, options, version=final.version)
    shuffle = random.Random(7)
    checked = 0
    for index, (seat, decision) in enumerate(log):
        if index % 9 == 4 and len(rules.legal_decisions(st, seat)) > 1:
            other = rules.permute_hidden(st, seat, shuffle)
            other.seed = "another seed"
            if other != st:
                mine = judge(rules, st, seat, decision, random.Random(index), BUDGET)
                theirs = judge(rules, other, seat, decision, random.Random(index), BUDGET)
                assert mine == theirs, f"entry {index}"
                checked += 1
        rules.apply(st, seat, decision)
        if checked >= 6:
            break
    assert checked >= 6


def test_a_run_in_pieces_gives_what_one_run_gives():
    _final, game_log = _game(seed="pieces")
    short = GameLog(GUILDHALL, game_log.num_seats, game_log.seed, game_log.options, game_log.version,
                    game_log.log[:40])
    whole, _ = analyse(short, 0, BUDGET)
    calls = []
    first, _ = analyse(short, 0, BUDGET, stop=lambda: calls.append(1) or len(calls) >= 15)
    rest, _ = analyse(short, len(first), BUDGET)
    assert len(first) == 15
    assert first + rest == whole
    assert [r["seq"] for r in whole] == list(range(1, 41))
    evaluated = [r for r in whole if r["kind"] == "evaluated"]
    assert evaluated and all(0 <= r["after"] <= r["before"] <= 1 for r in evaluated)
    assert all(r["kind"] == "forced" for r in whole if r["options"] == 1)


def test_undo_entries_and_what_they_took_back():
    """The random explorer sometimes takes a decision back: the undo is kept in its place, unjudged, and
    the decision it took back is named."""
    for number in range(40):
        st, log, *_ = selfplay.play_one(2, f"undo-{number}", {"mode": "printed"}, "random", random.Random(number),
                                        check=False, game=GUILDHALL)
        if any(decision["type"] == "undo" for _seat, decision in log):
            break
    else:
        pytest.skip("no random game with an undo")
    undo_at = next(i for i, (_seat, decision) in enumerate(log) if decision["type"] == "undo")
    game_log = GameLog(GUILDHALL, 2, f"undo-{number}", {"mode": "printed"}, st.version, log[: undo_at + 1])
    records, taken_back = analyse(game_log, 0, Budget(2, None))
    assert records[undo_at]["kind"] == "undo" and "mark" not in records[undo_at]
    assert len(taken_back) == 1
    undone = taken_back[0]
    assert undone < undo_at and log[undone][0] == log[undo_at][0]  # the same seat's earlier decision
    assert log[undone][1]["type"] != "undo"


def test_the_play_outs_horizon_is_the_budgets():
    _final, game_log = _game(seed="horizon")
    st = _state(game_log, game_log.log[:30])
    seat, decision = game_log.log[30]
    assert len(GUILDHALL.legal_decisions(st, seat)) > 1
    search = judge(GUILDHALL, st, seat, decision, random.Random(1), BUDGET)
    three = judge(GUILDHALL, st, seat, decision, random.Random(1), Budget(10, None, rollout_turns=3))
    assert search == three  # 2 players + 1
    one_turn = judge(GUILDHALL, st, seat, decision, random.Random(1), Budget(10, None, rollout_turns=1))
    assert (one_turn["before"], one_turn["after"]) != (search["before"], search["after"])
