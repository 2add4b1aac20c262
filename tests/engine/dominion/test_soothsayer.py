"""Soothsayer (G-SOOTH-1..4): Gold for the player, a Curse and a card for each other player."""

from engine import dominion as D

from .helpers import do, dump, me, seat, table


def test_gold_then_curses_then_draws():
    st = table(hand=["Soothsayer"], cards=["Soothsayer"], players=3)
    events = do(st, ("play", "Soothsayer"))
    assert me(st)["discard"] == ["Gold"]
    for victim in (1, 2):
        assert len(me(st, victim)["hand"]) == 6 and me(st, victim)["discard"] == ["Curse"]
    order = [(e["t"], e.get("seat"), e.get("card")) for e in events if e["t"] in ("gain", "draw")]
    assert order == [("gain", 0, "Gold"), ("gain", 1, "Curse"), ("gain", 2, "Curse"), ("draw", 1, None),
                     ("draw", 2, None)]
    assert dump(st)["supply"]["Curse"] == 18 and dump(st)["scores"][1] == 2


def test_last_curse_goes_left_and_only_that_player_draws():
    """D-ORDER-1; pydominion draws for a victim who gained nothing (design §1.4.1), androminion attacked
    only the next player (#358)."""
    st = table(hand=["Soothsayer"], cards=["Soothsayer"], players=4, active=2, supply={"Curse": 1})
    do(st, ("play", "Soothsayer"))
    assert me(st, 3)["discard"] == ["Curse"] and len(me(st, 3)["hand"]) == 6
    for other in (0, 1):
        assert me(st, other)["discard"] == [] and len(me(st, other)["hand"]) == 5
    assert dump(st)["supply"]["Curse"] == 0


def test_no_curses_no_draws_but_the_gold():
    st = table(hand=["Soothsayer"], cards=["Soothsayer"], supply={"Curse": 0})
    do(st, ("play", "Soothsayer"))
    assert me(st)["discard"] == ["Gold"] and len(me(st, 1)["hand"]) == 5


def test_no_gold_left_still_attacks():
    st = table(hand=["Soothsayer"], cards=["Soothsayer"], supply={"Gold": 0})
    do(st, ("play", "Soothsayer"))
    assert me(st)["discard"] == [] and me(st, 1)["discard"] == ["Curse"]


def test_the_victim_may_draw_the_new_curse():
    """G-SOOTH-3: with an empty deck the discard pile, now holding the Curse, is shuffled."""
    st = table(hand=["Soothsayer"], cards=["Soothsayer"], others={1: seat(hand=["Copper"])})
    do(st, ("play", "Soothsayer"))
    assert sorted(me(st, 1)["hand"]) == ["Copper", "Curse"] and me(st, 1)["discard"] == []


def test_the_victims_draw_is_private():
    st = table(hand=["Soothsayer"], cards=["Soothsayer"], others={1: seat(hand=[], deck=["Province"])})
    do(st, ("play", "Soothsayer"))
    names = ["Ann", "Bob"]
    assert "Province" in D.describe(st, st.seq, 1, names)
    assert "Province" not in D.describe(st, st.seq, 0, names) and "Bob drew 1 card" in D.describe(st, st.seq, 0, names)
