"""Doctor (G-DOCTOR-1..5; DEC-NAME, DEC-ORDER, DEC-DOC-OP; ILL-DOC-1) and its overpay."""

from engine import dominion as D

from .helpers import do, dump, legal, me, pending, refused, table


def doctor_table(deck, discard=(), **kwargs):
    return table(hand=["Doctor", "Copper"], deck=deck, discard=discard, cards=["Doctor"], **kwargs)


def test_name_reveal_trash_the_matches():
    st = doctor_table(["Copper", "Estate", "Copper", "Gold"])
    do(st, ("play", "Doctor"))
    assert pending(st)["kind"] == "name" and len(legal(st)) == 20
    do(st, ("name", "Copper"))
    assert dump(st)["trash"] == ["Copper", "Copper"]
    assert me(st)["deck"] == ["Estate", "Gold"]  # one card back: no order to choose
    assert pending(st)["kind"] == "buy"


def test_the_player_chooses_the_order_put_back():
    """DEC-ORDER: any permutation, top first (pydominion keeps the reveal order: design §1.4.4)."""
    st = doctor_table(["Gold", "Silver", "Estate", "Copper"])
    do(st, ("play", "Doctor"), ("name", "Curse"))
    assert pending(st)["kind"] == "doctor_order"
    assert len(legal(st)) == 6 and dump(st)["trash"] == []
    refused(st, ("order", ["Gold", "Silver"]), "ILL-DOC-1")
    refused(st, ("order", ["Gold", "Gold", "Estate"]), "ILL-DOC-1")
    refused(st, ("order", ["Gold", "Silver", "Province"]), "ILL-DOC-1")
    refused(st, ("choose", "Gold"), "ILL-GEN-1")
    do(st, ("order", ["Estate", "Gold", "Silver"]))
    assert me(st)["deck"] == ["Estate", "Gold", "Silver", "Copper"]


def test_identical_cards_make_one_order():
    st = doctor_table(["Silver", "Silver", "Estate"])
    do(st, ("play", "Doctor"), ("name", "Estate"))
    assert legal(st) == [{"type": "order", "cards": ["Silver", "Silver"]}]
    do(st, ("order", ["Silver", "Silver"]))
    assert me(st)["deck"] == ["Silver", "Silver"] and dump(st)["trash"] == ["Estate"]


def test_any_catalogue_name_even_outside_the_game():
    """AMB-D-05: any of the 20 names; a name outside the catalogue is refused; naming is compulsory."""
    st = doctor_table(["Gold", "Silver", "Estate"])
    assert "Soothsayer" not in st.kingdom or "Journeyman" not in st.kingdom
    outside = "Soothsayer" if "Soothsayer" not in st.kingdom else "Journeyman"
    do(st, ("play", "Doctor"))
    refused(st, ("name", "Village"), "ILL-GEN-1")
    refused(st, "decline", "ILL-GEN-1")
    do(st, ("name", outside))
    assert pending(st)["kind"] == "doctor_order"


def test_fewer_than_three_cards_reveals_what_there_is():
    st = doctor_table(["Gold"], discard=[])
    do(st, ("play", "Doctor"), ("name", "Gold"))
    assert dump(st)["trash"] == ["Gold"] and me(st)["deck"] == [] and pending(st)["kind"] == "buy"


def test_the_order_is_private_the_reveal_public():
    st = doctor_table(["Gold", "Silver", "Estate"])
    do(st, ("play", "Doctor"), ("name", "Curse"), ("order", ["Estate", "Gold", "Silver"]))
    names = ["Ann", "Bob"]
    mine = D.describe(st, st.seq, 0, names)
    theirs = D.describe(st, st.seq, 1, names)
    assert "Estate, Gold and Silver" in mine and "put 3 cards back" in theirs and "Estate" not in theirs
    assert D.view(st, 0)["players"][0]["deck_top"] == ["Estate", "Gold", "Silver"]
    assert D.view(st, 1)["players"][0]["deck_top"] == []


# --- overpay ---------------------------------------------------------------------------------------------
def overpay_table(deck, discard=(), coins=5, **kwargs):
    return table(hand=[], deck=deck, discard=discard, phase="buy", coins=coins, buys=2, cards=["Doctor"], **kwargs)


def test_overpay_looks_k_times_trash_discard_or_keep():
    st = overpay_table(["Estate", "Copper", "Gold"])
    do(st, ("buy", "Doctor", 2))
    assert pending(st)["kind"] == "doctor_overpay" and st.prompt["card"] == "Estate"
    assert [o["value"] for o in legal(st)] == ["trash", "discard", "topdeck"]
    refused(st, ("choose", "Estate"), "ILL-GEN-1")
    do(st, ("option", "trash"))
    assert st.prompt["card"] == "Copper"
    do(st, ("option", "discard"))
    d = dump(st)
    assert d["trash"] == ["Estate"] and me(st)["deck"] == ["Gold"]
    assert me(st)["discard"] == ["Doctor", "Copper"]  # 2013: the Doctor is gained after the looks
    assert d["coins"] == 0 and d["buys"] == 1


def test_a_card_put_back_is_seen_again():
    st = overpay_table(["Gold", "Copper"])
    do(st, ("buy", "Doctor", 2), ("option", "topdeck"))
    assert st.prompt["card"] == "Gold"
    do(st, ("option", "topdeck"))
    assert me(st)["deck"] == ["Gold", "Copper"]


def test_overpay_shuffles_in_the_cards_discarded_by_earlier_looks():
    """G-DOCTOR-4, D-SHUF-3: the deck runs out, the discard pile (with the card just discarded) is
    shuffled; the Doctor being bought is not in it (2013, G-OVER-4)."""
    st = overpay_table(["Estate"], coins=5)
    do(st, ("buy", "Doctor", 2), ("option", "discard"))
    assert st.prompt["card"] == "Estate"
    do(st, ("option", "trash"))
    assert dump(st)["trash"] == ["Estate"] and me(st)["discard"] == ["Doctor"] and me(st)["deck"] == []


def test_overpay_with_no_card_anywhere_does_nothing():
    st = overpay_table([], coins=6)
    do(st, ("buy", "Doctor", 3))
    assert me(st)["discard"] == ["Doctor"] and pending(st)["kind"] == "buy" and dump(st)["coins"] == 0


def test_the_look_is_private():
    st = overpay_table(["Province", "Gold"])
    do(st, ("buy", "Doctor", 1))
    assert D.view(st, 0)["pending"]["card"] == "Province"
    assert "card" not in D.view(st, 1)["pending"] and "card" not in D.view(st, None)["pending"]
    assert D.legal_decisions(st, 1) == []
    assert "Province" not in D.describe(st, st.seq, 1, ["Ann", "Bob"])
    assert "Province" in D.describe(st, st.seq, 0, ["Ann", "Bob"])
