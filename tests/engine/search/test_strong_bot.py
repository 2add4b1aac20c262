"""The strong bot plays whole games legally in both modes, never undoes, and repeats itself exactly for a
fixed seed and budget."""

import json
import random

import pytest

from engine import guildhall, search, selfplay
from engine.search import Level
from tests.engine.search.helpers import TINY, positions


def play(players, mode, seed, kinds, check=True, level=TINY, limit=selfplay.DECISION_CAP):
    st = guildhall.new_game(players, seed, {"mode": mode})
    shadow = guildhall.new_game(players, seed, {"mode": mode})
    rngs = [random.Random(f"{seed}-{s}") for s in range(players)]
    log = []
    while not st.finished and len(log) < limit:
        seat = guildhall.pending_player(st)
        legal = guildhall.legal_decisions(st, seat)
        decision = guildhall.bots.choose(st, seat, kinds[seat], rngs[seat], level=level)
        assert decision in legal and decision["type"] != "undo"
        guildhall.apply(st, seat, decision)  # validated: the engine refuses anything illegal
        log.append((seat, decision))
        if check:
            guildhall.apply(shadow, seat, json.loads(json.dumps(decision)), trusted=True)
            selfplay.check_invariants(st, shadow)
    return st, log


@pytest.mark.parametrize(
    ("players", "mode", "depth"), [(2, "printed", 1), (3, "yucata", 1), (2, "yucata", 6), (3, "printed", 6)]
)
@pytest.mark.slow
def test_strong_bots_finish_whole_games_with_the_invariants_holding(players, mode, depth):
    level = Level(iterations=4, seconds=None, max_depth=depth)
    st, log = play(players, mode, f"whole-{mode}", ["strong"] * players, level=level)
    assert st.finished and st.ended_by == "vp"
    assert guildhall.replay(players, f"whole-{mode}", {"mode": mode}, log) == st


def test_the_strong_bot_is_deterministic_for_a_fixed_seed_and_budget():
    first = play(2, "printed", "again", ["strong", "greedy"], check=False, limit=120)[1]
    second = play(2, "printed", "again", ["strong", "greedy"], check=False, limit=120)[1]
    assert first == second


def test_a_single_legal_decision_is_taken_without_searching():
    st = guildhall.new_game(2, "forced")
    rng = random.Random(0)

    def choices():
        return [o for o in guildhall.legal_decisions(st, guildhall.pending_player(st)) if o["type"] != "undo"]

    while len(choices()) != 1:
        seat = guildhall.pending_player(st)
        guildhall.apply(st, seat, guildhall.bots.choose(st, seat, "greedy", rng))
    seat = guildhall.pending_player(st)
    stats = {}
    decision = search.choose(guildhall, st, seat, random.Random(0), TINY, stats=stats)
    assert decision == choices()[0] and stats == {}


def test_the_strong_bot_never_undoes_when_undo_is_offered():
    for st in positions(2, "printed", "undo-offered", every=5, limit=10):
        seat = guildhall.pending_player(st)
        if {"type": "undo"} in guildhall.legal_decisions(st, seat):
            assert search.choose(guildhall, st, seat, random.Random(1), TINY)["type"] != "undo"
            return
    pytest.fail("no position offered undo")


def test_the_search_reports_its_work():
    st = positions(2, "printed", "stats", limit=1)[0]
    stats = {}
    search.choose(guildhall, st, guildhall.pending_player(st), random.Random(2), TINY, stats=stats)
    assert stats["searches"] == 1 and stats["iterations"] >= TINY.iterations and stats["decisions"] > 0


def test_bots_refuse_an_unknown_kind():
    st = guildhall.new_game(2, "kind")
    with pytest.raises(ValueError, match="unknown bot kind"):
        guildhall.bots.choose(st, 0, "clever", random.Random(0))
