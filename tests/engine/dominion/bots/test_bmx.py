"""bigmoney_x: BM-best of the kingdom from the pre-tournament table (design §2)."""

import itertools
import random

import pytest

from engine import dominion as D
from engine.dominion.bots import bmx
from engine.dominion.bots.policy import BigMoney
from engine.dominion.bots.simulate import duel
from engine.dominion.bots.strategy import Strategy
from engine.dominion.cards import GUILDS

EDITIONS = sorted({key.split("|")[0] for key in bmx.table()})


def test_the_committed_table_covers_every_candidate_of_every_card():
    assert "2013" in EDITIONS
    for edition in EDITIONS:
        for spec, baker, _, games in bmx.jobs_for(edition, bmx.GAMES):
            found = bmx.table()[bmx.entry_key(spec, baker, edition)]
            assert found["games"] == games == 2000 and 0 <= found["score"] <= 1
            assert found["spec"] == spec


def test_the_choice_is_the_best_candidate_of_the_kingdoms_cards():
    for kingdom in itertools.islice(itertools.combinations(GUILDS, 10), 0, 286, 23):
        spec, score, games = bmx.choice(kingdom)
        card = spec["cards"][0]["card"]
        assert card in kingdom and games == 2000
        baker = "Baker" in kingdom
        every = [bmx.entry(s, baker, "2013")["score"] for c in kingdom for s in bmx.candidates(c)]
        assert score == max(every)
        # The kingdom alone decides: the same cards in another order give the same choice.
        assert bmx.choice(tuple(reversed(kingdom)))[0] == spec


@pytest.mark.parametrize("card", ["Soothsayer", "Advisor", "Taxman", "Masterpiece"])
def test_a_bm_x_game_does_not_depend_on_the_rest_of_the_kingdom(card):
    """Why one table serves every kingdom: BM-X against BMU gives the same games in two kingdoms that hold
    X and agree on Baker (the other cards never play a part)."""
    others = [c for c in GUILDS if c not in (card, "Baker")]
    first = [card] + others[:9]
    second = [card] + others[-9:]
    assert set(first) != set(second)
    strategy = Strategy(bmx.candidates(card)[1])
    assert duel(strategy, BigMoney(), first, 12, "indep") == duel(strategy, BigMoney(), second, 12, "indep")


def test_the_bot_plays_the_kingdoms_choice():
    st = D.new_game(2, "bmx-bot", {"kingdom": list(GUILDS[:10])})
    expected = bmx.strategy_for(st.kingdom)
    while not st.finished:
        seat = D.pending_player(st)
        options = D.legal_decisions(st, seat)
        decision = D.bots.choose(st, seat, "bigmoney_x", random.Random(1))
        assert decision == expected.choose(st, seat, options, random.Random(1))
        D.apply(st, seat, decision)
