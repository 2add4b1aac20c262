"""Stonemason (G-STONE-1..3; DEC-STONE-TRASH, DEC-STONE-GAIN, DEC-STONE-OP; ILL-STONE-1..3) and its
overpay; androminion #343 and pydominion's "up to k" are the bugs to avoid (design §1.4)."""

from .helpers import do, dump, legal, me, pending, refused, table

CARDS = ["Stonemason", "Herald", "Plaza", "Advisor", "Masterpiece", "Doctor", "Butcher", "Baker"]


def stonemason_table(hand=("Stonemason", "Gold", "Estate"), **kwargs):
    return table(hand=list(hand), deck=["Copper"] * 5, cards=CARDS, **kwargs)


def test_trash_then_gain_two_each_costing_less():
    st = stonemason_table()
    do(st, ("play", "Stonemason"))
    assert pending(st)["kind"] == "stonemason_trash"
    assert legal(st) == [{"type": "choose", "card": "Gold"}, {"type": "choose", "card": "Estate"}]
    do(st, ("choose", "Gold"))
    gains = {o["card"] for o in legal(st)}
    assert "Duchy" in gains and "Baker" in gains and "Gold" not in gains and "Province" not in gains
    do(st, ("choose", "Duchy"), ("choose", "Duchy"))
    assert me(st)["discard"] == ["Duchy", "Duchy"] and dump(st)["trash"] == ["Gold"]


def test_refusals_must_trash_strictly_cheaper():
    st = stonemason_table()
    do(st, ("play", "Stonemason"))
    refused(st, "decline", "ILL-STONE-1")
    refused(st, ("choose", "Silver"), "ILL-ACT-3")
    do(st, ("choose", "Estate"))  # $2: gains cost $0 or $1
    assert {o["card"] for o in legal(st)} == {"Copper", "Curse"}
    refused(st, ("choose", "Estate"), "ILL-STONE-2")
    refused(st, ("choose", "Stonemason"), "ILL-STONE-2")
    refused(st, ("choose", "Copper", 1), "ILL-OVR-3")
    do(st, ("choose", "Copper"), ("choose", "Copper"))
    assert me(st)["discard"] == ["Copper", "Copper"]


def test_a_zero_cost_card_gains_nothing_an_empty_hand_does_nothing():
    st = stonemason_table(hand=("Stonemason", "Copper"))
    do(st, ("play", "Stonemason"), ("choose", "Copper"))
    assert dump(st)["trash"] == ["Copper"] and me(st)["discard"] == [] and pending(st)["kind"] == "buy"
    st = stonemason_table(hand=("Stonemason",))
    do(st, ("play", "Stonemason"))
    assert pending(st)["kind"] == "buy" and dump(st)["trash"] == []


def test_only_one_eligible_card_left_gains_just_that():
    st = stonemason_table(hand=("Stonemason", "Estate"), supply={"Copper": 1, "Curse": 0})
    do(st, ("play", "Stonemason"), ("choose", "Estate"), ("choose", "Copper"))
    assert me(st)["discard"] == ["Copper"] and pending(st)["kind"] == "buy"


# --- overpay ---------------------------------------------------------------------------------------------
def overpay_table(coins, **kwargs):
    return table(hand=[], deck=["Copper"] * 5, phase="buy", coins=coins, buys=2, cards=CARDS, **kwargs)


def test_overpay_gains_two_actions_costing_exactly_k():
    """Overpay $4 (androminion allowed only $1 and gained one card): two Actions at exactly $4."""
    st = overpay_table(6)
    do(st, ("buy", "Stonemason", 4))
    assert pending(st)["kind"] == "gain"
    assert {o["card"] for o in legal(st)} == {"Herald", "Plaza", "Advisor", "Taxman"}
    refused(st, ("choose", "Silver"), "ILL-STONE-3")  # not an Action
    refused(st, ("choose", "Stonemason"), "ILL-STONE-3")  # $2, not $4 (pydominion: up to k)
    refused(st, ("choose", "Butcher"), "ILL-STONE-3")
    do(st, ("choose", "Plaza"), ("choose", "Herald"))
    assert me(st)["discard"] == ["Stonemason", "Herald", "Plaza"]  # 2013: before the Stonemason


def test_masterpiece_never_qualifies_and_other_amounts_find_nothing():
    st = overpay_table(5)
    do(st, ("buy", "Stonemason", 3))
    assert {o["card"] for o in legal(st)} == {"Doctor"}
    refused(st, ("choose", "Masterpiece"), "ILL-STONE-3")
    do(st, ("choose", "Doctor"), ("choose", "Doctor"))
    st = overpay_table(3)
    do(st, ("buy", "Stonemason", 1))
    assert me(st)["discard"] == ["Stonemason"] and pending(st)["kind"] == "buy"


def test_last_stonemason_reserved_while_its_overpay_resolves():
    """AMB-D-03, D-BUY-2: with one Stonemason left, overpaying $2 cannot take it: the purchase holds it."""
    st = overpay_table(4, supply={"Stonemason": 1, "Candlestick Maker": 0})
    do(st, ("buy", "Stonemason", 2))
    assert me(st)["discard"] == ["Stonemason"] and dump(st)["supply"]["Stonemason"] == 0
    assert pending(st)["kind"] == "buy"


def test_overpay_gains_are_not_buys():
    """One Buy used and one Merchant Guild token, for the Stonemason only."""
    st = overpay_table(6, in_play=["Merchant Guild"])
    do(st, ("buy", "Stonemason", 4), ("choose", "Plaza"), ("choose", "Plaza"))
    assert dump(st)["buys"] == 1 and dump(st)["supply"]["Plaza"] == 8 and me(st)["coin_tokens"] == 1
