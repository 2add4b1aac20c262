"""Every bot kind answers every question the game asks with a legal decision, Advisor's chooser on
another player's turn included (design §4: a bot that cannot answer stalls the game)."""

import random

import pytest

from engine import dominion as D

from .helpers import PROMPT_KINDS, positions_by_kind, tiny_strong

POSITIONS = positions_by_kind()


def test_the_sweep_meets_every_kind_of_question():
    assert {kind for kind, states in POSITIONS.items() if states} == set(PROMPT_KINDS)


@pytest.mark.parametrize("kind", PROMPT_KINDS)
@pytest.mark.parametrize("bot", ["random", "bigmoney", "bigmoney_x"])
def test_each_registered_kind_answers(kind, bot):
    for st in POSITIONS[kind]:
        seat = D.pending_player(st)
        decision = D.bots.choose(st, seat, bot, random.Random(1))
        assert decision in D.legal_decisions(st, seat)
        D.apply(st.clone(), seat, decision)  # accepted by the rules


@pytest.mark.parametrize("kind", PROMPT_KINDS)
def test_the_strong_bot_answers(kind):
    strong = tiny_strong()
    for st in POSITIONS[kind]:
        seat = D.pending_player(st)
        options = D.legal_decisions(st, seat)
        decision = strong(st, seat, options, random.Random(1))
        assert decision in options
        D.apply(st.clone(), seat, decision)


def test_the_advisor_chooser_is_asked_out_of_turn_and_answers():
    for st in POSITIONS["advisor"]:
        chooser = D.pending_player(st)
        assert chooser != st.active
        for bot in ("bigmoney", "bigmoney_x"):
            decision = D.bots.choose(st, chooser, bot, random.Random(0))
            # Design §2: the chooser discards the card with the highest $ value.
            revealed = [o["card"] for o in D.legal_decisions(st, chooser)]
            if bot == "bigmoney_x":
                coin = D.cards.COIN
                assert coin.get(decision["card"], 0) == max(coin.get(c, 0) for c in revealed)
