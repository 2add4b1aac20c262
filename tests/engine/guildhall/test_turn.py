"""The turn (R4), playing a card (R5), the Discard action (R11), reshuffles (R13), end of turn (R12),
the end of the game and placings (R15)."""

import pytest

from engine import guildhall
from tests.engine.guildhall.helpers import (
    check_invariants,
    cid,
    do,
    hall_names,
    legal,
    pay_with,
    pending_kind,
    table,
    tiers_offered,
)


def illegal(st, decision, seat=None, code="illegal"):
    """Apply must refuse ``decision`` with ``code`` and leave the state untouched; returns the message."""
    seat = guildhall.pending_player(st) if seat is None else seat
    before = st.clone()
    with pytest.raises(guildhall.IllegalDecision) as exc:
        guildhall.apply(st, seat, decision)
    assert exc.value.code == code
    assert st == before
    assert str(exc.value) == exc.value.message
    return exc.value.message


# --- R4 actions ----------------------------------------------------------------------------------------
def test_r4_1_two_actions_then_the_turn_passes_clockwise():
    st = table(players=3, active=2, hands={2: ["red Farmer"] * 4 + ["blue Dancer"] * 3})
    assert st.actions == 2 and guildhall.pending_player(st) == 2
    do(st, "discard_draw", "done")
    assert st.actions == 1 and st.active == 2
    do(st, "discard_draw", "done")  # the same action type twice is fine (R4.1)
    assert st.active == 0 and st.actions == 2 and guildhall.pending_player(st) == 0  # clockwise: 2 -> 0


def test_r4_1_action_menu_lists_play_discard_buy_end_turn():
    st = table(hands={0: ["red Farmer", "blue Dancer"]}, completed={0: ["trader"]},
               row=["VP5", "VP9", "VP3-Draw6", "VP4-Action", "VP2-Chapter"])
    options = legal(st)
    plays = [o["card"] for o in options if o["type"] == "play"]
    buys = sorted(o["card"] for o in options if o["type"] == "buy")
    assert plays == sorted([cid("red Farmer"), cid("blue Dancer")])
    assert {"type": "discard_draw"} in options and {"type": "end_turn"} in options
    # R9.1: one completed chapter buys every cost-1 card, not the VP9 (cost 2)
    assert buys == sorted(v for v in st.row if guildhall.vp_json(v)["kind"] != "VP9")


def test_amb07_end_turn_with_actions_left_moves_the_action_area():
    st = table(hands={0: ["red Farmer"]})
    do(st, ("play", "red Farmer"))  # N = 0: played for nothing, no prompt (R5.1)
    assert st.actions == 1 and pending_kind(st) == "action"
    do(st, "end_turn")
    assert st.active == 1 and hall_names(st, 0) == ["red Farmer"]
    assert st.area == []


def test_amb07_end_turn_at_once_passes_the_turn():
    st = table()
    turn = st.turn
    do(st, "end_turn")
    assert st.active == 1 and st.actions == 2 and st.turn == turn + 1


# --- R5.1 legality --------------------------------------------------------------------------------------
def test_r5_1b_blue_farmer_example_identical_card_cannot_be_played():
    """EN: 'If you have a blue Farmer in your guildhall, you cannot play a blue Farmer.'"""
    st = table(hands={0: ["blue Farmer", "red Farmer"]}, halls={0: ["blue Farmer"]})
    plays = [o["card"] for o in legal(st) if o["type"] == "play"]
    assert plays == [cid("red Farmer")]
    message = illegal(st, {"type": "play", "card": cid("blue Farmer", 1)})
    assert message == "You already have a blue Farmer in your guildhall."
    do(st, ("play", "red Farmer"))  # another colour of the same profession is fine
    assert st.area == [cid("red Farmer")]


def test_r5_1b_a_twin_in_a_completed_chapter_does_not_block():
    st = table(hands={0: ["blue Farmer"]}, completed={0: ["farmer"]})
    assert {"type": "play", "card": cid("blue Farmer", 1)} in legal(st)


def test_r5_1a_card_not_in_hand():
    st = table(hands={0: ["red Farmer"], 1: ["red Weaver"]})
    assert illegal(st, {"type": "play", "card": cid("red Weaver")}) == "That card is not in your hand."


def test_r5_1a_no_action_left_nothing_more_to_play():
    st = table(hands={0: ["red Farmer", "red Weaver", "red Trader"]})
    do(st, "discard_draw", "done", "discard_draw", "done")
    assert st.active == 1  # no actions: the turn ended by itself
    assert illegal(st, {"type": "play", "card": cid("red Weaver")}, seat=0, code="not_your_turn")


