"""Every profession and tier (reference §6), legal and illegal, with the rulebook's own examples."""

import pytest

from engine import guildhall
from engine.guildhall.cards import IDENTITY
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
    tiers_offered,
    types,
)

FOUR = ["red", "blue", "yellow", "green"]


def four(profession):
    return [f"{c} {profession}" for c in FOUR]


def illegal(st, decision, code="illegal"):
    seat = guildhall.pending_player(st)
    before = st.clone()
    with pytest.raises(guildhall.IllegalDecision) as exc:
        guildhall.apply(st, seat, decision)
    assert exc.value.code == code
    assert st == before
    return exc.value.message


def targets(options):
    return sorted(o["seat"] for o in options if o["type"] == "target")


def chapters(options):
    return sorted(o["profession"] for o in options if o["type"] == "chapter")


# --- 6.1 Assassin ----------------------------------------------------------------------------------------------
def test_assassin_t0_one_card_of_one_other_player_amb08():
    st = table(players=3, hands={0: ["red Assassin"]}, halls={0: ["blue Farmer"], 1: [],
                                                             2: ["red Weaver", "green Trader"]})
    do(st, ("play", "red Assassin"))
    assert tiers_offered(legal(st)) == [0]
    do(st, ("tier", 0))
    assert targets(legal(st)) == [2]  # seat 1 has nothing; never yourself
    illegal(st, {"type": "target", "seat": 0})
    illegal(st, {"type": "target", "seat": 1})
    do(st, ("target", 2))
    assert selects(legal(st)) == sorted([cid("red Weaver"), cid("green Trader")])
    illegal(st, {"type": "select", "card": cid("blue Farmer")})  # own guildhall cannot be chosen
    do(st, ("select", "green Trader"))
    assert hall_names(st, 2) == ["red Weaver"] and st.discard[-1] == cid("green Trader")
    assert hall_names(st, 0) == ["blue Farmer"] and pending_kind(st) == "action"


def test_assassin_t2_two_different_chapters_of_the_same_target():
    st = table(players=3, hands={0: ["red Assassin"]},
               halls={0: ["blue Assassin", "green Assassin"], 1: ["red Weaver", "blue Weaver"],
                      2: ["red Weaver", "red Farmer"]})
    do(st, ("play", "red Assassin"), ("tier", 2))
    assert targets(legal(st)) == [2]  # seat 1 has only one chapter: T2 impossible against it
    do(st, ("target", 2), ("select", "red Weaver", 1))  # seat 1 holds copy 0
    assert selects(legal(st)) == [cid("red Farmer")]
    do(st, ("select", "red Farmer"))
    assert st.players[2].hall == {} and st.discard[-2:] == [cid("red Weaver", 1), cid("red Farmer")]


def test_assassin_t2_not_offered_when_no_one_has_two_chapters():
    st = table(hands={0: ["red Assassin"]}, halls={0: ["blue Assassin", "green Assassin"],
                                                  1: ["red Weaver", "blue Weaver"]})
    do(st, ("play", "red Assassin"))
    assert tiers_offered(legal(st)) == [0]
    illegal(st, {"type": "tier", "tier": 2})


def test_assassin_t2_same_chapter_refused():
    st = table(hands={0: ["red Assassin"]}, halls={0: ["blue Assassin", "green Assassin"],
                                                  1: ["red Weaver", "blue Weaver", "red Farmer"]})
    do(st, ("play", "red Assassin"), ("tier", 2), ("target", 1), ("select", "red Weaver"))
    assert selects(legal(st)) == [cid("red Farmer")]
    illegal(st, {"type": "select", "card": cid("blue Weaver")})


