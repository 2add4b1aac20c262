"""Rules versions (docs/engine-api.md): a game is played and replayed under the rules version it was
created with. Version 2 changed two things, both tested here in both modes, each against version 1
(version 3, tested in test_rules_version_3.py, moves the order into the decisions that discard):

- the Historian's T4 when its first card completes a fourth chapter (R8.4, reference §6.3);
- the order of cards put on the discard pile together: a completed chapter (paying, R9.1; shedding a
  fourth, R8.4) and the duplicates discarded at the end of a turn (R12.1, AMB-17).
"""

import pytest

from engine import guildhall
from tests.engine.guildhall.helpers import (
    check_invariants,
    cid,
    do,
    hall_names,
    legal,
    name,
    pending_kind,
    selects,
    table,
    tiers_offered,
    types,
)

MODES = ["printed", "yucata"]
FOUR = ["red", "blue", "yellow", "green"]


def four(profession):
    return [f"{c} {profession}" for c in FOUR]


def pile_top_first(st, count):
    return [name(c) for c in reversed(st.discard[-count:])]


# --- versions -----------------------------------------------------------------------------------------------
def test_new_games_use_the_current_version_and_unknown_versions_are_refused():
    assert guildhall.ENGINE_VERSION == "4" == guildhall.VERSIONS[-1] and guildhall.VERSIONS == ("1", "2", "3", "4")
    assert guildhall.new_game(2, "s").version == guildhall.ENGINE_VERSION
    assert guildhall.new_game(2, "s", version="1").version == "1"
    assert guildhall.new_game(2, "s", version="2").version == "2"
    assert guildhall.new_game(2, "s", version="3").version == "3"
    with pytest.raises(ValueError, match="rules version"):
        guildhall.new_game(2, "s", version="5")


def test_replay_keeps_the_version_and_a_version_1_log_replays_under_version_1_only():
    """A log of version 1 that pays for a VP card means something else under version 2 (the order prompt
    comes in between); replayed under its own version it is the game it was."""
    st = table(version="1", completed={0: ["weaver"]}, row=["VP5", "VP9", "VP9", "VP3-Draw6", "VP4-Action"])
    assert st.version == "1" and st.snapshot.version == "1"
    do(st, ("buy", st.row[0]), ("pay", st.players[0].completed[0][0]), "end_turn")
    assert st.active == 1
    assert st.clone().version == "1" and st.clone() == st


# --- Historian T4 when the first card completes a fourth chapter (point 2) -------------------------------------
def historian_table(mode, version, discard):
    return table(mode=mode, version=version, hands={0: ["red Historian"]},
                 halls={0: [f"{c} Historian" for c in ("blue", "yellow", "green", "purple")] + four("Farmer")},
                 completed={0: ["dancer", "weaver", "trader"]}, discard=discard)


@pytest.mark.parametrize("mode", MODES)
def test_version_2_offers_t4_when_the_first_card_completes_a_fourth_chapter_even_alone_on_the_pile(mode):
    """R8.4: the fourth chapter is discarded at once, before the second card is chosen, so the second card
    is chosen from the pile with those five cards on it (R5.5: each arrival judged on the state then)."""
    st = historian_table(mode, "2", ["purple Farmer"])
    do(st, ("play", "red Historian"))
    assert tiers_offered(legal(st)) == [0, 2, 4]
    do(st, ("tier", 4))
    assert selects(legal(st)) == [cid("purple Farmer")]
    do(st, ("select", "purple Farmer"))
    assert pending_kind(st) == "shed_chapters" and guildhall.pending_player(st) == 0
    do(st, ("pay", cid("red Dancer")), "done")
    # The second card: any card of the chapter just discarded (no Dancer is face up).
    assert pending_kind(st) == "ability"
    assert selects(legal(st)) == sorted(cid(f"{c} Dancer") for c in FOUR + ["purple"])
    do(st, ("select", "green Dancer"))
    assert "green Dancer" in hall_names(st, 0) and len(st.players[0].completed) == 3
    assert pending_kind(st) == "action"
    check_invariants(st)


@pytest.mark.parametrize("mode", MODES)
def test_version_1_refused_that_t4_when_the_pile_held_no_other_card(mode):
    st = historian_table(mode, "1", ["purple Farmer"])
    do(st, ("play", "red Historian"))
    assert tiers_offered(legal(st)) == [0, 2]