def test_r5_1c_dancer_example_one_card_per_profession_per_turn():
    """EN: 'If you played a Dancer for your first action, you cannot play another Dancer.'"""
    st = table(hands={0: ["red Dancer", "blue Dancer", "red Farmer"]})
    do(st, ("play", "red Dancer"), ("tier", 0))  # N = 0: draw nothing, +1 action (AMB-06)
    assert st.actions == 2
    plays = [o["card"] for o in legal(st) if o["type"] == "play"]
    assert cid("blue Dancer") not in plays and cid("red Farmer") in plays
    assert illegal(st, {"type": "play", "card": cid("blue Dancer")}) == (
        "You have already played a Dancer this turn.")


def test_r5_1c_even_after_that_chapter_completed():
    st = table(hands={0: ["purple Weaver", "purple Weaver", "red Weaver"]},
               halls={0: ["red Weaver", "blue Weaver", "yellow Weaver", "green Weaver"]})
    do(st, ("play", "purple Weaver"), ("tier", 0), ("select", "purple Weaver", 1))
    assert len(st.players[0].completed) == 1 and st.players[0].level(5) == 0
    plays = [o["card"] for o in legal(st) if o["type"] == "play"]
    assert cid("red Weaver", 1) not in plays
    assert "already played a Weaver" in illegal(st, {"type": "play", "card": cid("red Weaver", 1)})


def test_r5_1_playing_for_nothing_uses_the_action_and_grows_the_chapter():
    st = table(hands={0: ["red Farmer", "blue Farmer"]}, halls={0: []})
    tokens = st.players[0].tokens
    do(st, ("play", "red Farmer"))  # Farmer with N=0 has no tier (R6.2): nothing to decide
    assert pending_kind(st) == "action" and st.actions == 1 and st.players[0].tokens == tokens
    do(st, "end_turn")
    assert hall_names(st, 0) == ["red Farmer"]


# --- R5.2 / R5.3 / R5.4 tiers ---------------------------------------------------------------------------------
@pytest.mark.parametrize("farmers,offered", [(1, [1]), (2, [1]), (3, [1, 3]), (4, [1, 3])])
def test_r5_2_level_excludes_the_played_card_and_r5_3_any_lower_tier(farmers, offered):
    colours = ["red", "blue", "yellow", "green"][:farmers]
    st = table(hands={0: ["purple Farmer"]}, halls={0: [f"{c} Farmer" for c in colours]})
    do(st, ("play", "purple Farmer"))
    options = legal(st)
    assert pending_kind(st) == "choose_tier" and st.stack[-1]["level"] == farmers
    assert tiers_offered(options) == offered and {"type": "decline"} in options


def test_r5_3_lower_tier_chosen_and_decline():
    st = table(hands={0: ["purple Farmer", "purple Farmer"]},
               halls={0: ["red Farmer", "blue Farmer", "yellow Farmer"]})
    do(st, ("play", "purple Farmer"), ("tier", 1))
    assert st.players[0].tokens == 1
    st = table(hands={0: ["purple Farmer"]}, halls={0: ["red Farmer", "blue Farmer", "yellow Farmer"]})
    do(st, ("play", "purple Farmer"), "decline")
    assert st.players[0].tokens == 0 and st.area == [cid("purple Farmer")]


def test_r5_3_tier_above_the_level_is_illegal():
    st = table(hands={0: ["purple Farmer"]}, halls={0: ["red Farmer"]})
    do(st, ("play", "purple Farmer"))
    message = illegal(st, {"type": "tier", "tier": 3})
    assert "all or nothing" in message
    illegal(st, {"type": "tier", "tier": 2})  # not a tier of the Farmer at all


def test_r5_4_weaver_example_infeasible_tier_not_offered_and_refused():
    """EN Weaver example: with 2 Weavers but only one card to place, tier 2 is unavailable; tier 0 is."""
    st = table(hands={0: ["purple Weaver", "red Farmer"]}, halls={0: ["red Weaver", "blue Weaver"]})
    do(st, ("play", "purple Weaver"))
    assert tiers_offered(legal(st)) == [0]
    illegal(st, {"type": "tier", "tier": 2})
    do(st, ("tier", 0), ("select", "red Farmer"))
    assert hall_names(st, 0) == ["blue Weaver", "red Farmer", "red Weaver"]


