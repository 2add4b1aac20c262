"""The bugs of other simulators that design/dominion.md §1.4 lists, each as a test of ours (several are
also covered next to their card; here they are together, by source)."""

from .helpers import do, dump, legal, me, refused, seat, table


def test_pydominion_1_soothsayer_no_draw_without_a_curse():
    st = table(hand=["Soothsayer"], cards=["Soothsayer"], players=3, supply={"Curse": 1})
    do(st, ("play", "Soothsayer"))
    assert len(me(st, 1)["hand"]) == 6 and len(me(st, 2)["hand"]) == 5


def test_pydominion_2_journeyman_has_no_no_guess():
    st = table(hand=["Journeyman"], deck=["Copper", "Silver", "Gold"], cards=["Journeyman"])
    do(st, ("play", "Journeyman"))
    assert all(o["type"] == "name" for o in legal(st)) and len(legal(st)) == 20
    do(st, ("name", "Curse"))
    assert len(me(st)["hand"]) == 3


def test_pydominion_3_taxman_gains_onto_the_deck():
    st = table(hand=["Taxman", "Silver"], deck=["Copper"], cards=["Taxman"])
    do(st, ("play", "Taxman"), ("choose", "Silver"), ("choose", "Gold"))
    assert me(st)["deck"] == ["Gold", "Copper"] and "Gold" not in me(st)["discard"]


def test_pydominion_4_doctor_order_is_chosen():
    st = table(hand=["Doctor"], deck=["Gold", "Silver", "Copper"], cards=["Doctor"])
    do(st, ("play", "Doctor"), ("name", "Estate"), ("order", ["Copper", "Gold", "Silver"]))
    assert me(st)["deck"] == ["Copper", "Gold", "Silver"]


def test_pydominion_5_stonemason_overpay_exact_cost():
    st = table(hand=[], phase="buy", coins=7, buys=2, cards=["Stonemason", "Plaza", "Butcher"])
    do(st, ("buy", "Stonemason", 5))
    assert {o["card"] for o in legal(st)} == {"Butcher", "Baker"}  # $5 Actions, not those up to $5
    refused(st, ("choose", "Plaza"), "ILL-STONE-3")


def test_pydominion_6_overpay_before_the_gain_in_2013():
    st = table(hand=[], phase="buy", coins=6, buys=2, discard=["Estate"], cards=["Herald"])
    do(st, ("buy", "Herald", 2))
    assert {"type": "choose", "card": "Herald"} not in legal(st)


def test_pydominion_7_no_coin_tokens_after_buying_in_2013():
    st = table(hand=[], phase="buy", coins=3, buys=2, tokens=1)
    do(st, ("buy", "Silver"))
    refused(st, ("spend_tokens", 1), "ILL-TOK-3")


def test_pydominion_8_merchant_guild_one_token_per_guild_per_buy():
    st = table(hand=["Merchant Guild"], in_play=["Merchant Guild"], phase="action", actions=1, coins=1, buys=2,
               deck=["Copper"] * 5, cards=["Merchant Guild"])
    do(st, ("play", "Merchant Guild"), ("buy", "Copper"))
    assert me(st)["coin_tokens"] == 2


def test_androminion_343_stonemason_overpay_more_than_one_and_two_gains():
    st = table(hand=[], phase="buy", coins=4, buys=2, cards=["Stonemason", "Candlestick Maker"])
    do(st, ("buy", "Stonemason", 2))
    assert {o["card"] for o in legal(st)} == {"Stonemason", "Candlestick Maker"}
    do(st, ("choose", "Candlestick Maker"), ("choose", "Stonemason"))
    assert me(st)["discard"] == ["Stonemason", "Stonemason", "Candlestick Maker"]


def test_androminion_343_stonemason_play_gains_two_strictly_cheaper():
    st = table(hand=["Stonemason", "Silver"], deck=["Copper"] * 5, cards=["Stonemason"])
    do(st, ("play", "Stonemason"), ("choose", "Silver"))
    assert "Silver" not in {o["card"] for o in legal(st)} and "Estate" in {o["card"] for o in legal(st)}
    do(st, ("choose", "Estate"), ("choose", "Estate"))
    assert me(st)["discard"] == ["Estate", "Estate"]


def test_androminion_358_soothsayer_with_no_curses_attacks_nobody_the_rest_still_happens():
    st = table(hand=["Soothsayer"], cards=["Soothsayer"], players=4, supply={"Curse": 2})
    do(st, ("play", "Soothsayer"))
    assert [me(st, i)["discard"] for i in (1, 2, 3)] == [["Curse"], ["Curse"], []]
    assert dump(st)["supply"]["Gold"] == 29


def test_androminion_481_tokens_before_treasures():
    st = table(hand=["Gold"], phase="buy", tokens=1, others={1: seat(hand=["Copper"])})
    do(st, ("spend_tokens", 1), ("play", "Gold"))
    assert dump(st)["coins"] == 4
