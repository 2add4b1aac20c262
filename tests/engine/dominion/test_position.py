"""Positions as JSON (dominion-positions.md): ``position(dump_position(s))`` continues exactly like ``s``,
and a spec is loaded as documented."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as S

from engine import dominion as D

from .helpers import dump, kingdom, seat, spec, table


def continue_both(original, copy, rng, steps, kind):
    for _ in range(steps):
        if original.finished:
            assert copy.finished
            return
        who = D.pending_player(original)
        assert D.pending_player(copy) == who
        assert D.legal_decisions(copy, who) == D.legal_decisions(original, who)
        decision = D.bots.choose(original, who, kind, rng)
        D.apply(original, who, decision)
        D.apply(copy, who, json.loads(json.dumps(decision)))
        assert dump(copy) == dump(original)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=S.integers(2, 4), n=S.integers(0, 10**6), kind=S.sampled_from(["random", "bigmoney"]),
       edition=S.sampled_from(["2013", "2022"]))
def test_position_of_dump_continues_exactly_like_the_state(players, n, kind, edition):
    rng = random.Random(n)
    st = D.new_game(players, f"pos-{n}", {"edition": edition})
    for _ in range(rng.randrange(0, 300)):
        if st.finished:
            break
        who = D.pending_player(st)
        D.apply(st, who, D.bots.choose(st, who, kind, rng))
    spec_ = json.loads(json.dumps(dump(st)))  # a position is plain JSON
    copy = D.position(spec_)
    assert dump(copy) == dump(st)
    continue_both(st, copy, random.Random(n + 1), 200, kind)


def test_mid_effect_positions_continue_too():
    """An Advisor's question to the left player survives the round trip."""
    st = table(hand=["Advisor"], deck=["Gold", "Silver", "Estate", "Copper"], cards=["Advisor"])
    D.apply(st, 0, {"type": "play", "card": "Advisor"})
    copy = D.position(json.loads(json.dumps(dump(st))))
    assert dump(copy)["pending"] == {"seat": 1, "kind": "advisor"}
    D.apply(copy, 1, {"type": "choose", "card": "Gold"})
    D.apply(st, 1, {"type": "choose", "card": "Gold"})
    assert dump(copy) == dump(st)


def test_on_load_the_engine_moves_on_where_no_choice_remains():
    """An Action phase without an Action card is a Buy phase; a Buy phase without Buys is the next turn."""
    assert dump(table(hand=["Copper"], phase="action"))["phase"] == "buy"
    st = table(hand=["Copper"], phase="buy", buys=0, deck=["Gold"] * 5)
    assert dump(st)["active"] == 1 and dump(st)["seats"][0]["hand"] == ["Gold"] * 5


def test_supply_overrides_and_read_back():
    st = table(hand=[], phase="buy", supply={"Province": 3, "Curse": 0})
    d = dump(st)
    assert d["supply"]["Province"] == 3 and d["supply"]["Curse"] == 0 and d["supply"]["Gold"] == 30
    assert d["supply_overrides"] == {"Province": 3, "Curse": 0}
    assert d["game_over"] is False and d["winners"] == [] and d["scores"] == [0, 3]


def test_spec_without_the_optional_keys():
    minimal = {"players": 2, "kingdom": kingdom(), "active": 1, "phase": "buy", "actions": 0, "buys": 1,
               "coins": 4, "bought_this_turn": False, "supply_overrides": {}, "trash": [],
               "seats": [seat(hand=["Copper"]), seat(hand=["Gold"], deck=["Estate"])]}
    st = D.position(minimal)
    assert dump(st)["pending"] == {"seat": 1, "kind": "buy"} and dump(st)["coins"] == 4


@pytest.mark.parametrize("change, message", [
    ({"players": 5}, "players"),
    ({"kingdom": kingdom()[:9]}, "kingdom"),
    ({"kingdom": kingdom()[:9] + ["Copper"]}, "kingdom"),
    ({"phase": "cleanup"}, "phase"),
    ({"active": 2}, "active"),
    ({"supply_overrides": {"Village": 3}}, "supply_overrides"),
    ({"trash": ["Village"]}, "trash"),
    ({"seats": [seat()]}, "seats"),
])
def test_bad_specs_are_refused(change, message):
    with pytest.raises(ValueError, match=message):
        D.position({**spec(), **change})


def test_a_dump_gives_the_spec_back():
    given = spec(hand=["Estate", "Copper"], deck=["Gold", "Silver"], discard=["Duchy", "Curse"], in_play=["Silver"],
                 tokens=2, phase="buy", coins=2, buys=2, supply={"Gold": 29}, trash=["Copper"], cards=["Plaza"])
    given["kingdom"] = sorted(given["kingdom"], reverse=True)
    back = dump(D.position(given))
    for key in ("players", "kingdom", "supply_overrides", "trash", "active", "phase", "actions", "buys", "coins",
                "bought_this_turn"):
        assert back[key] == given[key], key
    for mine, theirs in zip(back["seats"], given["seats"], strict=True):
        assert {k: mine[k] for k in theirs} == theirs
