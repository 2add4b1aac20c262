"""Rules version 3 (docs/rules.md, "Rules versions" and "Questions out of turn"), in both modes:

- the order of cards put on the pile together travels with the decision that puts them there: ``pay``
  (paying for a VP card, shedding a fourth chapter) and ``end_turn`` take an optional ``order``; without
  one the default order applies at once and nothing more is asked;
- a player who passes three completed chapters on another player's turn sheds them when their own turn
  starts, so the player to move never waits on another player's question;
- undo around them, the log in words, the views, and versions 1 and 2 left as they were.
"""

import json

import pytest

from engine import guildhall
from tests.engine.guildhall.helpers import check_invariants, cid, do, legal, name, pending_kind, table, types

MODES = ["printed", "yucata"]
FOUR = ["red", "blue", "yellow", "green"]
WEAVERS = [f"{c} Weaver" for c in ("red", "blue", "yellow", "green", "purple")]


def four(profession):
    return [f"{c} {profession}" for c in FOUR]


def ids(*names):
    return [cid(n) for n in names]


def pile_top_first(st, count):
    return [name(c) for c in reversed(st.discard[-count:])]


def refused(st, decision, code="illegal", seat=None):
    """``decision`` is refused with ``code`` and changes nothing."""
    seat = guildhall.pending_player(st) if seat is None else seat
    before = st.clone()
    with pytest.raises(guildhall.IllegalDecision) as exc:
        guildhall.apply(st, seat, decision)
    assert exc.value.code == code, exc.value.message
    assert st == before
    return exc.value.message


def buy_table(mode, version="3", **kwargs):
    kwargs.setdefault("row", ["VP5", "VP9", "VP9", "VP3-Draw6", "VP4-Action"])
    return table(mode=mode, version=version, completed={0: ["weaver"]}, discard=["red Dancer"], **kwargs)


# --- paying for a VP card -----------------------------------------------------------------------------------
@pytest.mark.parametrize("mode", MODES)
def test_each_payment_is_offered_with_its_default_order_top_first(mode):
    st = buy_table(mode)
    do(st, ("buy", st.row[0]))
    options = legal(st)
    assert types(options) == ["pay"] * 5
    for option in options:
        assert option["order"][0] == option["card"] and sorted(option["order"]) == ids(*WEAVERS)
    yellow = next(o for o in options if o["card"] == cid("yellow Weaver"))
    # Beneath the top card, the others in colour order from the bottom up (version 1's and 2's default).
    assert [name(c) for c in yellow["order"]] == ["yellow Weaver", "purple Weaver", "green Weaver", "blue Weaver",
                                                  "red Weaver"]


@pytest.mark.parametrize("mode", MODES)
def test_paying_without_an_order_takes_the_card_at_once_in_the_default_order(mode):
    st = buy_table(mode)
    vp5 = st.row[0]
    do(st, ("buy", vp5), ("pay", "yellow Weaver"))  # the card alone, as a version-1 client sends it
    assert pending_kind(st) == "action" and guildhall.pending_player(st) == 0
    assert st.area_vp == [vp5] and vp5 not in st.row
    assert pile_top_first(st, 6) == ["yellow Weaver", "purple Weaver", "green Weaver", "blue Weaver", "red Weaver",
                                     "red Dancer"]
    # The same as the offered option sent back whole, and as version 1 (which asked nothing either).
    other = buy_table(mode)
    do(other, ("buy", other.row[0]))
    do(other, next(o for o in legal(other) if o["card"] == cid("yellow Weaver")))
    v1 = buy_table(mode, version="1")
    do(v1, ("buy", v1.row[0]), ("pay", "yellow Weaver"))
    assert other.discard == st.discard == v1.discard
    check_invariants(st)


@pytest.mark.parametrize("mode", MODES)
def test_paying_with_an_order_puts_the_cards_in_that_order_in_one_decision(mode):
    st = buy_table(mode)
    vp5 = st.row[0]
    order = ids("green Weaver", "red Weaver", "purple Weaver", "yellow Weaver", "blue Weaver")
    do(st, ("buy", vp5), {"type": "pay", "card": cid("green Weaver"), "order": order})
    assert pending_kind(st) == "action" and st.area_vp == [vp5]
    assert pile_top_first(st, 6) == [name(c) for c in order] + ["red Dancer"]
    check_invariants(st)


