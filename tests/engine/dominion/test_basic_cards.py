"""The seven basic cards (D-COMP-1): what each Treasure adds, what each card costs, what each is worth,
and that Victory cards and Curses cannot be played."""

import pytest

from engine import dominion as D

from .helpers import do, dump, refused, table

TREASURES = [("Copper", 1), ("Silver", 2), ("Gold", 3)]
COSTS = [("Copper", 0), ("Silver", 3), ("Gold", 6), ("Estate", 2), ("Duchy", 5), ("Province", 8), ("Curse", 0)]
VPS = [("Copper", 0), ("Silver", 0), ("Gold", 0), ("Estate", 1), ("Duchy", 3), ("Province", 6), ("Curse", -1)]


@pytest.mark.parametrize("card, value", TREASURES)
def test_treasure_adds_its_value(card, value):
    st = table(hand=[card, card], phase="buy")
    do(st, ("play", card))
    assert dump(st)["coins"] == value
    do(st, ("play", card))
    assert dump(st)["coins"] == 2 * value and dump(st)["seats"][0]["in_play"] == [card, card]


@pytest.mark.parametrize("card, cost", COSTS)
def test_card_bought_at_its_cost(card, cost):
    st = table(hand=[], phase="buy", coins=cost, buys=2)
    before = dump(st)["supply"][card]
    do(st, ("buy", card))
    d = dump(st)
    assert d["coins"] == 0 and d["supply"][card] == before - 1 and d["seats"][0]["discard"] == [card]


@pytest.mark.parametrize("card, cost", [c for c in COSTS if c[1] > 0])
def test_card_refused_one_coin_short(card, cost):
    st = table(hand=[], phase="buy", coins=cost - 1)
    refused(st, ("buy", card), "ILL-BUY-2")


@pytest.mark.parametrize("card, vp", VPS)
def test_card_is_worth_its_victory_points_wherever_it_lies(card, vp):
    """D-SCORE-1: hand, deck, discard and play all count; the starting 3 Estates count too."""
    st = table(hand=[card], deck=[card], discard=[card], in_play=[card] if vp == 0 else [], phase="buy")
    copies = 4 if vp == 0 else 3
    assert dump(st)["scores"][0] == copies * vp
    assert dump(st)["scores"][1] == 3  # the default other seat: 2 Estates in hand, 1 in the deck


@pytest.mark.parametrize("card", ["Estate", "Duchy", "Province", "Curse"])
def test_victory_cards_and_curses_cannot_be_played(card):
    """ILL-ACT-4, in either phase; a Curse is not a Victory card but cannot be played either."""
    st = table(hand=[card, "Plaza"], deck=["Copper"] * 3, cards=["Plaza"])
    refused(st, ("play", card), "ILL-ACT-4")
    do(st, "end_actions")
    refused(st, ("play", card), "ILL-ACT-4")


def test_curse_is_not_a_victory_card():
    from engine.dominion.cards import TYPES

    assert TYPES["Curse"] == ("curse",) and "victory" not in TYPES["Curse"]
    assert "victory" in TYPES["Estate"]


@pytest.mark.parametrize("card", ["Copper", "Silver", "Gold"])
def test_treasure_refused_in_the_action_phase(card):
    """ILL-TRE-1: Treasures wait for the Buy phase."""
    st = table(hand=[card, "Plaza"], deck=["Copper"] * 3, cards=["Plaza"])
    refused(st, ("play", card), "ILL-TRE-1")


def test_copper_and_curse_cost_nothing():
    st = table(hand=[], phase="buy", coins=0, buys=3, deck=["Copper"] * 5)
    do(st, ("buy", "Copper"), ("buy", "Curse"))
    assert dump(st)["seats"][0]["discard"] == ["Curse", "Copper"]
    assert D.outcome(st)["scores"][0] == -1
