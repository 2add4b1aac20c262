"""Journeyman (G-JOURNEYMAN-1..3, DEC-NAME)."""

from .helpers import do, dump, legal, me, pending, refused, table


def journeyman_table(deck, discard=()):
    return table(hand=["Journeyman"], deck=deck, discard=discard, cards=["Journeyman"])


def test_reveal_until_three_others_named_ones_discarded():
    st = journeyman_table(["Estate", "Copper", "Estate", "Silver", "Gold", "Copper"])
    do(st, ("play", "Journeyman"))
    assert pending(st)["kind"] == "name"
    events = do(st, ("name", "Estate"))
    assert sorted(me(st)["hand"]) == ["Copper", "Gold", "Silver"]
    assert me(st)["discard"] == ["Estate", "Estate"] and me(st)["deck"] == ["Copper"]
    reveals = [c for e in events if e["t"] == "reveal" for c in e["cards"]]
    assert reveals == ["Estate", "Copper", "Estate", "Silver", "Gold"]


def test_naming_is_compulsory_and_draws_three_even_for_an_absent_name():
    """pydominion's "no guess" (draw nothing) is wrong: design §1.4.2."""
    st = journeyman_table(["Copper", "Silver", "Gold", "Estate"])
    do(st, ("play", "Journeyman"))
    refused(st, "decline", "ILL-GEN-1")
    assert {o["type"] for o in legal(st)} == {"name"}
    do(st, ("name", "Province"))
    assert sorted(me(st)["hand"]) == ["Copper", "Gold", "Silver"] and me(st)["discard"] == []


def test_shuffles_once_and_keeps_what_was_found():
    """G-JOURNEYMAN-2: the revealed cards are not in the pile when it is shuffled; when cards run out
    again, the player keeps what was found."""
    st = journeyman_table(["Copper", "Estate"], discard=["Estate", "Silver"])
    do(st, ("play", "Journeyman"), ("name", "Estate"))
    assert sorted(me(st)["hand"]) == ["Copper", "Silver"]
    assert me(st)["discard"] == ["Estate", "Estate"] and me(st)["deck"] == []


def test_naming_a_card_that_fills_the_deck():
    st = journeyman_table(["Copper", "Copper", "Copper"])
    do(st, ("play", "Journeyman"), ("name", "Copper"))
    assert me(st)["hand"] == [] and me(st)["discard"] == ["Copper"] * 3 and dump(st)["phase"] == "buy"
