"""The bots: every prompt answered with a legal decision (Advisor's chooser on another player's turn
included), Big Money's buys, and the hooks a new policy uses."""

import random

import pytest

from engine import dominion as D
from engine.dominion.bots import Policy
from engine.dominion.kingdom import BOT, PROMPTS

from .helpers import do, legal, table


def test_every_card_prompt_has_a_bot_hook():
    assert set(PROMPTS) == set(BOT)


@pytest.mark.parametrize("kind", ["random", "bigmoney"])
def test_bots_answer_every_prompt_kind(kind):
    seen = set()
    for n in range(40):
        rng = random.Random(n)
        st = D.new_game(2 + n % 3, f"bots-{n}", {"edition": ("2013", "2022")[n % 2]})
        while not st.finished:
            who = D.pending_player(st)
            seen.add(st.prompt["kind"])
            decision = D.bots.choose(st, who, kind, rng)
            assert decision in D.legal_decisions(st, who)
            D.apply(st, who, decision)
    assert "buy" in seen
    if kind == "random":
        assert len(seen) >= 10, seen  # the random games meet the cards' questions


def test_advisor_chooser_out_of_turn():
    st = table(hand=["Advisor"], deck=["Gold", "Copper", "Estate"], cards=["Advisor"])
    do(st, ("play", "Advisor"))
    assert D.bots.choose(st, 1, "bigmoney", random.Random(0)) == {"type": "choose", "card": "Gold"}
    assert D.bots.choose(st, 1, "random", random.Random(0)) in legal(st, 1)
    with pytest.raises(ValueError):
        D.bots.choose(st, 0, "bigmoney", random.Random(0))


def test_big_money_plays_treasures_then_buys_by_its_list():
    st = table(hand=["Gold", "Gold", "Silver"], phase="buy", deck=["Copper"] * 5)
    bot = D.bots.choose
    assert bot(st, 0, "bigmoney", random.Random(0)) == {"type": "play_treasures"}
    do(st, "play_treasures")
    assert bot(st, 0, "bigmoney", random.Random(0)) == {"type": "buy", "card": "Gold"}  # treasures total $8


def test_big_money_buys_province_with_enough_money_in_the_deck():
    st = table(hand=["Gold", "Gold", "Silver"], phase="buy", deck=["Gold"] * 4, discard=["Silver"])
    do(st, "play_treasures")
    assert D.bots.choose(st, 0, "bigmoney", random.Random(0)) == {"type": "buy", "card": "Province"}


def test_big_money_spends_tokens_only_to_reach_a_better_card():
    st = table(hand=["Gold", "Silver"], phase="buy", tokens=3, deck=["Copper"] * 5)
    do(st, "play_treasures")  # $5: Silver; one token reaches Gold
    assert D.bots.choose(st, 0, "bigmoney", random.Random(0)) == {"type": "spend_tokens", "n": 1}
    st = table(hand=["Silver", "Copper"], phase="buy", tokens=1, deck=["Copper"] * 5)
    do(st, "play_treasures")  # $3: Silver; $4 buys nothing better
    assert D.bots.choose(st, 0, "bigmoney", random.Random(0)) == {"type": "buy", "card": "Silver"}


def test_unknown_kind_refused():
    st = D.new_game(2, "kind", {})
    with pytest.raises(ValueError, match="unknown bot kind"):
        D.bots.choose(st, D.pending_player(st), "genius", random.Random(0))


def test_a_new_policy_registers_and_overrides_a_question():
    class Greedy(Policy):
        def buy_choice(self, st, seat, coins):
            best = max((c for c, n in st.supply.items() if n and D.cards.COST[c] <= coins),
                       key=lambda c: D.cards.COST[c])
            return (best, 0)

        def on_advisor(self, st, seat, prompt, options, rng):
            return options[-1]

    D.bots.register("greedy_test", Greedy())
    try:
        assert "greedy_test" in D.bots.KINDS
        st = table(hand=["Advisor"], deck=["Gold", "Copper", "Estate"], cards=["Advisor"])
        do(st, ("play", "Advisor"))
        assert D.bots.choose(st, 1, "greedy_test", random.Random(0)) == {"type": "choose", "card": "Estate"}
    finally:
        D.bots.POLICIES.pop("greedy_test")
        D.bots.KINDS = tuple(k for k in D.bots.KINDS if k != "greedy_test")


def test_butcher_bot_pays_nothing_when_nothing_can_be_gained():
    empty = {card: 0 for card in ("Copper", "Curse", "Estate", "Candlestick Maker", "Stonemason")}
    st = table(hand=["Butcher", "Copper"], deck=["Copper"] * 5, cards=["Butcher", "Candlestick Maker", "Stonemason"],
               supply=empty)
    do(st, ("play", "Butcher"), ("choose", "Copper"))
    assert D.bots.choose(st, 0, "bigmoney", random.Random(0)) == {"type": "number", "n": 0}
