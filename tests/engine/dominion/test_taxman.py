"""Taxman (G-TAXMAN-1..4; DEC-TAX-TRASH, DEC-TAX-GAIN; ILL-TAX-1, ILL-TAX-2; AMB-D-13, AMB-D-15)."""

from engine import dominion as D

from .helpers import do, dump, legal, me, pending, refused, seat, table


def taxman_table(hand=("Taxman", "Silver", "Estate"), players=3, others=None, deck=("Copper", "Copper")):
    others = others or {
        1: seat(hand=["Silver", "Copper", "Copper", "Estate", "Estate"]),
        2: seat(hand=["Copper", "Copper", "Copper", "Estate", "Estate"]),
    }
    return table(hand=list(hand), deck=list(deck), players=players, others=others,
                 cards=["Taxman", "Masterpiece"])


def test_trash_a_treasure_others_discard_a_copy_or_reveal_gain_onto_the_deck():
    st = taxman_table()
    do(st, ("play", "Taxman"))
    assert legal(st) == [{"type": "choose", "card": "Silver"}, {"type": "decline"}]
    events = do(st, ("choose", "Silver"))
    assert me(st, 1)["discard"] == ["Silver"] and len(me(st, 1)["hand"]) == 4
    revealed = [e for e in events if e["t"] == "reveal_hand"]
    assert revealed == [{"t": "reveal_hand", "seat": 2, "cards": ["Copper", "Copper", "Copper", "Estate", "Estate"]}]
    gains = {o["card"] for o in legal(st)}
    assert gains == {"Copper", "Silver", "Gold", "Masterpiece"}  # Treasures up to $6
    do(st, ("choose", "Gold"))
    assert me(st)["deck"] == ["Gold", "Copper", "Copper"] and me(st)["discard"] == []  # pydominion: discard
    assert D.view(st, 1)["players"][0]["deck_top"] == ["Gold"]


def test_refusals_and_declining():
    st = taxman_table()
    do(st, ("play", "Taxman"))
    refused(st, ("choose", "Estate"), "ILL-TAX-1")
    refused(st, ("choose", "Gold"), "ILL-ACT-3")
    do(st, ("choose", "Silver"))
    refused(st, ("choose", "Province"), "ILL-TAX-2")  # AMB-D-15: only Treasures
    refused(st, ("choose", "Duchy"), "ILL-TAX-2")
    refused(st, ("choose", "Gold", 1), "ILL-OVR-3")
    st = taxman_table()
    do(st, ("play", "Taxman"), "decline")
    assert dump(st)["trash"] == [] and me(st, 1)["discard"] == [] and pending(st)["kind"] == "buy"


def test_gain_limit_is_trashed_cost_plus_three():
    st = taxman_table(hand=("Taxman", "Copper"))
    do(st, ("play", "Taxman"), ("choose", "Copper"))
    assert {o["card"] for o in legal(st)} == {"Copper", "Silver", "Masterpiece"}
    refused(st, ("choose", "Gold"), "ILL-TAX-2")


def test_no_treasure_in_hand_no_question():
    st = taxman_table(hand=("Taxman", "Estate"))
    do(st, ("play", "Taxman"))
    assert pending(st)["kind"] == "buy" and me(st, 1)["discard"] == []


def test_hands_below_five_are_untouched():
    """AMB-D-13: no discard, no reveal."""
    st = taxman_table(others={1: seat(hand=["Silver", "Copper", "Copper", "Estate"]),
                              2: seat(hand=["Silver"] * 6)})
    events = do(st, ("play", "Taxman"), ("choose", "Silver"))
    assert len(me(st, 1)["hand"]) == 4 and me(st, 1)["discard"] == []
    assert me(st, 2)["discard"] == ["Silver"] and len(me(st, 2)["hand"]) == 5
    assert not [e for e in events if e["t"] == "reveal_hand"]


def test_attack_in_turn_order_from_the_left():
    st = taxman_table(players=4, others={i: seat(hand=["Silver"] * 5) for i in (1, 2, 3)})
    st = D.position({**D.dump_position(st), "active": 0})
    events = do(st, ("play", "Taxman"), ("choose", "Silver"))
    assert [e["seat"] for e in events if e["t"] == "discard"] == [1, 2, 3]


def test_empty_deck_the_gain_becomes_the_deck():
    st = taxman_table(deck=())
    do(st, ("play", "Taxman"), ("choose", "Silver"), ("choose", "Gold"))
    assert me(st)["deck"] == ["Gold"]
