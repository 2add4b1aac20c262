"""Merchant Guild (G-MG-1..3, 2013 text): +1 Buy, +$1, and a token per card bought while in play."""

from .helpers import do, dump, me, refused, table


def mg_table(hand=("Merchant Guild", "Gold", "Gold"), **kwargs):
    return table(hand=list(hand), deck=["Copper"] * 5, cards=["Merchant Guild", "Masterpiece", "Herald"], **kwargs)


def test_plus_buy_plus_coin():
    st = mg_table()
    do(st, ("play", "Merchant Guild"))
    assert (dump(st)["buys"], dump(st)["coins"]) == (2, 1)


def test_a_token_per_card_bought_not_spendable_this_turn():
    """G-MG-2, G-MG-3, G-COF-5."""
    st = mg_table()
    do(st, ("play", "Merchant Guild"), "play_treasures", ("buy", "Silver"))
    assert me(st)["coin_tokens"] == 1
    refused(st, ("spend_tokens", 1), "ILL-TOK-3")
    do(st, ("buy", "Silver"))
    assert me(st)["coin_tokens"] == 2 and dump(st)["active"] == 1


def test_two_in_play_give_two_per_buy():
    st = table(hand=["Merchant Guild", "Merchant Guild", "Plaza"], deck=["Copper", "Copper"] * 3,
               cards=["Merchant Guild", "Plaza"], actions=1)
    do(st, ("play", "Plaza"), "decline", ("play", "Merchant Guild"), ("play", "Merchant Guild"), "play_treasures")
    assert dump(st)["buys"] == 3
    do(st, ("buy", "Copper"))
    assert me(st)["coin_tokens"] == 2


def test_overpay_gains_give_nothing_the_buy_gives_one():
    """G-MG-2: gains that are not buys, overpay gains included, give nothing."""
    st = mg_table(hand=("Merchant Guild", "Gold", "Gold", "Gold"))
    do(st, ("play", "Merchant Guild"), "play_treasures", ("buy", "Masterpiece", 7))
    assert me(st)["coin_tokens"] == 1 and me(st)["discard"].count("Silver") == 7


def test_token_comes_before_the_overpay_effect():
    """D-ORDER-2, AMB-D-04: tokens first, then the overpay effect (a fixed order, no prompt)."""
    st = mg_table(hand=("Merchant Guild", "Gold", "Gold"), discard=["Estate"])
    events = do(st, ("play", "Merchant Guild"), "play_treasures", ("buy", "Herald", 3))
    kinds = [e["t"] for e in events if e["t"] in ("tokens", "buy")]
    assert kinds == ["buy", "tokens"] and st.prompt["kind"] == "herald_overpay"