def test_assassin_t4_both_from_one_chapter_in_chosen_order_amb17():
    st = table(hands={0: ["purple Assassin"]}, halls={0: four("Assassin"), 1: ["red Weaver", "blue Weaver"]},
               completed={1: ["farmer"]}, vp_cards={1: ["VP5"]})
    do(st, ("play", "purple Assassin"))
    assert tiers_offered(legal(st)) == [0, 4]  # T2 needs two chapters: not feasible
    do(st, ("tier", 4), ("target", 1), ("select", "blue Weaver"))
    assert selects(legal(st)) == [cid("red Weaver")]
    do(st, ("select", "red Weaver"))
    assert st.discard[-2:] == [cid("blue Weaver"), cid("red Weaver")]  # the last chosen on top
    assert st.players[1].hall == {} and len(st.players[1].completed) == 1  # AMB-03/08: untouchable
    assert len(st.players[1].vp_cards) == 1


def test_assassin_played_for_nothing_with_empty_opponent_halls():
    st = table(players=3, hands={0: ["red Assassin"]}, halls={1: [], 2: []})
    do(st, ("play", "red Assassin"))
    assert pending_kind(st) == "action"


# --- 6.2 Farmer -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("n,tier,gain", [(1, 1, 1), (3, 3, 2), (3, 1, 1), (4, 3, 2)])
def test_farmer_tiers_printed(n, tier, gain):
    st = table(hands={0: ["purple Farmer"]}, halls={0: four("Farmer")[:n]}, tokens={0: 4})
    do(st, ("play", "purple Farmer"), ("tier", tier))
    assert st.players[0].tokens == 4 + gain and st.players[0].vp == 4 + gain


@pytest.mark.parametrize("n,gain", [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2)])
def test_y3_farmer_automatic_highest_tier_in_yucata(n, gain):
    st = table(mode="yucata", hands={0: ["purple Farmer"]}, halls={0: four("Farmer")[:n]})
    do(st, ("play", "purple Farmer"))
    assert pending_kind(st) == "action"  # no tier to choose, no decline (Y3)
    assert st.players[0].tokens == gain


def test_farmer_with_no_farmers_gives_nothing_printed():
    st = table(hands={0: ["purple Farmer"]})
    do(st, ("play", "purple Farmer"))
    assert pending_kind(st) == "action" and st.players[0].tokens == 0


# --- 6.3 Historian ----------------------------------------------------------------------------------------------
def test_historian_t0_takes_the_top_card():
    st = table(hands={0: ["red Historian"]}, discard=["green Dancer", "blue Weaver"])
    do(st, ("play", "red Historian"))
    assert tiers_offered(legal(st)) == [0]
    do(st, ("tier", 0))
    assert hall_names(st, 0) == ["blue Weaver"] and st.discard == [cid("green Dancer")]


def test_amb11_historian_t0_unavailable_when_top_is_a_duplicate():
    st = table(hands={0: ["red Historian"]}, halls={0: ["blue Weaver"]}, discard=["green Dancer", "blue Weaver"])
    do(st, ("play", "red Historian"))
    assert pending_kind(st) == "action"  # no tier at all: no digging below the top at T0
    assert st.discard[-1] == cid("blue Weaver", 1)


def test_historian_t0_with_empty_pile_nothing():
    st = table(hands={0: ["red Historian"]}, discard=[])
    do(st, ("play", "red Historian"))
    assert pending_kind(st) == "action"


def test_historian_t0_may_take_a_twin_of_the_action_area_card_r5_6():
    st = table(hands={0: ["red Historian"]}, discard=["red Historian"])
    do(st, ("play", "red Historian"), ("tier", 0))
    assert hall_names(st, 0) == ["red Historian"]
    do(st, "end_turn")
    assert st.discard[-1] == cid("red Historian")  # the action-area twin is discarded (R7.7)