@pytest.mark.parametrize("mode", MODES)
def test_an_order_may_name_only_the_first_few_cards_the_rest_keep_the_default_order_beneath(mode):
    st = buy_table(mode)
    do(st, ("buy", st.row[0]), {"type": "pay", "card": cid("blue Weaver"), "order": ids("blue Weaver", "red Weaver")})
    assert pile_top_first(st, 5) == ["blue Weaver", "red Weaver", "purple Weaver", "green Weaver", "yellow Weaver"]


@pytest.mark.parametrize("mode", MODES)
def test_an_order_that_does_not_fit_is_refused_and_changes_nothing(mode):
    st = table(mode=mode, completed={0: ["weaver", "trader"]}, row=["VP9", "VP5", "VP5", "VP3-Draw6", "VP4-Action"])
    do(st, ("buy", st.row[0]))
    blue = cid("blue Weaver")
    # Not beginning with the card on top; a card of another chapter; a card of no chapter.
    message = refused(st, {"type": "pay", "card": blue, "order": ids("red Weaver", "blue Weaver")})
    assert "order does not fit" in message
    refused(st, {"type": "pay", "card": blue, "order": ids("blue Weaver", "red Trader")})
    refused(st, {"type": "pay", "card": blue, "order": [blue, cid("red Dancer")]})
    # Malformed: a card twice, not a list, not card ids, too long.
    refused(st, {"type": "pay", "card": blue, "order": [blue, blue]}, code="malformed")
    refused(st, {"type": "pay", "card": blue, "order": "blue"}, code="malformed")
    refused(st, {"type": "pay", "card": blue, "order": [blue, True]}, code="malformed")
    refused(st, {"type": "pay", "card": blue, "order": list(range(7))}, code="malformed")
    # A decision that is not legal without its order stays refused for that reason.
    refused(st, {"type": "pay", "card": cid("red Dancer"), "order": [cid("red Dancer")]})
    # An empty order is no order.
    do(st, {"type": "pay", "card": blue, "order": []})
    assert pending_kind(st) == "pay" and st.discard[-1] == blue


def test_two_chapters_each_with_its_own_order_and_the_card_after_the_second():
    st = table(completed={0: ["weaver", "trader"]}, row=["VP9", "VP5", "VP5", "VP3-Draw6", "VP4-Action"])
    vp9 = st.row[0]
    do(st, ("buy", vp9), {"type": "pay", "card": cid("red Weaver"), "order": ids("red Weaver", "green Weaver")})
    assert pending_kind(st) == "pay" and st.stack[-1]["left"] == 1 and st.area_vp == []
    do(st, {"type": "pay", "card": cid("blue Trader"), "order": ids("blue Trader", "purple Trader")})
    assert pile_top_first(st, 3) == ["blue Trader", "purple Trader", "green Trader"]
    assert pile_top_first(st, 10)[5:7] == ["red Weaver", "green Weaver"]
    assert st.area_vp == [vp9] and st.players[0].vp == 9 and pending_kind(st) == "action"


def test_a_payment_with_its_order_is_undone_whole():
    """Without a refill (the VP deck is empty) the buy stays undoable: each undo takes back one decision,
    the payment with its order first."""
    st = table(row=["VP9", "VP5"], completed={0: ["farmer", "weaver"]}, vp_deck_top=[], vp_rest=("owned", 1))
    before_buy = st.clone()
    do(st, ("buy", st.row[0]))
    before_pay = st.clone()
    do(st, {"type": "pay", "card": cid("green Farmer"), "order": ids("green Farmer", "red Farmer", "blue Farmer")})
    after_first = st.clone()
    do(st, {"type": "pay", "card": cid("red Weaver"), "order": ids("red Weaver", "purple Weaver")})
    assert st.players[0].vp == 9 and {"type": "undo"} in legal(st, undo=True)
    do(st, "undo")
    assert _same_play(st, after_first)
    do(st, "undo")
    assert _same_play(st, before_pay)
    do(st, "undo")
    assert _same_play(st, before_buy)


