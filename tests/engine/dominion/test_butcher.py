"""Butcher (G-BUTCHER-1, -2, -4; DEC-BUT-TRASH, DEC-BUT-PAY, DEC-BUT-GAIN; ILL-BUT-1, ILL-BUT-2, ILL-OVR-3)."""

from .helpers import do, dump, legal, me, pending, refused, table


def butcher_table(hand=("Butcher", "Estate", "Gold"), tokens=0, **kwargs):
    return table(hand=list(hand), deck=["Copper"] * 5, tokens=tokens, cards=["Butcher", "Merchant Guild"], **kwargs)


def test_trash_pay_tokens_gain_up_to_the_sum():
    st = butcher_table(tokens=1)
    do(st, ("play", "Butcher"))
    assert me(st)["coin_tokens"] == 3 and pending(st)["kind"] == "butcher_trash"
    do(st, ("choose", "Estate"))
    assert pending(st)["kind"] == "butcher_pay"
    assert [o["n"] for o in legal(st)] == [0, 1, 2, 3]  # the new tokens included
    do(st, ("number", 3))
    assert me(st)["coin_tokens"] == 0 and dump(st)["coins"] == 0  # removed tokens give no $
    gains = {o["card"] for o in legal(st)}
    assert "Duchy" in gains and "Gold" not in gains and "Butcher" in gains  # up to $2 + 3
    do(st, ("choose", "Duchy"))
    assert me(st)["discard"] == ["Duchy"] and dump(st)["trash"] == ["Estate"]


def test_declining_the_trash_ends_it_and_tokens_stay():
    st = butcher_table()
    do(st, ("play", "Butcher"))
    assert {"type": "decline"} in legal(st)
    refused(st, ("number", 1), "ILL-BUT-1")  # removing tokens without having trashed
    do(st, "decline")
    assert me(st)["coin_tokens"] == 2 and dump(st)["trash"] == [] and pending(st)["kind"] == "buy"
    refused(st, ("number", 1), "ILL-BUT-1")


def test_refusals_of_the_payment_and_the_gain():
    st = butcher_table(tokens=1)
    do(st, ("play", "Butcher"), ("choose", "Estate"))
    refused(st, ("number", 4), "ILL-BUT-1")
    refused(st, ("number", -1), "ILL-BUT-1")
    do(st, ("number", 0))
    refused(st, ("choose", "Silver"), "ILL-BUT-2")
    refused(st, ("choose", "Masterpiece", 1), "ILL-OVR-3")
    refused(st, {"type": "buy", "card": "Copper", "overpay": 1}, "ILL-OVR-3")
    do(st, ("choose", "Estate"))
    assert me(st)["discard"] == ["Estate"]


def test_empty_hand_only_the_tokens():
    st = butcher_table(hand=["Butcher"])
    do(st, ("play", "Butcher"))
    assert me(st)["coin_tokens"] == 2 and pending(st)["kind"] == "buy"


def test_butcher_cannot_trash_itself_but_another_butcher():
    """G-BUTCHER-2: it is in play, not in hand."""
    st = butcher_table(hand=["Butcher", "Copper"])
    do(st, ("play", "Butcher"))
    assert {"type": "choose", "card": "Butcher"} not in legal(st)
    st = butcher_table(hand=["Butcher", "Butcher"])
    do(st, ("play", "Butcher"), ("choose", "Butcher"), ("number", 1))
    assert dump(st)["trash"] == ["Butcher"] and me(st)["in_play"] == ["Butcher"]
    assert "Gold" in {o["card"] for o in legal(st)}


def test_the_gain_is_not_a_buy():
    """D-BUY-1: no Merchant Guild token for a gain."""
    st = butcher_table(hand=["Butcher", "Estate"], in_play=["Merchant Guild"], actions=1)
    do(st, ("play", "Butcher"), ("choose", "Estate"), ("number", 0), ("choose", "Estate"))
    assert me(st)["coin_tokens"] == 2


def test_the_gain_is_skipped_when_nothing_qualifies():
    """Every $0 pile empty: trashing a Copper with no tokens paid gains nothing."""
    st = butcher_table(hand=["Butcher", "Copper"], supply={"Copper": 0, "Curse": 0})
    do(st, ("play", "Butcher"), ("choose", "Copper"), ("number", 0))
    assert pending(st)["kind"] == "buy" and me(st)["discard"] == []
