"""Baker (G-BAKER-1, -2) and Candlestick Maker (G-CSM-1): the vanilla cards, and tokens taken in the
Action phase waiting for the Buy phase (G-COF-2)."""

from .helpers import do, dump, legal, me, refused, table


def test_baker_draws_gives_an_action_and_a_token():
    st = table(hand=["Baker", "Baker"], deck=["Gold", "Silver"], cards=["Baker"])
    do(st, ("play", "Baker"))
    d = dump(st)
    assert d["actions"] == 1 and d["seats"][0]["coin_tokens"] == 1
    assert sorted(me(st)["hand"]) == ["Baker", "Gold"]
    do(st, ("play", "Baker"))
    assert dump(st)["seats"][0]["coin_tokens"] == 2 and sorted(me(st)["hand"]) == ["Gold", "Silver"]


def test_baker_token_spent_in_the_buy_phase_not_before():
    st = table(hand=["Baker", "Plaza"], deck=["Copper", "Copper"], cards=["Baker", "Plaza"])
    do(st, ("play", "Baker"))
    refused(st, ("spend_tokens", 1), "ILL-TOK-2")
    do(st, "end_actions", ("spend_tokens", 1))
    assert dump(st)["coins"] == 1


def test_baker_starting_token_in_a_new_game():
    from engine import dominion as D

    from .helpers import kingdom

    st = D.new_game(2, "baker", {"kingdom": kingdom("Baker"), "first_seat": 0})
    assert {"type": "spend_tokens", "n": 1} in D.legal_decisions(st, 0)


def test_candlestick_maker_action_buy_and_token():
    st = table(hand=["Candlestick Maker", "Candlestick Maker", "Silver"], deck=["Copper"] * 5,
               cards=["Candlestick Maker"])
    do(st, ("play", "Candlestick Maker"))
    d = dump(st)
    assert (d["actions"], d["buys"], d["seats"][0]["coin_tokens"], d["coins"]) == (1, 2, 1, 0)
    do(st, ("play", "Candlestick Maker"))
    d = dump(st)
    assert (d["actions"], d["buys"], d["seats"][0]["coin_tokens"]) == (1, 3, 2)
    assert d["phase"] == "buy"  # no Action card left in hand


def test_candlestick_maker_extra_buy_used():
    st = table(hand=["Candlestick Maker", "Silver", "Silver"], deck=["Copper"] * 5, cards=["Candlestick Maker"])
    do(st, ("play", "Candlestick Maker"), "play_treasures", ("spend_tokens", 1), ("buy", "Silver"))
    assert dump(st)["buys"] == 1 and dump(st)["coins"] == 2
    do(st, ("buy", "Candlestick Maker"))
    assert dump(st)["active"] == 1
    # the two gains, then Clean-up's play area on top (the last played on top)
    assert me(st)["discard"] == ["Silver", "Silver", "Candlestick Maker", "Candlestick Maker", "Silver"]


def test_candlestick_maker_token_is_not_coin():
    """+1 Coin token is not +$1: the coins stay at 0 until the token is spent."""
    st = table(hand=["Candlestick Maker"], deck=["Copper"] * 5, cards=["Candlestick Maker"])
    do(st, ("play", "Candlestick Maker"))
    assert dump(st)["coins"] == 0
    assert {"type": "spend_tokens", "n": 1} in legal(st)
