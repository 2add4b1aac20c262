"""Whole-game properties of the turn flow, checked decision by decision over random games (hypothesis):
R4.1/R4.2 action accounting, R5.1c one card per profession, R4.5/R15.2 nothing changes for other players
but forced reactions, R12.4/R15.1 the end condition, R11.2 discard-and-draw to 6."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as S

from engine import guildhall
from engine.guildhall.cards import IDENTITY, PROFESSION_OF, VP_COST
from tests.engine.guildhall.helpers import random_game


class Watcher:
    """Compares the state before and after every decision."""

    def __init__(self):
        self.before = None
        self.turn_ends = 0

    def __call__(self, st, seat, decision):
        self.check_previous(st)
        self.check_menu(st, seat)
        self.before = (st.clone(), seat, decision)

    @staticmethod
    def check_menu(st, seat):
        """The action menu and the simple tier lists, by an independent reading of the rules."""
        prompt = st.stack[-1]
        options = [o for o in guildhall.legal_decisions(st, seat) if o["type"] != "undo"]
        me = st.players[seat]
        if prompt["kind"] == "action":
            plays = {c for c in me.hand if IDENTITY[c] not in me.hall and PROFESSION_OF[c] not in st.played}
            buys = {v for v in st.row if VP_COST[v] <= len(me.completed)}  # R9.1
            assert {o["card"] for o in options if o["type"] == "play"} == plays  # R5.1
            assert {o["card"] for o in options if o["type"] == "buy"} == buys
            assert {"type": "discard_draw"} in options  # R4.1
            assert [o["type"] for o in options].count("end_turn") == 1  # AMB-07 (with the duplicates' order)
        if prompt["kind"] == "choose_tier":
            tiers = sorted(o["tier"] for o in options if o["type"] == "tier")
            level = prompt["level"]
            if prompt["card"] < 120:  # a profession card: N counted now, the played card not included (R5.2)
                assert level == me.level(PROFESSION_OF[prompt["card"]])
            if prompt["ability"] == "farmer":  # R6.2 (printed only: Yucata never asks)
                assert st.mode == "printed" and tiers == [t for t in (1, 3) if t <= level]
            if prompt["ability"] == "dancer":  # AMB-06
                assert tiers == list(range(level + 1))
            if prompt["ability"] == "historian":  # R6.3, AMB-11
                top_ok = bool(st.discard) and IDENTITY[st.discard[-1]] not in me.hall
                assert (0 in tiers) == top_ok
            assert {"type": "decline"} in options

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
        assert st.phase == "over"  # greedy games reach a winner


def test_greedy_games_reach_a_winner():
    for players in (2, 3, 4):
        for mode in ("printed", "yucata"):
            st, log = random_game(players, f"greedy-{players}-{mode}", mode, rng_seed=players, kind="greedy")
            assert st.phase == "over" and st.players[st.winner].vp >= 20
            assert st.placings[st.winner] == 1 and sorted(st.placings)[0] == 1
            assert guildhall.replay(players, st.seed, {"mode": mode}, log) == st
