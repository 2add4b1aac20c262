"""Buying VP cards (R9), every VP card ability (§10), completed chapters (R8) and their limit (R8.4, Y1)."""

import pytest

from engine import guildhall
from engine.guildhall.cards import IDENTITY, VP_KIND_OF
from tests.engine.guildhall.helpers import (
    check_invariants,
    cid,
    do,
    hall_names,
    hand_names,
    legal,
    pay_with,
    pending_kind,
    selects,
    table,
    types,
    vp_ids,
)

FOUR = ["red", "blue", "yellow", "green"]
ROW = ["VP2-Chapter", "VP3-Draw6", "VP5", "VP7-2Actions", "VP9"]


def four(profession):
    return [f"{c} {profession}" for c in FOUR]


def illegal(st, decision, seat=None, code="illegal"):
    seat = guildhall.pending_player(st) if seat is None else seat
    before = st.clone()
    with pytest.raises(guildhall.IllegalDecision) as exc:
        guildhall.apply(st, seat, decision)
    assert exc.value.code == code
    assert st == before
    return exc.value.message


def row_card(st, kind):
    return next(v for v in st.row if VP_KIND_OF[v] == kind)


def buy(st, kind, *chapter_tops):
    """Buy the row's card of ``kind``, paying with the completed chapters holding these cards (default: the
    first chapters)."""
    card = row_card(st, kind)
    do(st, ("buy", card))
    tops = list(chapter_tops) or [st.players[st.active].completed[i][0] for i in range(st.stack[-1]["left"])]
    for top in tops:
        pay_with(st, top)
    return card


def buys(options):
    return sorted(VP_KIND_OF[o["card"]] for o in options if o["type"] == "buy")


# --- R9 buying --------------------------------------------------------------------------------------------------
def test_r9_1_no_completed_chapter_no_purchase():
    st = table(row=ROW)
    assert buys(legal(st)) == []
    message = illegal(st, {"type": "buy", "card": row_card(st, "VP5")})
    assert message == "You need 1 completed chapter to buy that VP card; you have 0."


def test_r9_1_costs_one_or_two_completed_chapters():
    st = table(row=ROW, completed={0: ["farmer"]})
    assert buys(legal(st)) == ["VP2-Chapter", "VP3-Draw6", "VP5"]
    assert "You need 2 completed chapters" in illegal(st, {"type": "buy", "card": row_card(st, "VP9")})
    st = table(row=ROW, completed={0: ["farmer", "weaver"]})
    assert buys(legal(st)) == sorted(ROW)


def test_r9_1_card_not_in_row():
    st = table(row=ROW, completed={0: ["farmer"]})
    other = next(v for v in st.vp_deck)
    assert illegal(st, {"type": "buy", "card": other}) == "That VP card is not in the center row."