def test_historian_t2_searches_whole_pile_places_one_non_duplicate_order_kept():
    st = table(hands={0: ["red Historian"]}, halls={0: ["blue Historian", "green Historian", "red Farmer"]},
               discard=["yellow Dancer", "red Farmer", "green Weaver", "purple Trader"])
    do(st, ("play", "red Historian"))
    assert tiers_offered(legal(st)) == [0, 2]
    do(st, ("tier", 2))
    assert selects(legal(st)) == sorted([cid("yellow Dancer"), cid("green Weaver"), cid("purple Trader")])
    illegal(st, {"type": "select", "card": cid("red Farmer", 1)})  # R7.3: a duplicate
    do(st, ("select", "green Weaver"))
    assert st.discard == [cid("yellow Dancer"), cid("red Farmer", 1), cid("purple Trader")]
    assert "green Weaver" in hall_names(st, 0) and pending_kind(st) == "action"


def test_historian_t4_two_cards_not_identical_to_each_other():
    st = table(hands={0: ["purple Historian"]}, halls={0: four("Historian")},
               discard=["red Farmer", "red Farmer", "blue Dancer"])
    do(st, ("play", "purple Historian"), ("tier", 4), ("select", "red Farmer", 0))
    assert selects(legal(st)) == [cid("blue Dancer")]  # the second red Farmer would be a duplicate
    do(st, ("select", "blue Dancer"))
    assert st.discard == [cid("red Farmer", 1)]


def test_historian_t4_twin_after_completion_amb04():
    """R5.5 placement: the first purple Trader completes the chapter, so its twin may follow."""
    st = table(hands={0: ["purple Historian"]}, halls={0: four("Historian") + four("Trader")},
               discard=["purple Trader", "purple Trader"])
    do(st, ("play", "purple Historian"), ("tier", 4), ("select", "purple Trader", 0))
    assert len(st.players[0].completed) == 1
    assert selects(legal(st)) == [cid("purple Trader", 1)]
    do(st, ("select", "purple Trader", 1))
    assert hall_names(st, 0) == sorted(four("Historian") + ["purple Trader"])
    check_invariants(st)


def test_historian_t4_not_offered_when_only_one_card_can_be_placed():
    st = table(hands={0: ["purple Historian"]}, halls={0: four("Historian")}, discard=["red Farmer", "red Farmer"])
    do(st, ("play", "purple Historian"))
    assert tiers_offered(legal(st)) == [0, 2]
    illegal(st, {"type": "tier", "tier": 4})


def test_rulebook_trader_completed_by_historian_then_red_trader_playable_r8_2():
    """EN §Completed Chapters example."""
    st = table(hands={0: ["blue Historian", "red Trader"]}, halls={0: four("Trader") + ["green Farmer"],
                                                                 1: ["red Weaver"]},
               discard=["purple Trader"])
    plays = [o["card"] for o in legal(st) if o["type"] == "play"]
    assert cid("red Trader", 1) not in plays  # a red Trader is in the guildhall (R5.1b)
    do(st, ("play", "blue Historian"), ("tier", 0))
    assert len(st.players[0].completed) == 1 and st.players[0].level(4) == 0
    assert {"type": "play", "card": cid("red Trader", 1)} in legal(st)
    do(st, ("play", "red Trader", 1))  # N = 0 now; the Trader may trade at T0
    assert st.stack[-1]["level"] == 0
    do(st, "decline")
    assert st.active == 1
    assert "red Trader" in hall_names(st, 0)  # a new Trader chapter started


# --- 6.4 Trader ----------------------------------------------------------------------------------------------------
def test_trader_t0_swap_one_for_one():
    st = table(hands={0: ["red Trader"]}, halls={0: ["blue Farmer", "green Weaver"], 1: ["red Dancer"]})
    do(st, ("play", "red Trader"), ("tier", 0))
    do(st, ("target", 1))
    assert selects(legal(st)) == sorted([cid("blue Farmer"), cid("green Weaver")])
    do(st, ("select", "blue Farmer"))
    assert selects(legal(st)) == [cid("red Dancer")]
    do(st, ("select", "red Dancer"))
    assert hall_names(st, 0) == ["green Weaver", "red Dancer"] and hall_names(st, 1) == ["blue Farmer"]