@pytest.mark.parametrize("version", ["1", "2"])
@pytest.mark.parametrize("mode", MODES)
def test_the_second_card_may_be_one_of_the_discarded_chapter_in_both_versions(mode, version):
    """The choices after the discard include its cards (the pile as it then is), as the offering of the
    tier now assumes too."""
    st = historian_table(mode, version, ["red Assassin", "purple Farmer"])
    do(st, ("play", "red Historian"))
    assert 4 in tiers_offered(legal(st))
    do(st, ("tier", 4), ("select", "purple Farmer"), ("pay", cid("red Dancer")))
    if version == "2":
        do(st, "done")
    assert selects(legal(st)) == sorted([cid("red Assassin")] + [cid(f"{c} Dancer") for c in FOUR + ["purple"]])


def test_t4_is_not_offered_when_the_completed_chapter_is_only_the_third():
    """With two completed chapters nothing is discarded, so nothing new arrives on the pile."""
    st = table(hands={0: ["red Historian"]},
               halls={0: [f"{c} Historian" for c in ("blue", "yellow", "green", "purple")] + four("Farmer")},
               completed={0: ["dancer", "weaver"]}, discard=["purple Farmer"])
    do(st, ("play", "red Historian"))
    assert tiers_offered(legal(st)) == [0, 2]


# --- the order of cards on the pile (point 4) ------------------------------------------------------------------
def buy_table(mode, version):
    return table(mode=mode, version=version, completed={0: ["weaver"]}, discard=["red Dancer"],
                 row=["VP5", "VP9", "VP9", "VP3-Draw6", "VP4-Action"])


@pytest.mark.parametrize("mode", MODES)
def test_version_2_paying_the_owner_orders_all_five_cards_first_chosen_on_top(mode):
    st = buy_table(mode, "2")
    vp5 = st.row[0]
    do(st, ("buy", vp5), ("pay", cid("yellow Weaver")))
    assert pending_kind(st) == "order_pile" and guildhall.pending_player(st) == 0
    # The card is not taken before the pile is in order.
    assert st.area_vp == [] and vp5 in st.row
    assert types(legal(st)) == ["select"] * 4 + ["done"]
    do(st, ("select", "green Weaver"), ("select", "red Weaver"))
    assert pile_top_first(st, 5)[:3] == ["yellow Weaver", "green Weaver", "red Weaver"]
    do(st, ("select", "purple Weaver"))  # the last card's place is forced
    assert pile_top_first(st, 6) == ["yellow Weaver", "green Weaver", "red Weaver", "purple Weaver",
                                     "blue Weaver", "red Dancer"]
    assert st.area_vp == [vp5] and vp5 not in st.row and pending_kind(st) == "action"
    check_invariants(st)


@pytest.mark.parametrize("mode", MODES)
def test_version_2_one_click_keeps_the_default_order_which_is_version_1s(mode):
    orders = []
    for version in ("1", "2"):
        st = buy_table(mode, version)
        do(st, ("buy", st.row[0]), ("pay", cid("yellow Weaver")))
        if version == "2":
            assert pending_kind(st) == "order_pile"
            do(st, "done")
        assert st.area_vp and pending_kind(st) == "action"
        orders.append(list(st.discard))
    assert orders[0] == orders[1]
    assert [name(c) for c in orders[1]] == ["red Dancer", "red Weaver", "blue Weaver", "green Weaver",
                                            "purple Weaver", "yellow Weaver"]


@pytest.mark.parametrize("mode", MODES)
def test_version_1_paying_asks_no_order(mode):
    st = buy_table(mode, "1")
    do(st, ("buy", st.row[0]), ("pay", cid("yellow Weaver")))
    assert pending_kind(st) == "action" and st.area_vp


def test_version_2_two_chapters_each_ordered_before_the_next_payment():
    st = table(version="2", completed={0: ["weaver", "trader"]}, row=["VP9", "VP5", "VP5", "VP3-Draw6", "VP4-Action"])
    do(st, ("buy", st.row[0]), ("pay", cid("red Weaver")))
    assert pending_kind(st) == "order_pile"
    do(st, "done")
    assert pending_kind(st) == "pay" and st.stack[-1]["left"] == 1 and st.area_vp == []
    do(st, ("pay", cid("blue Trader")), ("select", "purple Trader"), "done")
    assert pile_top_first(st, 3) == ["blue Trader", "purple Trader", "green Trader"]  # the rest: colour order
    assert st.players[0].vp == 9


