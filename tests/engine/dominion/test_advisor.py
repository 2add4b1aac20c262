"""Advisor (G-ADVISOR-1..3, DEC-ADV, ILL-ADV-1, ILL-ADV-2): the player to the left decides during
someone else's turn."""

from engine import dominion as D

from .helpers import do, dump, legal, me, pending, refused, table


def advisor_table(deck, players=2, active=0, discard=()):
    return table(hand=["Advisor", "Copper"], deck=deck, discard=discard, cards=["Advisor"], players=players,
                 active=active)


def test_left_chooses_the_card_to_discard_the_rest_go_to_hand():
    st = advisor_table(["Gold", "Silver", "Estate", "Copper"])
    do(st, ("play", "Advisor"))
    assert pending(st) == {"seat": 1, "kind": "advisor"}
    assert dump(st)["actions"] == 1  # +1 Action after paying one
    assert D.legal_decisions(st, 0) == []
    assert legal(st, 1) == [{"type": "choose", "card": c} for c in ("Gold", "Silver", "Estate")]
    do(st, ("choose", "Gold"), seat=1)
    s = me(st)
    assert s["discard"] == ["Gold"] and sorted(s["hand"]) == ["Copper", "Estate", "Silver"]
    assert s["deck"] == ["Copper"] and s["in_play"] == ["Advisor"]
    assert pending(st) == {"seat": 0, "kind": "buy"}


def test_only_left_may_choose():
    """ILL-ADV-1: the active player, or a third player, is refused; ILL-ADV-2: a card not revealed."""
    st = advisor_table(["Gold", "Silver", "Estate"], players=3, active=2)
    do(st, ("play", "Advisor"))
    assert D.pending_player(st) == 0  # the left of seat 2 in a 3-player game
    refused(st, ("choose", "Gold"), "ILL-ADV-1", seat=2, code="not_your_turn")
    refused(st, ("choose", "Gold"), "ILL-ADV-1", seat=1, code="not_your_turn")
    refused(st, ("choose", "Province"), "ILL-ADV-2", seat=0)
    refused(st, ("choose", "Copper"), "ILL-ADV-2", seat=0)
    refused(st, "decline", "ILL-GEN-1", seat=0)
    do(st, ("choose", "Estate"), seat=0)
    assert sorted(me(st, 2)["hand"]) == ["Copper", "Gold", "Silver"]


def test_a_lone_revealed_card_is_still_picked_and_discarded():
    st = advisor_table(["Gold"])
    do(st, ("play", "Advisor"))
    assert legal(st, 1) == [{"type": "choose", "card": "Gold"}]
    do(st, ("choose", "Gold"), seat=1)
    assert me(st)["discard"] == ["Gold"] and me(st)["hand"] == ["Copper"]


def test_nothing_revealed_nothing_asked():
    st = advisor_table([])
    do(st, ("play", "Advisor"))
    assert pending(st) == {"seat": 0, "kind": "buy"} and me(st)["hand"] == ["Copper"]


def test_identical_cards_are_one_option_and_still_asked():
    """AMB-D-09, our policy: a single option is still asked (an explicit decision is always accepted)."""
    st = advisor_table(["Copper", "Copper", "Copper"])
    do(st, ("play", "Advisor"))
    assert legal(st, 1) == [{"type": "choose", "card": "Copper"}]
    do(st, ("choose", "Copper"), seat=1)
    assert me(st)["hand"] == ["Copper"] * 3 and me(st)["discard"] == ["Copper"]


def test_revealed_cards_and_the_pick_are_public():
    st = advisor_table(["Gold", "Silver", "Estate"])
    do(st, ("play", "Advisor"))
    for viewer in (None, 1):
        assert D.view(st, viewer)["pending"]["cards"] == ["Gold", "Silver", "Estate"]
    events = do(st, ("choose", "Silver"), seat=1)
    assert {"t": "advisor_pick", "seat": 1, "card": "Silver", "player": 0} in events
    assert "chose Silver for Ann to discard" in D.describe(st, st.seq, None, ["Ann", "Bob"])
