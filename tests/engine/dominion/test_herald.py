"""Herald (G-HERALD-1..4, DEC-HER-OP, ILL-HER-1)."""

from engine import dominion as D

from .helpers import do, dump, legal, me, pending, refused, table


def herald_table(deck, hand=("Herald",), discard=(), cards=("Herald",), **kwargs):
    return table(hand=list(hand), deck=deck, discard=discard, cards=list(cards), **kwargs)


def test_reveals_an_action_and_plays_it_without_an_action():
    st = herald_table(["Copper", "Plaza", "Silver", "Estate"], cards=["Herald", "Plaza"])
    do(st, ("play", "Herald"))
    # Herald: +1 Card (Copper), +1 Action, reveals Plaza and plays it (+1 Card Silver, +2 Actions)
    assert me(st)["in_play"] == ["Herald", "Plaza"] and pending(st)["kind"] == "plaza"
    assert dump(st)["actions"] == 3
    do(st, "decline")
    assert sorted(me(st)["hand"]) == ["Copper", "Silver"] and me(st)["deck"] == ["Estate"]


def test_a_non_action_stays_on_top_known_to_everyone():
    st = herald_table(["Copper", "Province", "Gold"])
    do(st, ("play", "Herald"))
    assert me(st)["deck"] == ["Province", "Gold"] and me(st)["hand"] == ["Copper"]
    for viewer in (0, 1, None):
        assert D.view(st, viewer)["players"][0]["deck_top"] == ["Province"]
    assert dump(st)["actions"] == 1 and dump(st)["phase"] == "buy"


def test_heralds_chain():
    st = herald_table(["Copper", "Herald", "Silver", "Gold", "Estate"])
    do(st, ("play", "Herald"))
    assert me(st)["in_play"] == ["Herald", "Herald"] and sorted(me(st)["hand"]) == ["Copper", "Silver"]
    assert me(st)["deck"] == ["Gold", "Estate"] and dump(st)["actions"] == 2


def test_herald_plays_an_advisor_and_left_is_asked():
    """G-HERALD-2: a card played this way asks other seats as usual."""
    st = herald_table(["Copper", "Advisor", "Gold", "Silver", "Estate"], cards=["Herald", "Advisor"])
    do(st, ("play", "Herald"))
    assert pending(st) == {"seat": 1, "kind": "advisor"}
    do(st, ("choose", "Gold"), seat=1)
    assert sorted(me(st)["hand"]) == ["Copper", "Estate", "Silver"] and me(st)["discard"] == ["Gold"]


def test_herald_revealing_from_an_empty_deck_shuffles():
    st = herald_table([], discard=["Gold", "Gold"])
    do(st, ("play", "Herald"))
    assert me(st)["hand"] == ["Gold"] and me(st)["deck"] == ["Gold"]


# --- overpay ---------------------------------------------------------------------------------------------
def test_overpay_puts_discard_cards_on_the_deck_last_pick_on_top():
    st = herald_table(["Copper"], hand=(), discard=["Estate", "Gold", "Silver", "Copper"], phase="buy", coins=6,
                      buys=2)
    do(st, ("buy", "Herald", 2))
    assert pending(st)["kind"] == "herald_overpay"
    assert D.view(st, 0)["pending"]["pile"] == ["Estate", "Gold", "Silver", "Copper"]
    assert "pile" not in D.view(st, 1)["pending"]
    do(st, ("choose", "Silver"), ("choose", "Gold"))
    assert me(st)["deck"] == ["Gold", "Silver", "Copper"]
    assert me(st)["discard"] == ["Herald", "Estate", "Copper"]  # 2013: the Herald gained after the picks


def test_overpay_cannot_pick_the_herald_being_bought():
    """ILL-HER-1 under guilds-2013: the Herald is not in the discard pile yet."""
    st = herald_table([], hand=(), discard=["Copper"], phase="buy", coins=6, buys=2)
    do(st, ("buy", "Herald", 2))
    refused(st, ("choose", "Herald"), "ILL-HER-1")
    refused(st, ("choose", "Gold"), "ILL-HER-1")
    do(st, ("choose", "Copper"))
    # The pile ran out after one pick: the second pick does nothing.
    assert me(st)["deck"] == ["Copper"] and me(st)["discard"] == ["Herald"] and pending(st)["kind"] == "buy"


def test_overpay_more_than_the_pile_moves_the_whole_pile():
    st = herald_table([], hand=(), discard=["Estate", "Gold"], phase="buy", coins=8, buys=2)
    do(st, ("buy", "Herald", 4), ("choose", "Gold"), ("choose", "Estate"))
    assert me(st)["deck"] == ["Estate", "Gold"] and me(st)["discard"] == ["Herald"]


def test_the_picks_are_private():
    """AMB-D-06: others see counts and the pile's new top, not the picks."""
    st = herald_table([], hand=(), discard=["Province", "Gold", "Copper"], phase="buy", coins=5, buys=2)
    do(st, ("buy", "Herald", 1), ("choose", "Gold"))
    theirs = D.describe(st, st.seq, 1, ["Ann", "Bob"])
    assert "Gold" not in theirs and "a card from their discard pile" in theirs
    assert "Gold" in D.describe(st, st.seq, 0, ["Ann", "Bob"])
    assert D.view(st, 1)["players"][0]["deck_top"] == [] and D.view(st, 0)["players"][0]["deck_top"] == ["Gold"]
    assert D.legal_decisions(st, 1) == [] and len(legal(st)) > 0