def test_version_2_a_refill_after_ordering_still_ends_undo_the_ordering_itself_may_be_undone():
    st = buy_table("printed", "2")
    do(st, ("buy", st.row[0]), ("pay", cid("yellow Weaver")), ("select", "green Weaver"))
    assert {"type": "undo"} in legal(st, undo=True)
    do(st, "undo")
    assert pending_kind(st) == "order_pile" and st.stack[-1]["picks"]["order"] == []
    do(st, "done")  # the last choice: the VP card is taken and the row refilled
    assert {"type": "undo"} not in legal(st, undo=True)


@pytest.mark.parametrize("mode", MODES)
def test_version_2_shedding_a_fourth_chapter_on_another_players_turn_the_owner_orders(mode):
    st = table(mode=mode, version="2", hands={0: ["red Trader"]},
               halls={0: ["purple Weaver"], 1: four("Weaver") + ["blue Dancer"]},
               completed={1: ["farmer", "assassin", "dancer"]})
    do(st, ("play", "red Trader"), ("tier", 0), ("target", 1), ("select", "purple Weaver"), ("select", "blue Dancer"))
    if mode == "yucata":  # Y1: deferred to the owner's next turn
        do(st, "end_turn")
    assert pending_kind(st) == "shed_chapters" and guildhall.pending_player(st) == 1
    do(st, ("pay", cid("green Weaver")))
    assert pending_kind(st) == "order_pile" and guildhall.pending_player(st) == 1
    do(st, ("select", "red Weaver"), "done")
    assert pile_top_first(st, 5) == ["green Weaver", "red Weaver", "purple Weaver", "yellow Weaver", "blue Weaver"]
    assert pending_kind(st) == "action"
    check_invariants(st)


def duplicates_table(mode, version):
    """Seat 0 ends its turn with two action-area cards whose twins it placed with a Weaver T2."""
    st = table(mode=mode, version=version, hands={0: ["blue Farmer", "red Weaver", "red Weaver", "blue Farmer"]},
               halls={0: ["blue Weaver", "green Weaver"]}, discard=["purple Dancer"])
    do(st, ("play", cid("blue Farmer")), ("play", cid("red Weaver")), ("tier", 2), ("select", "green Weaver"),
       ("select", cid("red Weaver", 1)), ("select", cid("blue Farmer", 1)))
    return st


@pytest.mark.parametrize("mode", MODES)
def test_version_2_the_active_player_orders_the_duplicates_discarded_at_the_end_of_the_turn(mode):
    st = duplicates_table(mode, "2")
    assert st.active == 0 and pending_kind(st) == "order_pile" and guildhall.pending_player(st) == 0
    assert sorted(selects(legal(st))) == sorted([cid("blue Farmer"), cid("red Weaver")])
    do(st, ("select", cid("blue Farmer")))
    assert pile_top_first(st, 3) == ["blue Farmer", "red Weaver", "purple Dancer"]
    assert st.active == 1 and pending_kind(st) == "action"


@pytest.mark.parametrize("mode", MODES)
def test_end_of_turn_duplicates_default_order_is_the_order_of_play_in_both_versions(mode):
    for version in ("1", "2"):
        st = duplicates_table(mode, version)
        if version == "2":
            do(st, "done")
        assert st.active == 1
        assert pile_top_first(st, 3) == ["red Weaver", "blue Farmer", "purple Dancer"]


def test_a_single_duplicate_asks_no_order():
    st = table(hands={0: ["red Weaver", "red Weaver"]})
    do(st, ("play", "red Weaver", 0), ("tier", 0), ("select", "red Weaver", 1), "end_turn")
    assert st.active == 1 and st.discard[-1] == cid("red Weaver", 0)


def test_ordering_in_printed_mode_shows_the_cards_to_the_owner_only():
    st = buy_table("printed", "2")
    do(st, ("buy", st.row[0]), ("pay", cid("yellow Weaver")), ("select", "green Weaver"))
    mine = guildhall.view(st, 0)["pending"]
    assert [c["id"] for c in mine["cards"]] == [cid(f"{c} Weaver") for c in ("green", "purple", "blue", "red")]
    assert mine["on_top"]["id"] == cid("yellow Weaver")
    other = guildhall.view(st, 1)
    assert "cards" not in other["pending"] and "picks" not in other["pending"]
    shown = guildhall.views.card_ids_in(other)
    assert not shown & {cid(f"{c} Weaver") for c in ("green", "red", "blue", "purple")}
