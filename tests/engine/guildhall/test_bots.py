"""The site's bots (random and greedy) play whole games through the legal-decision list and never take
a decision back, in both modes and with 2 to 4 players; self-play's explorer still exercises undo."""

import random

import pytest

from engine import guildhall
from engine.guildhall import bots, pending_player
from engine.guildhall.decisions import legal_decisions


def play_whole_game(players, mode, kind, seed):
    st = guildhall.new_game(players, seed, {"mode": mode})
    rng = random.Random(seed)
    offered_undo = 0
    for _ in range(5000):
        if st.finished:
            return st, offered_undo
        seat = pending_player(st)
        offered_undo += any(o["type"] == "undo" for o in legal_decisions(st, seat))
        decision = bots.choose(st, seat, kind, rng)
        assert decision["type"] != "undo", f"the {kind} bot took a decision back"
        assert decision in legal_decisions(st, seat)
        guildhall.apply(st, seat, decision)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("kind", ["random", "greedy"])
@pytest.mark.parametrize("mode", ["printed", "yucata"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_site_bots_finish_games_and_never_undo(kind, mode, players):
    st, offered_undo = play_whole_game(players, mode, kind, f"bots-{kind}-{mode}-{players}")
    assert st.finished
    assert offered_undo > 0  # undo was there to take, so "never chose it" means something


def test_the_self_play_explorer_still_undoes():
    rng = random.Random(7)
    options = [{"type": "end_turn"}, {"type": "undo"}]
    assert {"type": "undo"} in [bots.random_choice(options, rng) for _ in range(400)]