def test_r7_5_trader_identical_swap_is_legal():
    st = table(hands={0: ["red Trader"]}, halls={0: ["red Weaver"], 1: ["red Weaver"]})
    do(st, ("play", "red Trader"), ("tier", 0), ("target", 1), ("select", "red Weaver", 0))
    assert selects(legal(st)) == [cid("red Weaver", 1)]
    do(st, ("select", "red Weaver", 1))
    assert st.players[0].hall == {IDENTITY[cid("red Weaver")]: cid("red Weaver", 1)}
    assert st.players[1].hall == {IDENTITY[cid("red Weaver")]: cid("red Weaver", 0)}


def test_r7_3_trader_cannot_create_a_duplicate_on_either_side():
    st = table(hands={0: ["red Trader"]}, halls={0: ["red Weaver", "blue Farmer"], 1: ["red Weaver", "green Dancer"]})
    do(st, ("play", "red Trader"), ("tier", 0), ("target", 1))
    # giving the red Weaver is possible only with the twin coming back
    do(st, ("select", "red Weaver", 0))
    assert selects(legal(st)) == [cid("red Weaver", 1)]
    illegal(st, {"type": "select", "card": cid("green Dancer")})  # they would hold two red Weavers
    st = table(hands={0: ["red Trader"]}, halls={0: ["red Weaver", "blue Farmer"], 1: ["red Weaver", "green Dancer"]})
    do(st, ("play", "red Trader"), ("tier", 0), ("target", 1), ("select", "blue Farmer"))
    assert selects(legal(st)) == [cid("green Dancer")]
    illegal(st, {"type": "select", "card": cid("red Weaver", 1)})  # I would hold two red Weavers


def test_trader_may_take_a_twin_of_the_action_area_card_yu_red_trader():
    st = table(hands={0: ["red Trader"]}, halls={0: ["blue Farmer"], 1: ["red Trader"]})
    mine, theirs = cid("red Trader", 1), cid("red Trader", 0)  # halls are laid out first
    assert st.players[0].hand == [mine]
    do(st, ("play", mine), ("tier", 0), ("target", 1), ("select", "blue Farmer"))
    assert selects(legal(st)) == [theirs]
    do(st, ("select", theirs))
    assert hall_names(st, 0) == ["red Trader"]
    do(st, "end_turn")
    assert st.players[0].hall == {IDENTITY[mine]: theirs} and st.discard[-1] == mine


def test_amb09_trader_t2_one_simultaneous_two_for_two_with_one_player():
    st = table(players=3, hands={0: ["purple Trader"]},
               halls={0: ["red Trader", "blue Trader", "red Farmer"], 1: ["green Dancer", "yellow Weaver"],
                      2: ["red Assassin"]})
    do(st, ("play", "purple Trader"))
    assert tiers_offered(legal(st)) == [0, 2]
    do(st, ("tier", 2))
    assert targets(legal(st)) == [1]  # seat 2 has a single card: no 2-for-2 with them
    do(st, ("target", 1), ("select", "red Trader"), ("select", "red Farmer"))
    assert selects(legal(st)) == sorted([cid("green Dancer"), cid("yellow Weaver")])
    do(st, ("select", "green Dancer"))
    assert selects(legal(st)) == [cid("yellow Weaver")]  # nothing received can go back
    do(st, ("select", "yellow Weaver"))
    assert hall_names(st, 0) == ["blue Trader", "green Dancer", "yellow Weaver"]
    assert hall_names(st, 1) == ["red Farmer", "red Trader"]


def test_trader_t2_swapping_shared_pair_and_a_free_card():
    """Exchange judged on the result (R5.5): give red Weaver + blue Farmer, take their red Weaver + green
    Dancer."""
    st = table(hands={0: ["purple Trader"]},
               halls={0: ["red Trader", "blue Trader", "red Weaver", "blue Farmer"], 1: ["red Weaver", "green Dancer"]})
    do(st, ("play", "purple Trader"), ("tier", 2), ("target", 1), ("select", "red Weaver", 0),
       ("select", "blue Farmer"))
    assert selects(legal(st)) == sorted([cid("red Weaver", 1), cid("green Dancer")])
    do(st, ("select", "green Dancer"), ("select", "red Weaver", 1))
    assert hall_names(st, 1) == ["blue Farmer", "red Weaver"]
    check_invariants(st)


