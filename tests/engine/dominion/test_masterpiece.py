"""Masterpiece (G-MASTERPIECE-1..3) and its overpay."""

from .helpers import do, dump, me, refused, table


def test_played_for_one_coin_in_the_buy_phase():
    st = table(hand=["Masterpiece", "Masterpiece"], phase="buy", cards=["Masterpiece"])
    do(st, ("play", "Masterpiece"))
    assert dump(st)["coins"] == 1
    refused(st, ("play", "Silver"), "ILL-ACT-3")


def test_overpay_gains_silvers_before_the_masterpiece():
    """G-MASTERPIECE-2, G-OVER-4: the Masterpiece ends on top."""
    st = table(hand=[], phase="buy", coins=7, buys=2, cards=["Masterpiece"])
    events = do(st, ("buy", "Masterpiece", 4))
    assert me(st)["discard"] == ["Masterpiece", "Silver", "Silver", "Silver", "Silver"]
    assert dump(st)["supply"]["Silver"] == 36 and dump(st)["coins"] == 0
    gains = [e["card"] for e in events if e["t"] == "gain"]
    assert gains == ["Silver"] * 4 + ["Masterpiece"]


def test_overpay_gains_what_is_left_of_the_silvers():
    st = table(hand=[], phase="buy", coins=7, buys=2, cards=["Masterpiece"], supply={"Silver": 2})
    do(st, ("buy", "Masterpiece", 4))
    assert me(st)["discard"] == ["Masterpiece", "Silver", "Silver"] and dump(st)["supply"]["Silver"] == 0


def test_masterpiece_is_a_treasure_for_plaza_and_taxman():
    """G-MASTERPIECE-3: Plaza may discard it; Taxman may trash it and gain it."""
    st = table(hand=["Plaza"], deck=["Masterpiece"], cards=["Plaza", "Masterpiece"])
    do(st, ("play", "Plaza"), ("choose", "Masterpiece"))
    assert me(st)["discard"] == ["Masterpiece"] and me(st)["coin_tokens"] == 1
    st = table(hand=["Taxman", "Masterpiece"], deck=["Copper"], cards=["Taxman", "Masterpiece"])
    do(st, ("play", "Taxman"), ("choose", "Masterpiece"), ("choose", "Masterpiece"))
    assert dump(st)["trash"] == ["Masterpiece"] and me(st)["deck"] == ["Masterpiece", "Copper"]
