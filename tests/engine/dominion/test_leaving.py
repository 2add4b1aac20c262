"""Leaving a game (engine/leaving.py, the same in every game): resign, time_out, take_over, and the server's
bot playing a seat that left. Every way is an entry of the log, and the log alone replays it."""

import random

import pytest

from engine import dominion as D
from engine.errors import IllegalDecision

from .helpers import do, dump, play_out, table


def logged(players, seed="leaving", first=0):
    return D.new_game(players, seed, {"first_seat": first, "kingdom": "random"}), []


def apply(st, log, seat, decision, by=None):
    D.apply(st, seat, decision, by=by)
    log.append((seat, decision, by))


def replays(st, log, players, seed="leaving", first=0):
    again = D.replay(players, seed, {"first_seat": first}, log)
    assert again == st


def test_resign_with_two_players_ends_the_game():
    st, log = logged(2)
    apply(st, log, 1, {"type": "resign"})  # any time, not only on one's own turn
    out = D.outcome(st)
    assert out["over"] and out["ended_by"] == "resigned" and out["winners"] == [0] and out["places"] == [1, 2]
    assert D.departed_reason(st, 1) == "resigned" and not D.in_play(st, 1) and D.in_play(st, 0)
    assert not D.can_resign(st, 0)
    replays(st, log, 2)


def test_resign_with_three_players_the_bot_plays_on_and_the_seat_places_last():
    st, log = logged(3)
    apply(st, log, 0, {"type": "resign"})
    assert not st.finished and D.pending_player(st) == 0
    with pytest.raises(IllegalDecision) as info:
        D.apply(st, 0, {"type": "end_turn"})
    assert info.value.code == "not_your_turn"
    with pytest.raises(IllegalDecision):
        D.apply(st, 0, {"type": "resign"})
    play_out(st, log, random.Random(3))
    out = D.outcome(st)
    assert out["places"][0] == 3 and 0 not in out["winners"] and out["ended_by"] == "rules"
    assert any(by == "bot" and seat == 0 for seat, _d, by in log)
    replays(st, log, 3)


def test_time_out_ends_the_game_now():
    st, log = logged(3)
    apply(st, log, 0, {"type": "time_out"}, by="timeout")
    out = D.outcome(st)
    assert out["over"] and out["ended_by"] == "timed_out" and out["places"][0] == 3
    replays(st, log, 3)


def test_take_over_the_bot_plays_from_now_on():
    st, log = logged(3)
    seat = D.pending_player(st)
    decision = D.bots.choose(st, seat, D.bots.DEFAULT_ABSENT, random.Random(0))
    apply(st, log, seat, decision, by="timeout")
    assert st.timeouts[seat] == 1
    apply(st, log, seat, {"type": "take_over"}, by="timeout")
    assert D.departed_reason(st, seat) == "taken_over" and not st.finished
    assert "the bot plays their seat from now on" in D.describe(st, st.seq, None, ["A", "B", "C"])
    play_out(st, log, random.Random(1))
    replays(st, log, 3)


def test_take_over_with_two_players_ends_the_game():
    st, log = logged(2)
    apply(st, log, 0, {"type": "take_over"}, by="timeout")
    assert st.finished and D.outcome(st)["ended_by"] == "taken_over" and D.outcome(st)["winners"] == [1]


@pytest.mark.parametrize("decision, by", [
    ({"type": "resign"}, "timeout"), ({"type": "resign"}, "bot"), ({"type": "time_out"}, None),
    ({"type": "take_over"}, None), ({"type": "end_turn"}, "bot"), ({"type": "end_turn"}, "someone"),
])
def test_wrong_hands_are_refused(decision, by):
    st, _ = logged(2)
    before = dump(st)
    with pytest.raises(IllegalDecision):
        D.apply(st, 0, decision, by=by)
    assert dump(st) == before


def test_time_out_only_for_the_pending_seat():
    st, _ = logged(3)
    with pytest.raises(IllegalDecision) as info:
        D.apply(st, 1, {"type": "time_out"}, by="timeout")
    assert info.value.rule == "ILL-TURN-1"


def test_own_decision_resets_the_timeouts():
    st, log = logged(2)
    apply(st, log, 0, {"type": "end_turn"}, by="timeout")
    apply(st, log, 1, {"type": "end_turn"})
    apply(st, log, 0, {"type": "end_turn"}, by="timeout")
    assert st.timeouts == [2, 0]
    apply(st, log, 1, {"type": "end_turn"})
    apply(st, log, 0, {"type": "end_turn"})
    assert st.timeouts == [0, 0]
    replays(st, log, 2)


def test_advisor_chooser_who_left_is_played_by_the_bot():
    st = table(hand=["Advisor"], deck=["Gold", "Silver", "Estate"], cards=["Advisor"], players=3)
    do(st, {"type": "resign"}, seat=1)
    do(st, ("play", "Advisor"))
    assert D.pending_player(st) == 1
    with pytest.raises(IllegalDecision):
        D.apply(st, 1, {"type": "choose", "card": "Gold"})
    decision = D.bots.choose(st, 1, D.bots.DEFAULT_ABSENT, random.Random(0))
    D.apply(st, 1, decision, by="bot")
    assert decision == {"type": "choose", "card": "Gold"}  # the chooser discards the best card
    assert D.pending_player(st) == 0