def test_r5_4_no_tier_feasible_no_prompt():
    # an Assassin when no other guildhall has a card: played for nothing
    st = table(hands={0: ["red Assassin"]}, halls={1: []})
    do(st, ("play", "red Assassin"))
    assert pending_kind(st) == "action" and st.actions == 1


# --- R11 discard action ---------------------------------------------------------------------------------------
def test_r11_discard_in_chosen_order_then_draw_to_6():
    st = table(hands={0: ["red Farmer", "blue Farmer", "red Weaver", "green Trader"]},
               deck_top=["red Dancer", "blue Dancer", "yellow Dancer", "green Dancer"], discard=["red Historian"])
    do(st, "discard_draw")
    assert pending_kind(st) == "discard_draw"
    do(st, ("discard", "red Weaver"), ("discard", "red Farmer"), "done")
    assert st.discard == [cid("red Historian"), cid("red Weaver"), cid("red Farmer")]
    assert sorted(st.players[0].hand) == sorted(
        [cid("blue Farmer"), cid("green Trader"), cid("red Dancer"), cid("blue Dancer"), cid("yellow Dancer"),
         cid("green Dancer")])


def test_r11_2_hand_of_6_or_more_draws_nothing_no_hand_limit():
    hand = ["red Farmer"] * 4 + ["blue Farmer"] * 4
    st = table(hands={0: hand})
    deck = st.deck[:]
    do(st, "discard_draw", ("discard", "red Farmer"), "done")
    assert len(st.players[0].hand) == 7 and st.deck == deck
    do(st, "discard_draw", "done")  # discard none (R11.1): still 7, keeps all
    assert len(st.players[0].hand) == 7 and st.deck == deck


def test_r11_discarding_a_card_twice_or_not_in_hand_is_illegal():
    st = table(hands={0: ["red Farmer"]}, halls={1: []})
    do(st, "discard_draw", ("discard", "red Farmer"))
    illegal(st, {"type": "discard", "card": cid("red Farmer")})
    assert "not in your hand" in illegal(st, {"type": "discard", "card": cid("blue Farmer")})


def test_r13_1_reshuffle_only_when_a_draw_finds_the_deck_empty():
    st = table(hands={0: ["red Farmer", "blue Farmer", "red Weaver"]},
               deck_top=["red Dancer", "blue Dancer"], rest="discard")
    assert len(st.deck) == 2
    pile = st.discard[:]
    shuffles = st.shuffles
    do(st, "discard_draw", ("discard", "red Weaver"), "done")
    # 2 from the old deck, then the pile (with the red Weaver just discarded, R11.3) became the deck
    assert st.shuffles == shuffles + 1 and st.discard == []
    assert len(st.players[0].hand) == 6
    assert sorted(st.deck + st.players[0].hand[-2:]) == sorted(pile + [cid("red Weaver")])
    check_invariants(st)


def test_r13_1_no_reshuffle_in_advance():
    st = table(hands={0: ["red Farmer", "blue Farmer", "red Weaver", "blue Weaver"]},
               deck_top=["red Dancer", "blue Dancer"], rest="discard")
    pile = st.discard[:]
    do(st, "discard_draw", "done")
    assert st.deck == [] and st.discard == pile and len(st.players[0].hand) == 6


def test_amb16_deck_and_discard_empty_draw_what_you_can():
    st = table(hands={0: ["red Farmer"]}, deck_top=["red Dancer", "blue Dancer"], rest=("hand", 1))
    assert st.discard == []
    do(st, "discard_draw", "done")
    assert len(st.players[0].hand) == 3 and st.deck == [] and st.discard == []
    check_invariants(st)


def test_r13_reshuffle_is_seeded_and_deterministic():
    def run(seed):
        st = table(seed=seed, hands={0: ["red Farmer"]}, rest="discard")
        do(st, "discard_draw", "done")
        return st.deck[:]
    assert run("a") == run("a")
    assert run("a") != run("b")


def view_vp(st, seat=0):
    return guildhall.view(st, 1 - seat)["players"][seat]["vp"]