def test_amb10_trader_t4_whole_chapters_of_different_professions_and_sizes_join_existing():
    st = table(hands={0: ["purple Trader"]},
               halls={0: four("Trader") + ["red Farmer"], 1: ["blue Weaver", "green Weaver", "yellow Farmer"]})
    do(st, ("play", "purple Trader"))
    assert tiers_offered(legal(st)) == [0, 2, 4]
    do(st, ("tier", 4), ("target", 1))
    assert chapters(legal(st)) == ["farmer", "trader"]
    do(st, ("chapter", "trader"))
    assert chapters(legal(st)) == ["farmer", "weaver"]
    do(st, ("chapter", "weaver"))
    assert hall_names(st, 0) == ["blue Weaver", "green Weaver", "red Farmer"]
    assert hall_names(st, 1) == sorted(four("Trader") + ["yellow Farmer"])


def test_r7_4_trader_t4_chapter_swap_with_a_duplicate_not_offered():
    # my Farmer chapter (blue) cannot go to them: they have a blue Farmer; theirs (blue, green) cannot come
    # to me either, unless it is Farmer for Farmer (same profession: always fine)
    st = table(hands={0: ["purple Trader"]},
               halls={0: four("Trader") + ["blue Farmer"], 1: ["blue Farmer", "green Farmer", "red Weaver"]})
    do(st, ("play", "purple Trader"), ("tier", 4), ("target", 1), ("chapter", "farmer"))
    assert chapters(legal(st)) == ["farmer"]
    illegal(st, {"type": "chapter", "profession": "weaver"})
    st2 = table(hands={0: ["purple Trader"]},
                halls={0: four("Trader") + ["blue Farmer"], 1: ["blue Farmer", "green Farmer", "red Weaver"]})
    do(st2, ("play", "purple Trader"), ("tier", 4), ("target", 1), ("chapter", "trader"))
    assert chapters(legal(st2)) == ["weaver"]  # their Farmers would duplicate my blue Farmer
    do(st, ("chapter", "farmer"))
    assert hall_names(st, 0) == sorted(four("Trader") + ["blue Farmer", "green Farmer"])


def test_trader_completes_chapters_on_both_sides():
    st = table(hands={0: ["red Trader"]},
               halls={0: four("Farmer") + ["purple Weaver"], 1: four("Weaver") + ["purple Farmer"]})
    do(st, ("play", "red Trader"), ("tier", 0), ("target", 1), ("select", "purple Weaver"),
       ("select", "purple Farmer"))
    assert len(st.players[0].completed) == 1 and len(st.players[1].completed) == 1
    assert st.players[0].hall == {} and st.players[1].hall == {}
    check_invariants(st)


@pytest.mark.parametrize("version", ["1", "2"])
def test_r8_4_amb13_opponent_4th_chapter_shed_at_once_in_printed_mode(version):
    """Rules versions 1 and 2; version 3 defers it to the owner's turn (test_rules_version_3.py)."""
    st = table(version=version, hands={0: ["red Trader"]},
               halls={0: ["purple Weaver"], 1: four("Weaver") + ["blue Dancer"]},
               completed={1: ["farmer", "assassin", "dancer"]})
    do(st, ("play", "red Trader"), ("tier", 0), ("target", 1), ("select", "purple Weaver"),
       ("select", "blue Dancer"))
    assert len(st.players[1].completed) == 4
    assert guildhall.pending_player(st) == 1 and pending_kind(st) == "shed_chapters"
    assert guildhall.legal_decisions(st, 0) == []
    with pytest.raises(guildhall.IllegalDecision) as exc:
        guildhall.apply(st, 0, {"type": "end_turn"})
    assert exc.value.code == "not_your_turn"
    options = legal(st)
    assert types(options) == ["pay"] * 20  # any card of any of the 4 chapters may go on top
    weaver_top = cid("green Weaver")
    pay_with(st, weaver_top)
    assert len(st.players[1].completed) == 3 and st.discard[-1] == weaver_top
    assert guildhall.pending_player(st) == 0 and pending_kind(st) == "action" and st.active == 0
    check_invariants(st)