def _same_play(a, b):
    """The same game state, apart from the log's bookkeeping (undo entries count in seq and events)."""
    fields = ("deck", "discard", "row", "vp_deck", "players", "stack", "actions", "area", "area_vp", "active", "turn")
    return all(getattr(a, f) == getattr(b, f) for f in fields)


# --- shedding a fourth chapter --------------------------------------------------------------------------------
def trader_table(mode, version="3", **kwargs):
    """Seat 0's Trader gives seat 1 the purple Weaver that completes its fourth chapter."""
    return table(mode=mode, version=version, hands={0: ["red Trader", "red Historian"]},
                 halls={0: ["purple Weaver"], 1: four("Weaver") + ["blue Dancer"]},
                 completed={1: ["farmer", "assassin", "dancer"]}, **kwargs)


def trade(st):
    do(st, ("play", "red Trader"), ("tier", 0), ("target", 1), ("select", "purple Weaver"), ("select", "blue Dancer"))


@pytest.mark.parametrize("mode", MODES)
def test_a_fourth_chapter_on_another_players_turn_asks_nobody_until_the_owners_turn(mode):
    st = trader_table(mode)
    trade(st)
    assert len(st.players[1].completed) == 4
    # The player to move goes on: nothing is pending for seat 1, nothing of seat 0's is refused.
    assert st.active == 0 and guildhall.pending_player(st) == 0 and pending_kind(st) == "action"
    assert guildhall.legal_decisions(st, 1) == []
    do(st, ("play", "red Historian"))  # the pile is empty: played for nothing, the last action
    # Seat 1's turn starts with the shed, its own decision, with the order in it.
    assert st.active == 1 and pending_kind(st) == "shed_chapters" and guildhall.pending_player(st) == 1
    options = legal(st)
    assert types(options) == ["pay"] * 20 and all(o["order"][0] == o["card"] for o in options)
    order = ids("green Weaver", "red Weaver", "purple Weaver")
    do(st, {"type": "pay", "card": cid("green Weaver"), "order": order})
    assert pile_top_first(st, 5) == ["green Weaver", "red Weaver", "purple Weaver", "yellow Weaver", "blue Weaver"]
    assert len(st.players[1].completed) == 3 and pending_kind(st) == "action" and st.actions == 2
    check_invariants(st)


@pytest.mark.parametrize("mode", MODES)
def test_the_turn_passes_after_the_last_action_though_another_player_holds_four_chapters(mode):
    st = trader_table(mode, actions=1)
    trade(st)
    assert st.active == 1 and pending_kind(st) == "shed_chapters"


@pytest.mark.parametrize("mode", MODES)
def test_the_shed_at_the_start_of_a_turn_can_be_undone_with_its_order(mode):
    st = table(mode=mode, active=1, completed={1: ["farmer", "assassin", "dancer", "weaver"]})
    assert pending_kind(st) == "shed_chapters" and guildhall.pending_player(st) == 1
    before = st.clone()
    do(st, {"type": "pay", "card": cid("blue Weaver"), "order": ids("blue Weaver", "red Weaver")})
    assert pile_top_first(st, 2) == ["blue Weaver", "red Weaver"] and pending_kind(st) == "action"
    do(st, "undo")
    assert _same_play(st, before)
    do(st, ("pay", "blue Weaver"))
    assert pile_top_first(st, 2) == ["blue Weaver", "purple Weaver"]


