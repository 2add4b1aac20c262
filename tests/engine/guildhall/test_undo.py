"""Undo: within your own turn, back to the last decision that revealed hidden
information (a draw, a shuffle, a refill, a search of the discard pile) or that another player made; undo
is itself a log entry, and replaying a log with undo entries gives the live state."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as S

from engine import guildhall
from engine.guildhall.state import _FIELDS
from tests.engine.guildhall.helpers import cid, do, legal, pay_with, pending_kind, random_game, table

FOUR = ["red", "blue", "yellow", "green"]


def same_game(a, b):
    """Equal in every field but the log counters (undo adds a log entry)."""
    return all(getattr(a, f) == getattr(b, f) for f in _FIELDS if f not in ("seq", "events"))


def can_undo(st):
    return {"type": "undo"} in guildhall.legal_decisions(st, guildhall.pending_player(st))


def refuse_undo(st):
    seat = guildhall.pending_player(st)
    before = st.clone()
    with pytest.raises(guildhall.IllegalDecision) as exc:
        guildhall.apply(st, seat, {"type": "undo"})
    assert exc.value.code == "illegal" and "nothing to undo" in exc.value.message
    assert st == before


def test_nothing_to_undo_at_the_start_of_a_turn():
    st = table(hands={0: ["red Farmer"]})
    assert not can_undo(st)
    refuse_undo(st)


def test_undo_a_play_restores_the_state_and_is_a_log_entry():
    st = table(hands={0: ["purple Farmer"]}, halls={0: ["red Farmer"]})
    start = st.clone()
    do(st, ("play", "purple Farmer"))
    after_play = st.clone()
    do(st, ("tier", 1))
    assert st.players[0].tokens == 1 and can_undo(st)
    seq = st.seq
    do(st, "undo")
    assert st.seq == seq + 1 and st.events[-1][-1] == {"t": "undo", "seat": 0}
    assert same_game(st, after_play)
    do(st, "undo")
    assert same_game(st, start) and st.players[0].hand == [cid("purple Farmer")]
    assert not can_undo(st)


def test_undo_a_card_by_card_choice():
    st = table(hands={0: ["red Trader"]}, halls={0: ["blue Farmer", "green Weaver"], 1: ["red Dancer"]})
    do(st, ("play", "red Trader"), ("tier", 0), ("target", 1), ("select", "blue Farmer"))
    do(st, "undo")
    assert pending_kind(st) == "ability" and st.stack[-1]["picks"] == {}
    do(st, ("select", "green Weaver"), ("select", "red Dancer"))
    assert cid("green Weaver") in st.players[1].hall.values()


def test_no_undo_past_a_draw():
    st = table(hands={0: ["red Farmer", "blue Farmer", "red Dancer"]})
    do(st, "discard_draw", ("discard", "red Farmer"))
    assert can_undo(st)  # choosing what to discard reveals nothing yet
    do(st, "done")  # draws
    assert not can_undo(st)
    refuse_undo(st)
    do(st, ("play", "red Dancer"))
    assert can_undo(st)
    do(st, "undo")
    assert not can_undo(st)


def test_dancer_drawing_zero_can_be_undone_drawing_one_cannot():
    st = table(hands={0: ["purple Dancer"]}, halls={0: ["red Dancer"]})
    do(st, ("play", "purple Dancer"), ("tier", 0))
    assert can_undo(st)
    do(st, "undo", ("tier", 1))
    assert not can_undo(st)


def test_no_undo_past_a_refill_of_the_center_row_but_yes_without_refill():
    st = table(row=["VP5", "VP5", "VP9", "VP9", "VP2-Chapter"], completed={0: ["farmer"]})
    do(st, ("buy", st.row[0]))
    pay_with(st, st.players[0].completed[0][0])
    assert not can_undo(st)
    st = table(row=["VP5"], completed={0: ["farmer"]}, vp_deck_top=[], vp_rest=("owned", 1))
    do(st, ("buy", st.row[0]))
    pay_with(st, st.players[0].completed[0][0])
    assert can_undo(st)
    do(st, "undo", "undo")  # the chapter paid (in its order), the card chosen
    assert len(st.players[0].completed) == 1 and len(st.row) == 1


def test_no_undo_past_a_search_of_the_discard_pile():
    st = table(hands={0: ["red Historian"]}, halls={0: ["blue Historian", "green Historian"]},
               discard=["yellow Dancer", "purple Weaver"])
    do(st, ("play", "red Historian"), ("tier", 2))
    assert not can_undo(st)
    refuse_undo(st)


def test_undo_past_historian_t0_taking_the_only_card_of_the_pile():
    st = table(hands={0: ["red Historian"]}, discard=["purple Weaver"])
    do(st, ("play", "red Historian"), ("tier", 0))
    assert st.discard == [] and can_undo(st)  # nothing hidden came to light
    do(st, "undo")
    assert st.discard[-1] == cid("purple Weaver")


def test_no_undo_past_historian_t0_uncovering_the_next_card():
    """R14: the pile below its top is hidden. Taking the top card shows the card beneath it to everyone, so
    the decision revealed hidden information and cannot be taken back."""
    st = table(hands={0: ["red Historian"]}, discard=["yellow Dancer", "purple Weaver"])
    do(st, ("play", "red Historian"), ("tier", 0))
    assert guildhall.view(st, 1)["discard_top"]["id"] == cid("yellow Dancer")  # now public
    assert not can_undo(st)


@pytest.mark.parametrize("version", ["1", "2"])
def test_no_undo_past_another_players_decision(version):
    """Under rules versions 1 and 2, where another player is asked within the turn (version 3 asks nobody
    out of turn)."""
    st = table(version=version, hands={0: ["red Trader", "red Historian"]},
               halls={0: ["purple Weaver"], 1: FOUR_W + ["blue Dancer"]},
               completed={1: ["farmer", "assassin", "dancer"]})
    do(st, ("play", "red Trader"), ("tier", 0), ("target", 1), ("select", "purple Weaver"), ("select", "blue Dancer"))
    assert guildhall.pending_player(st) == 1
    assert {"type": "undo"} not in guildhall.legal_decisions(st, 1)  # not seat 1's turn to undo
    with pytest.raises(guildhall.IllegalDecision):
        guildhall.apply(st, 1, {"type": "undo"})
    pay_with(st, legal(st)[0]["card"])  # seat 1 sheds a chapter
    assert guildhall.pending_player(st) == 0 and not can_undo(st)
    do(st, ("play", "red Historian"))
    do(st, "undo")
    assert len(st.players[1].completed) == 3 and not can_undo(st)


FOUR_W = [f"{c} Weaver" for c in FOUR]


def test_undo_never_reaches_into_the_previous_turn():
    st = table(hands={0: ["red Farmer"], 1: ["blue Farmer"]})
    do(st, ("play", "red Farmer"), "end_turn")
    assert st.active == 1 and not can_undo(st)


def test_replay_of_a_log_with_undo_equals_the_live_state():
    undone = []

    def each(st, seat, decision):
        if decision["type"] == "undo":
            undone.append(st.seq)

    for n in range(6):
        st, log = random_game(2 + n % 3, f"undo-{n}", ("printed", "yucata")[n % 2], rng_seed=n, each=each)
        assert guildhall.replay(st.num_players, st.seed, {"mode": st.mode}, log) == st
    assert len(undone) > 10  # the random bot does undo now and then: the test exercises it


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=S.integers(2, 4), mode=S.sampled_from(["printed", "yucata"]), n=S.integers(0, 10**6))
def test_undo_restores_the_state_before_the_last_decision(players, mode, n):
    history = []  # the state before each decision of the current turn still in force
    checked = [0]

    def each(st, seat, decision):
        if history and history[-1][0] != st.turn:
            history.clear()
        if {"type": "undo"} in guildhall.legal_decisions(st, seat):
            child = st.clone()
            guildhall.apply(child, seat, {"type": "undo"})
            assert same_game(child, history[-1][1])
            checked[0] += 1
        if decision["type"] == "undo":
            history.pop()
        else:
            history.append((st.turn, st.clone()))

    random_game(players, f"undo-prop-{n}", mode, rng_seed=n, max_decisions=400, each=each)
    assert checked[0] > 0