def test_y1_opponent_4th_chapter_deferred_to_their_next_turn_in_yucata():
    st = table(mode="yucata", hands={0: ["red Trader"]},
               halls={0: ["purple Weaver"], 1: four("Weaver") + ["blue Dancer"]},
               completed={1: ["farmer", "assassin", "dancer"]})
    do(st, ("play", "red Trader"), ("tier", 0), ("target", 1), ("select", "purple Weaver"),
       ("select", "blue Dancer"))
    assert len(st.players[1].completed) == 4
    assert guildhall.pending_player(st) == 0 and pending_kind(st) == "action"
    assert guildhall.view(st, 0)["players"][1]["completed"] == 4
    do(st, "end_turn")
    # seat 1's turn starts with the shed, before any action
    assert st.active == 1 and pending_kind(st) == "shed_chapters" and guildhall.pending_player(st) == 1
    assert not any(o["type"] == "play" for o in legal(st))
    pay_with(st, legal(st)[0]["card"])
    assert len(st.players[1].completed) == 3 and pending_kind(st) == "action" and st.actions == 2


def test_trader_with_an_empty_own_guildhall_no_tier():
    st = table(hands={0: ["red Trader"]}, halls={0: [], 1: ["red Weaver"]})
    do(st, ("play", "red Trader"))
    assert pending_kind(st) == "action"


# --- 6.5 Dancer ----------------------------------------------------------------------------------------------------
def test_dancer_draws_n_then_one_more_action():
    st = table(hands={0: ["purple Dancer"]}, halls={0: ["red Dancer", "blue Dancer"]},
               deck_top=["red Farmer", "blue Farmer", "green Farmer"])
    do(st, ("play", "purple Dancer"))
    assert tiers_offered(legal(st)) == [0, 1, 2]
    do(st, ("tier", 2))
    assert hand_names(st, 0) == ["blue Farmer", "red Farmer"] and st.actions == 2


def test_amb06_dancer_fewer_draws_still_one_action():
    st = table(hands={0: ["purple Dancer"]}, halls={0: ["red Dancer", "blue Dancer"]},
               deck_top=["red Farmer", "blue Farmer"])
    do(st, ("play", "purple Dancer"), ("tier", 1))
    assert hand_names(st, 0) == ["red Farmer"] and st.actions == 2


def test_amb06_dancer_decline_gives_neither_draw_nor_action():
    st = table(hands={0: ["purple Dancer"]}, halls={0: ["red Dancer"]})
    do(st, ("play", "purple Dancer"), "decline")
    assert st.players[0].hand == [] and st.actions == 1


def test_amb06_dancer_with_no_dancers_is_a_free_action():
    st = table(hands={0: ["purple Dancer", "red Farmer"]})
    deck = st.deck[:]
    do(st, ("play", "purple Dancer"))
    assert tiers_offered(legal(st)) == [0]
    illegal(st, {"type": "tier", "tier": 1})
    do(st, ("tier", 0))
    assert st.actions == 2 and st.deck == deck


def test_dancer_counts_dancers_brought_in_earlier_this_turn():
    """AEG blog: use a Trader to fetch Dancers, then play a Dancer (R5.2, AMB-21)."""
    st = table(hands={0: ["red Trader", "purple Dancer"]},
               halls={0: ["blue Farmer", "green Farmer"], 1: ["red Dancer", "blue Dancer", "yellow Weaver"]})
    do(st, ("play", "red Trader"), ("tier", 0), ("target", 1), ("select", "blue Farmer"), ("select", "red Dancer"))
    do(st, ("play", "purple Dancer"))
    assert st.stack[-1]["level"] == 1 and tiers_offered(legal(st)) == [0, 1]