@pytest.mark.parametrize("mode", MODES)
def test_the_active_player_sheds_at_once_in_their_own_turn_with_the_order_in_the_decision(mode):
    """A Historian T4 whose first card completes a fourth chapter: the owner is active and sheds at once
    (R8.4) before choosing the second card, from the pile as it then is."""
    st = table(mode=mode, hands={0: ["red Historian"]},
               halls={0: [f"{c} Historian" for c in ("blue", "yellow", "green", "purple")] + four("Farmer")},
               completed={0: ["dancer", "weaver", "trader"]}, discard=["purple Farmer"])
    do(st, ("play", "red Historian"), ("tier", 4), ("select", "purple Farmer"))
    assert pending_kind(st) == "shed_chapters" and guildhall.pending_player(st) == 0 == st.active
    do(st, {"type": "pay", "card": cid("red Dancer"), "order": ids("red Dancer", "purple Dancer")})
    assert pending_kind(st) == "ability"  # no order question in between: the second card is next
    assert pile_top_first(st, 2) == ["red Dancer", "purple Dancer"]
    check_invariants(st)


def test_printed_placings_count_at_most_three_completed_chapters_yucata_counts_them_all():
    """From version 3 a player may hold a fourth chapter while another ends the game; printed mode ranks by
    what R8.4 would have left (three), Yucata mode by what they hold (Y1, Y4)."""
    placings = {}
    for mode in MODES:
        st = table(players=3, mode=mode, tokens={0: 20, 1: 5, 2: 5},
                   completed={1: ["dancer", "assassin", "historian", "weaver"], 2: ["dancer", "assassin", "historian"]})
        do(st, "end_turn")
        assert st.winner == 0
        placings[mode] = st.placings
    assert placings == {"printed": [1, 2, 2], "yucata": [1, 2, 3]}


# --- the duplicates discarded at the end of a turn -----------------------------------------------------------
def duplicates_table(mode, version="3", actions=None):
    """Seat 0's action area holds a blue Farmer and a red Weaver whose twins its Weaver T2 placed."""
    st = table(mode=mode, version=version, hands={0: ["blue Farmer", "red Weaver", "red Weaver", "blue Farmer"]},
               halls={0: ["blue Weaver", "green Weaver"]}, discard=["purple Dancer"], actions=actions)
    do(st, ("play", cid("blue Farmer")), ("play", cid("red Weaver")), ("tier", 2), ("select", "green Weaver"),
       ("select", cid("red Weaver", 1)))
    return st


def place_the_second_twin(st):
    do(st, ("select", cid("blue Farmer", 1)))


@pytest.mark.parametrize("mode", MODES)
def test_a_turn_that_ends_by_itself_puts_the_duplicates_in_the_default_order_and_asks_nothing(mode):
    st = duplicates_table(mode)
    place_the_second_twin(st)
    assert st.active == 1 and pending_kind(st) == "action"
    assert pile_top_first(st, 3) == ["red Weaver", "blue Farmer", "purple Dancer"]  # the last played on top
    v1 = duplicates_table(mode, version="1")
    place_the_second_twin(v1)
    assert v1.discard == st.discard


@pytest.mark.parametrize("mode", MODES)
def test_end_turn_is_offered_with_the_duplicates_order_and_takes_another(mode):
    st = duplicates_table(mode, actions=3)
    # One duplicate so far: nothing to order, end_turn alone.
    assert [o for o in legal(st) if o["type"] == "end_turn"] == [] and pending_kind(st) == "ability"
    place_the_second_twin(st)
    assert st.active == 0 and pending_kind(st) == "action"
    end = next(o for o in legal(st) if o["type"] == "end_turn")
    assert end == {"type": "end_turn", "order": [cid("red Weaver"), cid("blue Farmer")]}
    refused(st, {"type": "end_turn", "order": [cid("green Weaver")]})  # not a duplicate
    refused(st, {"type": "end_turn", "order": [cid("blue Farmer"), cid("blue Farmer")]}, code="malformed")
    do(st, {"type": "end_turn", "order": [cid("blue Farmer")]})
    assert st.active == 1 and pending_kind(st) == "action"
    assert pile_top_first(st, 3) == ["blue Farmer", "red Weaver", "purple Dancer"]
    check_invariants(st)


@pytest.mark.parametrize("mode", MODES)
def test_undo_around_the_duplicates_order(mode):
    st = duplicates_table(mode, actions=3)
    place_the_second_twin(st)
    assert "order" in next(o for o in legal(st) if o["type"] == "end_turn")
    do(st, "undo")  # the second twin back in hand: one duplicate left, no order to give
    assert pending_kind(st) == "ability" and st.active == 0
    place_the_second_twin(st)
    end = next(o for o in legal(st) if o["type"] == "end_turn")
    do(st, dict(end, order=list(reversed(end["order"]))))
    assert pile_top_first(st, 2) == ["blue Farmer", "red Weaver"] and st.active == 1