def test_r9_1_pay_chosen_chapters_chosen_top_card_face_up_chapters_not_accepted():
    st = table(row=ROW, completed={0: ["farmer", "weaver", "trader"]}, halls={0: ["red Dancer"]})
    do(st, ("buy", row_card(st, "VP9")))
    assert pending_kind(st) == "pay" and st.stack[-1]["left"] == 2
    assert len(legal(st)) == 15  # any card of any completed chapter may be the top card
    illegal(st, {"type": "pay", "card": cid("red Dancer")})
    pay_with(st, cid("blue Weaver"))
    assert st.discard[-1] == cid("blue Weaver") and len(st.discard) == 5
    assert sorted(st.discard) == sorted(cid(f"{c} Weaver") for c in FOUR + ["purple"])
    pay_with(st, cid("green Trader"))
    assert st.discard[-1] == cid("green Trader") and len(st.discard) == 10
    assert [IDENTITY[c[0]] // 5 for c in st.players[0].completed] == [2]  # the Farmer chapter is left
    assert st.players[0].vp == 9 and hall_names(st, 0) == ["red Dancer"]


def test_r9_3_refill_from_the_top_of_the_vp_deck():
    st = table(row=ROW, completed={0: ["farmer"]}, vp_deck_top=["VP4-StealCard"])
    refill = st.vp_deck[-1]
    slot = st.row.index(row_card(st, "VP5"))
    buy(st, "VP5")
    assert st.row[slot] == refill and VP_KIND_OF[refill] == "VP4-StealCard" and len(st.row) == 5


def test_amb15_empty_vp_deck_row_shrinks_and_empty_row_no_buy():
    st = table(row=["VP5"], completed={0: ["farmer", "weaver"]}, vp_deck_top=[], vp_rest=("owned", 1))
    assert st.vp_deck == [] and len(st.row) == 1
    buy(st, "VP5")
    assert st.row == [] and st.vp_deck == []
    assert buys(legal(st)) == [] and not any(o["type"] == "buy" for o in legal(st))
    check_invariants(st)


def test_r9_4_vp5_vp9_have_no_ability_prompt():
    st = table(row=ROW, completed={0: ["farmer", "weaver", "trader"]})
    buy(st, "VP5")
    assert pending_kind(st) == "action"
    buy(st, "VP9")
    assert st.active == 1 and st.players[0].vp == 14


def test_r8_3_completed_chapters_give_no_vp():
    st = table(completed={0: ["farmer", "weaver", "trader"]})
    assert st.players[0].vp == 0 and guildhall.view(st, 1)["players"][0]["vp"] == 0


# --- §10 abilities --------------------------------------------------------------------------------------------------
def test_vp4_action_printed_use_or_decline():
    st = table(row=["VP4-Action", "VP4-Action", "VP5", "VP5", "VP9"], completed={0: ["farmer", "weaver"]})
    buy(st, "VP4-Action")
    assert pending_kind(st) == "choose_tier" and types(legal(st)) == ["use", "decline"]
    illegal(st, {"type": "tier", "tier": 0})
    do(st, "use")
    assert st.actions == 2  # the buy cost 1, the ability gave 1 back: net 0
    buy(st, "VP4-Action")
    do(st, "decline")
    assert st.actions == 1 and st.active == 0


def test_vp7_two_actions_printed():
    st = table(row=ROW, completed={0: ["farmer", "weaver"]})
    buy(st, "VP7-2Actions")
    do(st, "use")
    assert st.actions == 3


@pytest.mark.parametrize("kind,actions", [("VP4-Action", 2), ("VP7-2Actions", 3)])
def test_y3_extra_actions_automatic_in_yucata(kind, actions):
    st = table(mode="yucata", row=["VP4-Action", "VP7-2Actions", "VP5", "VP5", "VP9"],
               completed={0: ["farmer", "weaver"]})
    buy(st, kind)
    assert pending_kind(st) == "action" and st.actions == actions


def test_vp3_draw6_draws_six():
    st = table(row=["VP3-Draw6", "VP5", "VP5", "VP9", "VP9"], completed={0: ["farmer"]}, hands={0: ["red Farmer"]})
    buy(st, "VP3-Draw6")
    top6 = st.deck[-6:]
    do(st, "use")
    assert len(st.players[0].hand) == 7 and set(top6) <= set(st.players[0].hand)


def test_vp3_draw6_with_reshuffle_and_amb16():
    st = table(row=["VP3-Draw6", "VP5", "VP5", "VP9", "VP9"], completed={0: ["farmer"]},
               deck_top=["red Farmer", "blue Farmer"], rest=("hand", 1), discard=["green Dancer"])
    buy(st, "VP3-Draw6")  # the Farmer chapter goes on the pile: 6 cards there now
    do(st, "use")
    assert len(st.players[0].hand) == 6 and st.shuffles > 0  # 2 from the deck, 4 after the reshuffle
    assert len(st.deck) == 2 and st.discard == []
    check_invariants(st)


def test_vp2_chapter_moves_a_whole_chapter_joining_mine_and_completing():
    st = table(players=3, row=ROW, completed={0: ["dancer"]},
               halls={0: ["red Farmer", "blue Farmer", "yellow Farmer"], 1: ["green Farmer", "purple Farmer",
                                                                            "red Weaver"],
                      2: ["red Farmer", "blue Weaver"]})
    buy(st, "VP2-Chapter")
    do(st, "use")
    # seat 2's Farmer chapter holds a red Farmer, which I have: not offered (R7.4)
    options = legal(st)
    assert sorted(o["seat"] for o in options if o["type"] == "target") == [1, 2]
    do(st, ("target", 2))
    assert [o["profession"] for o in legal(st) if o["type"] == "chapter"] == ["weaver"]
    illegal(st, {"type": "chapter", "profession": "farmer"})
    st = table(players=3, row=ROW, completed={0: ["dancer"]},
               halls={0: ["red Farmer", "blue Farmer", "yellow Farmer"], 1: ["green Farmer", "purple Farmer",
                                                                            "red Weaver"]})
    buy(st, "VP2-Chapter")
    do(st, "use", ("target", 1), ("chapter", "farmer"))
    assert len(st.players[0].completed) == 1  # paid 1, completed 1
    assert hall_names(st, 1) == ["red Weaver"] and st.players[0].hall == {}
    check_invariants(st)


def test_vp2_chapter_no_usable_chapter_bought_anyway():
    st = table(row=ROW, completed={0: ["dancer"]}, halls={0: ["red Farmer"], 1: ["red Farmer"]})
    buy(st, "VP2-Chapter")
    assert pending_kind(st) == "action" and len(st.players[0].vp_cards) == 1  # R9.4


def test_vp3_swap1for2_exchange_with_duplicates_judged_after():
    st = table(row=["VP3-Swap1for2", "VP5", "VP5", "VP9", "VP9"], completed={0: ["dancer"]},
               halls={0: ["red Weaver", "blue Farmer"], 1: ["red Weaver", "green Trader", "yellow Farmer"]})
    buy(st, "VP3-Swap1for2")
    do(st, "use", ("target", 1))
    do(st, ("select", "blue Farmer"))
    # giving the blue Farmer, I can take neither their red Weaver (I keep mine) -> only 2 free cards
    assert selects(legal(st)) == sorted([cid("green Trader"), cid("yellow Farmer")])
    do(st, ("select", "green Trader"), ("select", "yellow Farmer"))
    assert hall_names(st, 0) == ["green Trader", "red Weaver", "yellow Farmer"]
    assert hall_names(st, 1) == ["blue Farmer", "red Weaver"]


def test_vp3_swap1for2_identical_pair_and_one_more():
    st = table(row=["VP3-Swap1for2", "VP5", "VP5", "VP9", "VP9"], completed={0: ["dancer"]},
               halls={0: ["red Weaver"], 1: ["red Weaver", "green Trader"]})
    buy(st, "VP3-Swap1for2")
    do(st, "use", ("target", 1), ("select", "red Weaver", 0))
    assert selects(legal(st)) == sorted([cid("red Weaver", 1), cid("green Trader")])
    do(st, ("select", "red Weaver", 1), ("select", "green Trader"))
    assert st.players[1].hall == {IDENTITY[cid("red Weaver")]: cid("red Weaver", 0)}


def test_vp3_swap1for2_needs_two_cards_of_theirs():
    st = table(row=["VP3-Swap1for2", "VP5", "VP5", "VP9", "VP9"], completed={0: ["dancer"]},
               halls={0: ["red Weaver"], 1: ["green Trader"]})
    buy(st, "VP3-Swap1for2")
    assert pending_kind(st) == "action"


def test_vp3_placehand_any_number_step_by_step_amb04():
    st = table(row=["VP3-PlaceHand", "VP5", "VP5", "VP9", "VP9"], completed={0: ["dancer"]},
               hands={0: ["purple Farmer", "purple Farmer", "red Weaver", "red Weaver"]}, halls={0: four("Farmer")})
    buy(st, "VP3-PlaceHand")
    do(st, "use")
    assert {"type": "done"} in legal(st)
    do(st, ("select", "red Weaver", 0))
    assert cid("red Weaver", 1) not in selects(legal(st))  # a duplicate now
    do(st, ("select", "purple Farmer", 0))  # completes the Farmers at once
    assert len(st.players[0].completed) == 1
    assert cid("purple Farmer", 1) in selects(legal(st))  # so its twin may follow
    do(st, ("select", "purple Farmer", 1))  # nothing placeable is left: resolved by itself
    assert pending_kind(st) == "action"
    assert hall_names(st, 0) == ["purple Farmer", "red Weaver"] and hand_names(st, 0) == ["red Weaver"]


def test_vp3_placehand_zero_is_like_declining():
    st = table(row=["VP3-PlaceHand", "VP5", "VP5", "VP9", "VP9"], completed={0: ["dancer"]}, hands={0: ["red Weaver"]})
    buy(st, "VP3-PlaceHand")
    do(st, "use", "done")
    assert hand_names(st, 0) == ["red Weaver"] and pending_kind(st) == "action"


def test_vp4_steal_card_one_card_not_a_duplicate_action_area_twin_fine():
    st = table(row=["VP4-StealCard", "VP5", "VP5", "VP9", "VP9"], completed={0: ["dancer"]},
               hands={0: ["red Trader"]}, halls={0: ["blue Farmer"], 1: ["blue Farmer", "red Trader"]})
    do(st, ("play", cid("red Trader", 1)), "decline")
    buy(st, "VP4-StealCard")
    do(st, "use", ("target", 1))
    assert selects(legal(st)) == [cid("red Trader")]
    illegal(st, {"type": "select", "card": cid("blue Farmer", 1)})
    do(st, ("select", "red Trader"))
    assert hall_names(st, 0) == ["blue Farmer", "red Trader"] and hall_names(st, 1) == ["blue Farmer"]
    assert st.active == 1 and st.discard[-1] == cid("red Trader", 1)  # action-area twin discarded


def test_vp4_steal_card_may_complete_my_chapter():
    st = table(row=["VP4-StealCard", "VP5", "VP5", "VP9", "VP9"], completed={0: ["dancer"]},
               halls={0: four("Farmer"), 1: ["purple Farmer"]})
    buy(st, "VP4-StealCard")
    do(st, "use", ("target", 1), ("select", "purple Farmer"))
    assert len(st.players[0].completed) == 1 and st.players[1].hall == {}


def test_amb03_vp_cards_are_never_targets():
    st = table(hands={0: ["red Assassin"]}, halls={0: ["blue Assassin"], 1: ["green Weaver"]},
               vp_cards={1: ["VP9"]})
    do(st, ("play", "red Assassin"), ("tier", 0), ("target", 1))
    assert selects(legal(st)) == [cid("green Weaver")]
    assert illegal(st, {"type": "select", "card": vp_ids(2, "VP9")[0]})


# --- R8.4 the limit of three completed chapters -----------------------------------------------------------------
@pytest.mark.parametrize("mode", ["printed", "yucata"])
def test_r8_4_amb13_active_player_4th_chapter_shed_at_once_in_both_modes(mode):
    st = table(mode=mode, hands={0: ["red Historian"]}, halls={0: four("Farmer")},
               completed={0: ["dancer", "weaver", "trader"]}, discard=["purple Farmer"],
               row=["VP9", "VP9", "VP5", "VP5", "VP2-Chapter"])
    do(st, ("play", "red Historian"), ("tier", 0))
    assert len(st.players[0].completed) == 4
    assert pending_kind(st) == "shed_chapters" and guildhall.pending_player(st) == 0
    assert not any(o["type"] == "buy" for o in legal(st))  # cannot spend the 4th first
    illegal(st, {"type": "buy", "card": st.row[0]})
    pay_with(st, cid("red Dancer"))
    assert len(st.players[0].completed) == 3 and st.discard[-1] == cid("red Dancer")
    assert pending_kind(st) == "action"
    check_invariants(st)


def test_r12_2_end_of_turn_4th_chapter_shed_before_the_turn_passes():
    st = table(hands={0: ["purple Farmer"]}, halls={0: four("Farmer")},
               completed={0: ["dancer", "weaver", "trader"]})
    do(st, ("play", "purple Farmer"), "decline", "end_turn")
    assert st.active == 0 and pending_kind(st) == "shed_chapters"
    assert guildhall.pending_player(st) == 0
    pay_with(st, cid("purple Farmer"))
    assert st.active == 1 and len(st.players[0].completed) == 3


def test_r8_4_shed_a_whole_chapter_only():
    st = table(hands={0: ["red Historian"]}, halls={0: four("Farmer")},
               completed={0: ["dancer", "weaver", "trader"]}, discard=["purple Farmer"])
    do(st, ("play", "red Historian"), ("tier", 0))
    before = len(st.discard)
    pay_with(st, cid("green Weaver"))
    assert len(st.discard) == before + 5
    assert all(IDENTITY[c] // 5 != 5 for ch in st.players[0].completed for c in ch)


def test_amb17_paid_chapter_goes_on_the_pile_with_the_chosen_card_on_top_rest_in_colour_order():
    """docs/rules.md 'Where we chose' 1: the named card on top, the other four beneath in colour order."""
    st = table(row=ROW, completed={0: ["weaver"]}, discard=["red Dancer"])
    buy(st, "VP5", cid("yellow Weaver"))
    assert st.discard == [cid("red Dancer")] + [cid(f"{c} Weaver") for c in ["red", "blue", "green", "purple",
                                                                             "yellow"]]


def test_r8_4_shed_interrupts_a_resolving_ability_which_then_goes_on():
    st = table(hands={0: ["purple Historian"]}, halls={0: four("Historian") + four("Farmer")},
               completed={0: ["dancer", "weaver", "trader"]}, discard=["red Assassin", "purple Farmer"])
    do(st, ("play", "purple Historian"), ("tier", 4), ("select", "purple Farmer"))
    assert [p["kind"] for p in st.stack] == ["action", "ability", "shed_chapters"]
    pay_with(st, cid("red Dancer"))
    assert pending_kind(st) == "ability"  # the Historian's second card is still to come
    do(st, ("select", "red Assassin"))
    assert pending_kind(st) == "action" and "red Assassin" in hall_names(st, 0)
    assert len(st.players[0].completed) == 3
    check_invariants(st)


@pytest.mark.parametrize("version", ["1", "2"])
def test_both_players_over_the_limit_active_sheds_first_then_the_other(version):
    """docs/rules.md 'Where we chose' 4; R8.4 in printed mode for both players (rules versions 1 and 2;
    version 3 defers the other's, test_rules_version_3.py)."""
    st = table(version=version, hands={0: ["red Trader"]},
               halls={0: four("Farmer") + ["purple Weaver"], 1: four("Weaver") + ["purple Farmer"]},
               completed={0: ["dancer", "assassin", "historian"], 1: ["dancer", "assassin", "historian"]})
    do(st, ("play", "red Trader"), ("tier", 0), ("target", 1), ("select", "purple Weaver"),
       ("select", "purple Farmer"))
    assert guildhall.pending_player(st) == 0 and pending_kind(st) == "shed_chapters"
    pay_with(st, legal(st)[0]["card"])
    assert guildhall.pending_player(st) == 1 and pending_kind(st) == "shed_chapters"
    pay_with(st, legal(st)[0]["card"])
    assert guildhall.pending_player(st) == 0 and pending_kind(st) == "action"
    assert [len(p.completed) for p in st.players] == [3, 3]


def test_y1_y4_deferred_fourth_chapter_counts_in_the_final_placings():
    st = table(players=3, mode="yucata", tokens={0: 20, 1: 5, 2: 5},
               completed={1: ["dancer", "assassin", "historian", "weaver"], 2: ["dancer", "assassin", "historian"]})
    assert len(st.players[1].completed) == 4  # deferred: seat 1 is not on turn
    do(st, "end_turn")
    assert st.winner == 0 and st.placings == [1, 2, 3]


def test_y3_only_farmer_and_extra_actions_are_automatic_draw6_is_optional_in_yucata():
    st = table(mode="yucata", row=["VP3-Draw6", "VP5", "VP5", "VP9", "VP9"], completed={0: ["farmer"]})
    buy(st, "VP3-Draw6")
    assert types(legal(st)) == ["use", "decline"]


def test_r4_2_extra_actions_add_up_without_cap_and_do_not_carry_over():
    st = table(row=["VP7-2Actions", "VP4-Action", "VP5", "VP9", "VP9"], completed={0: ["farmer", "weaver", "trader"]},
               hands={0: ["red Dancer"]})
    buy(st, "VP7-2Actions")
    do(st, "use")
    assert st.actions == 3
    buy(st, "VP4-Action")
    do(st, "use")
    assert st.actions == 3
    do(st, ("play", "red Dancer"), ("tier", 0))
    assert st.actions == 3
    do(st, "end_turn")
    assert st.active == 1 and st.actions == 2
    do(st, "end_turn")
    assert st.active == 0 and st.actions == 2


@pytest.mark.parametrize("version", ["1", "2"])
def test_r8_4_opponent_sheds_then_the_turn_ends_when_that_was_the_last_action(version):
    st = table(version=version, hands={0: ["red Trader"]},
               halls={0: ["purple Weaver"], 1: four("Weaver") + ["blue Dancer"]},
               completed={1: ["farmer", "assassin", "dancer"]}, actions=1)
    do(st, ("play", "red Trader"), ("tier", 0), ("target", 1), ("select", "purple Weaver"),
       ("select", "blue Dancer"))
    assert st.active == 0 and guildhall.pending_player(st) == 1
    pay_with(st, legal(st)[0]["card"])
    assert st.active == 1 and pending_kind(st) == "action" and st.actions == 2


def test_y1_two_excess_chapters_both_shed_at_the_start_of_the_turn():
    st = table(mode="yucata", active=1, completed={1: ["farmer", "assassin", "dancer", "weaver", "trader"]})
    assert pending_kind(st) == "shed_chapters" and guildhall.pending_player(st) == 1
    pay_with(st, legal(st)[0]["card"])
    assert pending_kind(st) == "shed_chapters" and len(st.players[1].completed) == 4
    pay_with(st, legal(st)[0]["card"])
    assert pending_kind(st) == "action" and len(st.players[1].completed) == 3