# --- 6.6 Weaver ----------------------------------------------------------------------------------------------------
def test_weaver_t0_one_card_from_hand_duplicates_not_offered():
    st = table(hands={0: ["red Weaver", "blue Farmer", "green Dancer"]}, halls={0: ["blue Farmer"]})
    do(st, ("play", "red Weaver"), ("tier", 0))
    assert selects(legal(st)) == [cid("green Dancer")]
    illegal(st, {"type": "select", "card": cid("blue Farmer", 1)})
    do(st, ("select", "green Dancer"))
    assert hall_names(st, 0) == ["blue Farmer", "green Dancer"] and hand_names(st, 0) == ["blue Farmer"]


def test_rulebook_weaver_example_t2_place_two_take_one_back():
    """EN: two Weavers in the guildhall, play a third: place 2 from hand, take 1 guildhall card back."""
    st = table(hands={0: ["yellow Weaver", "red Farmer", "green Dancer", "blue Trader"]},
               halls={0: ["red Weaver", "blue Weaver", "purple Assassin"]})
    do(st, ("play", "yellow Weaver"))
    assert tiers_offered(legal(st)) == [0, 2]
    do(st, ("tier", 2))
    assert selects(legal(st)) == sorted([cid("red Weaver"), cid("blue Weaver"), cid("purple Assassin")])
    assert {"type": "done"} not in legal(st)
    do(st, ("select", "purple Assassin"), ("select", "red Farmer"))
    assert {"type": "done"} not in legal(st)  # exactly 2: no stopping after 1 (R5.4)
    illegal(st, {"type": "done"})
    do(st, ("select", "green Dancer"))
    assert hall_names(st, 0) == ["blue Weaver", "green Dancer", "red Farmer", "red Weaver"]
    assert hand_names(st, 0) == ["blue Trader", "purple Assassin"]
    assert pending_kind(st) == "action"


def test_r7_5_weaver_identical_swap_hand_and_guildhall():
    st = table(hands={0: ["yellow Weaver", "red Farmer", "green Dancer"]},
               halls={0: ["red Weaver", "blue Weaver", "red Farmer"]})
    do(st, ("play", "yellow Weaver"), ("tier", 2), ("select", "red Farmer", 0))
    assert cid("red Farmer", 1) in selects(legal(st))
    do(st, ("select", "red Farmer", 1), ("select", "green Dancer"))
    assert st.players[0].hall[IDENTITY[cid("red Farmer")]] == cid("red Farmer", 1)
    assert cid("red Farmer", 0) in st.players[0].hand


def test_weaver_t2_not_offered_without_two_placeable_cards():
    st = table(hands={0: ["yellow Weaver", "red Farmer", "red Farmer"]}, halls={0: ["red Weaver", "blue Weaver"]})
    do(st, ("play", "yellow Weaver"))
    assert tiers_offered(legal(st)) == [0]  # two red Farmers cannot both go in


def test_amb05_weaver_t4_zero_placements_takes_exactly_two():
    st = table(hands={0: ["purple Weaver", "red Farmer"]}, halls={0: four("Weaver")})
    do(st, ("play", "purple Weaver"))
    assert tiers_offered(legal(st)) == [0, 4]  # T2 would need two cards to place
    do(st, ("tier", 4))
    assert {"type": "done"} not in legal(st)
    do(st, ("select", "red Weaver"))
    assert {"type": "done"} not in legal(st)  # exactly 2 back
    illegal(st, {"type": "select", "card": cid("red Weaver")})
    do(st, ("select", "blue Weaver"))
    assert {"type": "done"} in legal(st)
    do(st, "done")
    assert hall_names(st, 0) == ["green Weaver", "yellow Weaver"]
    assert hand_names(st, 0) == ["blue Weaver", "red Farmer", "red Weaver"]


