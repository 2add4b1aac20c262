"""Guildhall positions from JSON (docs/engine-api.md, "Guildhall positions"): the documented example, the
round trip through dump_position over real games, and clear refusals."""

import json
import pathlib
import random

import pytest

from engine import guildhall
from tests.engine.guildhall.helpers import cid, do, hall_names, legal

DOCS = pathlib.Path(__file__).resolve().parents[3] / "docs" / "engine-api.md"


def documented_example():
    text = DOCS.read_text()
    start = text.index("```json", text.index("### Guildhall positions")) + len("```json")
    return json.loads(text[start:text.index("```", start)])


def test_the_documented_example_is_the_position_it_describes():
    st = guildhall.position(documented_example())
    assert guildhall.pending_player(st) == 0 == st.active and st.actions == 2 and st.turn == 3
    assert sorted(guildhall.view(st, 0)["you"]["hand"], key=lambda c: c["id"]) == [
        guildhall.card_json(cid("blue Dancer", 1)), guildhall.card_json(cid("red Historian"))]
    assert hall_names(st, 0) == ["blue Historian", "yellow Historian"]
    assert [len(p.completed) for p in st.players] == [2, 1]
    assert st.discard[-2:] == [cid("red Assassin"), cid("purple Farmer")]
    # The first named is drawn first; the completed chapters took the first copies of a Trader and a Dancer.
    assert st.deck[-2:] == [cid("purple Trader", 1), cid("green Dancer", 1)]
    assert st.area == [cid("red Farmer")] and st.played == {2}
    assert st.players[0].tokens == 3 and st.players[1].vp == 4
    assert st.players[1].known == {cid("green Weaver", 1)}
    assert sorted(st.deck + st.discard + st.area + [c for p in st.players for c in p.hand + list(p.hall.values())]
                  + [c for p in st.players for ch in p.completed for c in ch]) == list(range(120))
    # A played Farmer: no second Farmer this turn; the rest is an ordinary action prompt.
    assert {o["type"] for o in legal(st)} == {"play", "discard_draw", "buy", "end_turn"}


def test_a_position_plays_on_and_undo_returns_to_it():
    st = guildhall.position({"hands": {0: ["red Farmer", "blue Weaver"]}, "halls": {0: ["blue Farmer"]}})
    before = guildhall.view(st, 0)
    do(st, ("play", cid("red Farmer")))
    assert {"type": "undo"} in guildhall.legal_decisions(st, 0)
    do(st, "undo")
    assert guildhall.view(st, 0) == before


@pytest.mark.parametrize("mode", ["printed", "yucata"])
def test_dump_position_round_trips_every_action_prompt_of_real_games(mode):
    checked = 0
    for number in range(6):
        rng = random.Random(number)
        st = guildhall.new_game(2 + number % 3, f"round-{mode}-{number}", {"mode": mode})
        while not st.finished and st.seq < 400:
            seat = guildhall.pending_player(st)
            if [p["kind"] for p in st.stack] == ["action"] and st.phase == "play":
                spec = guildhall.dump_position(st)
                back = guildhall.position(json.loads(json.dumps(spec)))
                assert guildhall.dump_position(back) == spec
                for viewer in [None, *range(st.num_players)]:
                    assert guildhall.view(back, viewer) == guildhall.view(st, viewer)
                assert legal(back, seat) == legal(st, seat)
                checked += 1
            guildhall.apply(st, seat, guildhall.bots.choose(st, seat, "greedy", rng))
    assert checked > 100


def test_dump_position_refuses_a_state_it_cannot_describe():
    st = guildhall.new_game(2, "setup")
    with pytest.raises(ValueError, match="action prompt"):
        guildhall.dump_position(st)


@pytest.mark.parametrize(("spec", "says"), [
    ({"colour": 1}, "unknown key 'colour'"),
    ({"players": 5}, "'players'"),
    ({"options": {"mode": "house"}}, "mode"),
    ({"version": "9"}, "rules version"),
    ({"hands": {0: ["red Weaver"] * 5}}, "no red Weaver left"),
    ({"hands": {0: ["pink Weaver"]}}, "not a card"),
    ({"hands": {0: [7]}, "halls": {1: [7]}}, "names no card"),
    ({"halls": {0: ["red Weaver", "red Weaver"]}}, "two identical"),
    ({"hands": {2: ["red Weaver"]}}, "seat 2"),
    ({"completed": {0: ["dancer", "weaver", "trader", "farmer"]}}, "more than 3"),
    ({"completed": {0: [[0, 4, 8, 12, 20]]}}, "five colours of one profession"),
    ({"row": ["VP9", "VP9", "VP9"]}, "no VP card 'VP9' left"),
    ({"active": 3}, "'active'"),
    ({"actions": 0}, "'actions'"),
    ({"turn": 1}, "'turn'"),
    ({"rest": "hand"}, "'rest'"),
    ({"bought": ["VP9"]}, "'bought'"),
])
def test_a_wrong_description_is_refused_with_a_clear_message(spec, says):
    with pytest.raises(ValueError, match=says):
        guildhall.position(spec)
