"""Whole-game properties of the turn flow, checked decision by decision over random games (hypothesis):
R4.1/R4.2 action accounting, R5.1c one card per profession, R4.5/R15.2 nothing changes for other players
but forced reactions, R12.4/R15.1 the end condition, R11.2 discard-and-draw to 6."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as S

import engine
from engine.cards import PROFESSION_OF
from tests.engine.helpers import random_game


class Watcher:
    """Compares the state before and after every decision."""

    def __init__(self):
        self.before = None
        self.turn_ends = 0

    def __call__(self, st, seat, decision):
        self.check_previous(st)
        self.before = (st.clone(), seat, decision)

    def check_previous(self, st):
        if self.before is None:
            return
        old, seat, decision = self.before
        if decision["type"] == "undo":
            return
        # R5.1c: at most one card of each profession in the action area, all of them "played"
        professions = [PROFESSION_OF[c] for c in st.area]
        assert len(professions) == len(set(professions)) and set(professions) <= st.played
        if old.phase != "play":
            return
        active = old.active
        for other in range(old.num_players):
            if other == active:
                continue
            # nothing touches another player's hand or VP (R4.5, R15.2)
            assert st.players[other].hand == old.players[other].hand
            assert st.players[other].vp == old.players[other].vp
        # VP never goes down (no effect takes VP)
        assert st.players[active].vp >= old.players[active].vp
        new_turn = st.active != active or st.turn != old.turn
        if new_turn:
            self.turn_ends += 1
            if st.phase == "over":
                assert st.winner == active and st.players[active].vp >= 20  # R12.4
            else:
                assert st.players[active].vp < 20  # the game would have ended (R15.1)
                assert st.active == (active + 1) % st.num_players and st.actions == 2  # clockwise, 2 actions
                assert st.area == [] and st.played == set()
                if len(st.players[st.active].completed) > 3:  # only possible in Yucata mode (Y1)
                    assert st.mode == "yucata" and st.stack[-1]["kind"] == "shed_chapters"
            return
        if old.stack[-1]["kind"] == "action" and decision["type"] in ("play", "discard_draw", "buy"):
            gained = st.actions - (old.actions - 1)
            assert gained in (0, 1, 2, 3)  # only Dancer (+1), VP4-Action (+1), VP7-2Actions (+2)
            if decision["type"] == "play" and PROFESSION_OF[decision["card"]] == 1 and gained:
                assert gained == 1
        if old.stack[-1]["kind"] == "discard_draw" and decision["type"] == "done":
            hand = len(st.players[active].hand)
            kept = len(old.players[active].hand) - len(old.stack[-1]["picks"]["discard"])
            stock = len(old.deck) + len(old.discard) + len(old.stack[-1]["picks"]["discard"])
            assert hand == max(kept, min(6, kept + stock))  # R11.2, AMB-16


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=S.integers(2, 4), mode=S.sampled_from(["printed", "yucata"]), n=S.integers(0, 10**6),
       kind=S.sampled_from(["random", "greedy"]))
def test_turn_flow_properties_over_random_games(players, mode, n, kind):
    watcher = Watcher()
    st, log = random_game(players, f"flow-{n}", mode, rng_seed=n, kind=kind, each=watcher)
    watcher.check_previous(st)
    assert watcher.turn_ends > 0
    if kind == "greedy":
        assert st.phase == "over"  # issue 2 point 8: greedy games reach a winner


def test_greedy_games_reach_a_winner():
    for players in (2, 3, 4):
        for mode in ("printed", "yucata"):
            st, log = random_game(players, f"greedy-{players}-{mode}", mode, rng_seed=players, kind="greedy")
            assert st.phase == "over" and st.players[st.winner].vp >= 20
            assert st.placings[st.winner] == 1 and sorted(st.placings)[0] == 1
            assert engine.replay(players, st.seed, mode, log) == st
