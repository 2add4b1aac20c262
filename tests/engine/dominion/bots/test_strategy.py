"""The scripted strategies: Big Money Ultimate as the spec without kingdom cards, BM-X's rule, the
endgame rules, the token floor, and what a strategy may gain."""

import random

import pytest

from engine import dominion as D
from engine.dominion.bots.policy import BigMoney
from engine.dominion.bots.simulate import play
from engine.dominion.bots.strategy import Strategy, bm_x, normalise_spec
from engine.dominion.cards import GUILDS

from ..helpers import do, table

NO_ADVISOR = [c for c in GUILDS if c not in ("Advisor", "Baker", "Taxman")]


def test_the_spec_without_kingdom_cards_plays_like_the_bigmoney_bot():
    """Big Money Ultimate (design §2) twice over: the bigmoney bot and Strategy({}) decide alike at every
    question of whole games (Advisor's chooser aside: the strategies' chooser follows design §2's $ rule)."""
    ours, theirs = Strategy({}), BigMoney()
    compared = 0
    for n in range(6):
        rng = random.Random(n)
        st = D.new_game(2, f"bmu-{n}", {"kingdom": NO_ADVISOR})
        while not st.finished:
            seat = D.pending_player(st)
            options = D.legal_decisions(st, seat)
            mine = ours.choose(st, seat, options, rng)
            assert mine == theirs.choose(st, seat, options, rng)
            D.apply(st, seat, mine)
            compared += 1
    assert compared > 300


def test_bm_x_buys_its_card_in_range_while_it_holds_fewer_than_n():
    strategy = bm_x("Soothsayer", 5, 7, 1)
    st = table(hand=["Gold", "Silver"], phase="buy", deck=["Copper"] * 5, cards=["Soothsayer"])
    do(st, "play_treasures")
    assert strategy.choose(st, 0, D.legal_decisions(st, 0), random.Random(0)) == {"type": "buy", "card": "Soothsayer"}
    st = table(hand=["Gold", "Silver"], phase="buy", deck=["Copper"] * 5, discard=["Soothsayer"], cards=["Soothsayer"])
    do(st, "play_treasures")  # one held: Silver at $5, as Big Money buys
    assert strategy.choose(st, 0, D.legal_decisions(st, 0), random.Random(0)) == {"type": "buy", "card": "Silver"}
    st = table(hand=["Gold", "Gold", "Silver"], phase="buy", deck=["Copper"] * 5, cards=["Soothsayer"])
    do(st, "play_treasures")  # $8: above the range
    assert strategy.choose(st, 0, D.legal_decisions(st, 0), random.Random(0))["card"] != "Soothsayer"


def test_masterpiece_is_overpaid_to_the_maximum():
    strategy = bm_x("Masterpiece", 6, 7, 1, "max")
    st = table(hand=["Gold", "Silver", "Silver"], phase="buy", deck=["Copper"] * 5, cards=["Masterpiece"])
    do(st, "play_treasures")
    decision = strategy.choose(st, 0, D.legal_decisions(st, 0), random.Random(0))
    assert decision == {"type": "buy", "card": "Masterpiece", "overpay": 4}


@pytest.mark.parametrize("card", ["Soothsayer", "Stonemason", "Butcher", "Taxman", "Doctor", "Herald", "Plaza"])
def test_bm_x_gains_no_other_kingdom_card(card):
    """What makes the BM-X table one per card: BM-X gains only its card and basic cards."""
    kingdom = [card] + [c for c in GUILDS if c != card][:9]
    strategy = bm_x(card, 2, 7, 2, "max" if card in D.cards.OVERPAY else 0)
    for n in range(4):
        st, _ = play([strategy, BigMoney()], kingdom, f"gains-{card}-{n}")
        owned = set(st.seats[0].cards())
        assert owned <= set(D.cards.BASIC) | {card}, owned


def test_the_endgame_rule_takes_a_winning_end_and_refuses_a_losing_one():
    strategy = Strategy({"endgame": True})
    plain = Strategy({})
    behind = {1: {"hand": ["Copper"] * 5, "deck": [], "discard": ["Province", "Province"], "in_play": [],
                  "coin_tokens": 0, "turns_taken": 10}}
    # The last Province would leave the seat 6 + 3 = 9 against 12: it buys a Duchy instead.
    st = table(hand=["Gold", "Gold", "Silver"], phase="buy", deck=["Gold"] * 4, supply={"Province": 1}, others=behind,
               turns={0: 10})
    do(st, "play_treasures")
    options = D.legal_decisions(st, 0)
    assert plain.choose(st, 0, options, random.Random(0)) == {"type": "buy", "card": "Province"}
    assert strategy.choose(st, 0, options, random.Random(0)) == {"type": "buy", "card": "Duchy"}
    # Ahead by enough, it ends the game with the last Province.
    st = table(hand=["Gold", "Gold", "Silver"], phase="buy", deck=["Province"] * 2 + ["Gold"] * 4,
               supply={"Province": 1}, others=behind, turns={0: 10})
    do(st, "play_treasures")
    assert strategy.choose(st, 0, D.legal_decisions(st, 0), random.Random(0)) == {"type": "buy", "card": "Province"}


def test_the_token_floor_keeps_tokens_for_a_dear_card():
    st = table(hand=["Gold", "Silver"], phase="buy", tokens=2, deck=["Copper"] * 5)
    do(st, "play_treasures")  # $5, 2 tokens: Big Money spends one for a Gold
    options = D.legal_decisions(st, 0)
    assert Strategy({}).choose(st, 0, options, random.Random(0)) == {"type": "spend_tokens", "n": 1}
    assert Strategy({"tokens_for": 8}).choose(st, 0, options, random.Random(0)) == {"type": "buy", "card": "Silver"}


def test_butcher_trashes_a_gold_for_a_province_from_its_threshold():
    """By default once Provinces left are at most duchy_at + 1 (Big Money with Butcher's rule); a plan may
    set its own threshold (butcher_gold_at)."""
    def trash_choice(strategy, provinces):
        st = table(hand=["Butcher", "Gold", "Copper"], deck=["Copper"] * 5, cards=["Butcher"],
                   supply={"Province": provinces})
        do(st, ("play", "Butcher"))
        return strategy.choose(st, 0, D.legal_decisions(st, 0), random.Random(0))

    plain = Strategy({"cards": [{"card": "Butcher"}]})
    early = Strategy({"cards": [{"card": "Butcher"}], "butcher_gold_at": 7})
    assert trash_choice(plain, 5) == {"type": "choose", "card": "Gold"}
    assert trash_choice(plain, 6) == {"type": "decline"}
    assert trash_choice(early, 7) == {"type": "choose", "card": "Gold"}
    assert trash_choice(early, 8) == {"type": "decline"}


def test_a_spec_is_checked():
    with pytest.raises(ValueError):
        normalise_spec({"greed": 3})
    with pytest.raises(ValueError):
        normalise_spec({"cards": [{"card": "Gold"}]})
    assert normalise_spec({"cards": [{"card": "Baker"}]})["cards"] == [
        {"card": "Baker", "from": 5, "to": 5, "below": 1, "overpay": 0}]