def test_weaver_t4_any_number_placed_may_complete_a_chapter():
    st = table(hands={0: ["purple Weaver", "purple Weaver", "red Farmer", "blue Farmer", "green Dancer"]},
               halls={0: four("Weaver")})
    do(st, ("play", "purple Weaver", 0), ("tier", 4), ("select", "red Weaver"), ("select", "blue Weaver"))
    # both Weavers come back, so their twins... none in hand; the purple Weaver may go in
    for card in ("red Farmer", "blue Farmer", "green Dancer"):
        do(st, ("select", card))
    do(st, ("select", "purple Weaver", 1))
    assert pending_kind(st) == "action"  # nothing left to place: resolved by itself
    assert hall_names(st, 0) == sorted(["blue Farmer", "green Dancer", "green Weaver", "purple Weaver", "red Farmer",
                                        "yellow Weaver"])


def test_weaver_cannot_take_back_itself_or_completed_cards():
    st = table(hands={0: ["purple Weaver", "red Farmer", "blue Farmer"]},
               halls={0: ["red Weaver", "blue Weaver"]}, completed={0: ["trader"]})
    do(st, ("play", "purple Weaver"), ("tier", 2))
    offered = selects(legal(st))
    assert cid("purple Weaver") not in offered
    assert not set(offered) & set(st.players[0].completed[0])


def test_weaver_card_taken_back_can_be_played_the_same_turn():
    st = table(hands={0: ["yellow Weaver", "red Farmer", "green Dancer"]},
               halls={0: ["red Weaver", "blue Weaver", "purple Trader"]})
    do(st, ("play", "yellow Weaver"), ("tier", 2), ("select", "purple Trader"), ("select", "red Farmer"),
       ("select", "green Dancer"))
    assert {"type": "play", "card": cid("purple Trader")} in legal(st)


def test_y3_dancer_is_not_automatic_in_yucata():
    st = table(mode="yucata", hands={0: ["purple Dancer"]}, halls={0: ["red Dancer"]})
    do(st, ("play", "purple Dancer"))
    assert tiers_offered(legal(st)) == [0, 1] and {"type": "decline"} in legal(st)


def test_r13_1_after_a_reshuffle_the_historian_finds_an_empty_pile():
    """AEG Dancer blog: the Dancer's draw reshuffles the pile into the deck; the Historian gets nothing."""
    st = table(hands={0: ["purple Dancer", "red Historian"]}, halls={0: ["red Dancer"]},
               deck_top=[], rest=("hand", 1), discard=["green Weaver", "blue Farmer"])
    assert st.deck == []
    do(st, ("play", "purple Dancer"), ("tier", 1))
    assert st.discard == [] and len(st.deck) == 1 and st.shuffles > 0
    do(st, ("play", "red Historian"))
    assert pending_kind(st) == "action"  # no tier: the pile is empty


def test_r5_6_action_area_cards_cannot_be_given_or_taken():
    st = table(hands={0: ["red Trader"]}, halls={0: ["blue Farmer"], 1: ["green Weaver"]})
    do(st, ("play", "red Trader"), ("tier", 0), ("target", 1))
    assert selects(legal(st)) == [cid("blue Farmer")]
    illegal(st, {"type": "select", "card": cid("red Trader")})


def test_amb10_trader_t4_completion_checked_on_both_sides():
    st = table(hands={0: ["purple Trader"]},
               halls={0: four("Trader") + four("Farmer") + ["purple Weaver"], 1: four("Weaver") + ["purple Farmer"]})
    do(st, ("play", "purple Trader"), ("tier", 4), ("target", 1), ("chapter", "weaver"), ("chapter", "farmer"))
    assert len(st.players[0].completed) == 1 and len(st.players[1].completed) == 1
    assert hall_names(st, 0) == sorted(four("Trader")) and st.players[1].hall == {}
    check_invariants(st)