# --- the log in words and the views ----------------------------------------------------------------------------
def test_a_chosen_order_is_told_in_words_where_the_pile_is_public():
    for mode in MODES:
        st = buy_table(mode)
        order = ids("green Weaver", "red Weaver", "purple Weaver", "yellow Weaver", "blue Weaver")
        do(st, ("buy", st.row[0]), {"type": "pay", "card": cid("green Weaver"), "order": order})
        names = {0: "Ana", 1: "Ben"}
        mine = guildhall.describe(st, st.seq, 0, names)
        other = guildhall.describe(st, st.seq, 1, names)
        told = ("Ana chose their order on the discard pile, from the top: green Weaver, red Weaver, purple Weaver, "
                "yellow Weaver and blue Weaver.")
        assert told in mine
        if mode == "printed":  # R14: beneath the top, the order is the owner's to know
            assert "chose their order" not in other and "red Weaver" not in other
        else:  # Y5
            assert told in other
        # The default order, sent whole, is not "chosen".
        again = buy_table(mode)
        do(again, ("buy", again.row[0]))
        do(again, next(o for o in legal(again) if o["card"] == cid("green Weaver")))
        assert "chose their order" not in guildhall.describe(again, again.seq, 0, names)


def test_the_new_top_after_ordered_duplicates_is_told_to_everyone():
    st = duplicates_table("printed", actions=3)
    place_the_second_twin(st)
    do(st, {"type": "end_turn", "order": [cid("blue Farmer")]})
    other = guildhall.describe(st, st.seq, 1, {0: "Ana", 1: "Ben"})
    assert "The top of the discard pile is now blue Farmer." in other


def test_another_players_view_shows_none_of_the_chapter_being_paid():
    st = buy_table("printed")
    do(st, ("buy", st.row[0]))
    shown = guildhall.views.card_ids_in(guildhall.view(st, 1))
    assert not shown & set(ids(*WEAVERS)) and guildhall.legal_decisions(st, 1) == []


# --- versions 1 and 2 keep their meaning -----------------------------------------------------------------------
@pytest.mark.parametrize("mode", MODES)
def test_versions_1_and_2_ignore_an_order(mode):
    order = ids("green Weaver", "red Weaver")
    for version in ("1", "2"):
        with_order, without = buy_table(mode, version), buy_table(mode, version)
        for st, pay in ((with_order, {"type": "pay", "card": cid("green Weaver"), "order": order}),
                        (without, {"type": "pay", "card": cid("green Weaver")})):
            do(st, ("buy", st.row[0]), pay)
        assert with_order == without
        assert pending_kind(without) == ("order_pile" if version == "2" else "action")


@pytest.mark.parametrize("mode", MODES)
def test_a_version_3_log_with_orders_replays_to_the_same_game(mode):
    st = trader_table(mode)
    log = []

    def step(decision):
        seat = guildhall.pending_player(st)
        guildhall.apply(st, seat, decision)
        log.append((seat, json.loads(json.dumps(decision))))

    for d in ({"type": "play", "card": cid("red Trader")}, {"type": "tier", "tier": 0}, {"type": "target", "seat": 1},
              {"type": "select", "card": cid("purple Weaver")}, {"type": "select", "card": cid("blue Dancer")},
              {"type": "end_turn"},
              {"type": "pay", "card": cid("red Weaver"), "order": ids("red Weaver", "blue Weaver")}):
        step(d)
    assert pile_top_first(st, 2) == ["red Weaver", "blue Weaver"]
    # The table's set-up is not a log, so the check replays onto the same set-up.
    replayed = trader_table(mode)
    for seat, decision in log:
        guildhall.apply(replayed, seat, decision, trusted=True)
    assert replayed.discard == st.discard and replayed.players == st.players and replayed.stack == st.stack