# --- R12 end of turn ----------------------------------------------------------------------------------------
def test_r12_1_r7_7_duplicate_in_action_area_is_discarded_at_end_of_turn():
    """R5.6: the Weaver may place its own twin; at end of turn the action-area twin is discarded."""
    st = table(hands={0: ["red Weaver", "red Weaver"]}, halls={0: []})
    do(st, ("play", "red Weaver", 0), ("tier", 0), ("select", "red Weaver", 1))
    assert st.players[0].hall[cid("red Weaver") // 4] == cid("red Weaver", 1)
    top_before = st.discard[:]
    do(st, "end_turn")
    assert st.players[0].hall == {cid("red Weaver") // 4: cid("red Weaver", 1)}
    assert st.discard == top_before + [cid("red Weaver", 0)]
    check_invariants(st)


def test_r12_1_action_area_cards_join_their_chapters_and_vp_cards_go_to_vp_area():
    st = table(hands={0: ["red Farmer"]}, halls={0: ["blue Farmer"]}, completed={0: ["trader"]},
               row=["VP5", "VP9", "VP9", "VP3-Draw6", "VP4-Action"])
    vp5 = st.row[0]
    do(st, ("buy", vp5))
    pay_with(st, st.players[0].completed[0][0])
    assert st.area_vp == [vp5] and st.players[0].vp_cards == [vp5]  # counted at once (R9.2)
    assert view_vp(st) == 5
    do(st, ("play", "red Farmer"), "decline")
    assert st.active == 1
    assert hall_names(st, 0) == ["blue Farmer", "red Farmer"] and st.players[0].vp_cards == [vp5]
    assert st.area_vp == [] and st.area == []


def test_r12_2_end_of_turn_move_can_complete_a_chapter():
    st = table(hands={0: ["purple Farmer"]}, halls={0: ["red Farmer", "blue Farmer", "yellow Farmer",
                                                        "green Farmer"]})
    do(st, ("play", "purple Farmer"), "decline", "end_turn")
    assert len(st.players[0].completed) == 1 and st.players[0].level(2) == 0
    check_invariants(st)


# --- R15 end of game ----------------------------------------------------------------------------------------
def test_r15_1_reaching_20_mid_turn_ends_nothing_until_the_end_of_the_turn():
    st = table(hands={0: ["purple Farmer", "red Dancer"]}, halls={0: ["red Farmer"]}, tokens={0: 19})
    do(st, ("play", "purple Farmer"), ("tier", 1))
    assert st.players[0].vp == 20 and st.phase == "play" and pending_kind(st) == "action"
    do(st, ("play", "red Dancer"), ("tier", 0))  # the player keeps acting
    assert st.phase == "play"
    do(st, "end_turn")
    assert st.phase == "over" and st.finished and st.winner == 0
    assert guildhall.pending_player(st) is None and guildhall.legal_decisions(st, 0) == []
    assert guildhall.legal_decisions(st, 1) == []
    message = illegal(st, {"type": "end_turn"}, seat=1, code="game_over")
    assert "over" in message


def test_r15_2_only_the_active_player_can_win():
    # seat 1 holds 25 VP (a constructed state): seat 0 ending the turn does not end the game for seat 1
    st = table(tokens={1: 25, 0: 3})
    do(st, "end_turn")
    assert st.phase == "play" and st.active == 1
    do(st, "end_turn")
    assert st.phase == "over" and st.winner == 1


def test_r12_4_nineteen_does_not_win():
    st = table(tokens={0: 19})
    do(st, "end_turn")
    assert st.phase == "play" and st.active == 1


def test_r12_4_win_by_buying_vp_card():
    st = table(tokens={0: 15}, completed={0: ["weaver"]}, row=["VP5", "VP2-Chapter", "VP2-Chapter",
                                                                "VP3-Draw6", "VP3-Draw6"])
    do(st, ("buy", st.row[0]))
    pay_with(st, st.players[0].completed[0][0])
    do(st, "end_turn")
    assert st.winner == 0 and st.players[0].vp == 20


@pytest.mark.parametrize("mode", ["printed", "yucata"])
def test_r15_4_y4_placings_by_vp_then_completed_chapters_else_shared(mode):
    st = table(players=4, mode=mode, tokens={0: 20, 1: 5, 2: 5, 3: 5}, completed={2: ["farmer"], 3: ["weaver"]})
    do(st, "end_turn")
    assert st.winner == 0
    assert st.placings == [1, 4, 2, 2]  # seats 2 and 3 tie on VP and chapters: shared 2nd; seat 1 after
    st = table(players=3, mode=mode, tokens={0: 21, 1: 6, 2: 5}, completed={2: ["farmer", "weaver"]})
    do(st, "end_turn")
    assert st.placings == [1, 2, 3]  # VP first, chapters only break ties
