"""Leaving a game (engine/guildhall/outcomes.py, docs/rules.md "Leaving a game"): resign, the time limit ending the
game, the bot taking a seat over. Every way a game ends or changes hands is an entry of the log, and the
log alone replays to the same status, placings and VP."""

import random

import pytest

from engine import guildhall
from engine.guildhall.views import card_ids_in, hidden_cards

from .helpers import check_invariants, fresh_game, table, to_json


def play_on(st, log, rng, until=None, max_decisions=3000):
    """Let bots decide (the server's bot for seats that left) until the game is over or ``until(st)``."""
    for _ in range(max_decisions):
        if st.phase == "over" or (until is not None and until(st)):
            return
        seat = guildhall.pending_player(st)
        decision = guildhall.bots.choose(st, seat, kind="greedy", rng=rng)
        by = None if guildhall.in_play(st, seat) else guildhall.BY_BOT
        guildhall.apply(st, seat, decision, by=by)
        log.append((seat, decision, by))
        check_invariants(st)
    raise AssertionError("the game did not end")


def new_logged_game(players, mode="printed", seed="outcomes"):
    st = guildhall.new_game(players, seed, {"mode": mode})
    return st, []


def apply_logged(st, log, seat, decision, by=None):
    guildhall.apply(st, seat, decision, by=by)
    log.append((seat, decision, by))


def assert_replays(st, log, players, mode="printed", seed="outcomes"):
    again = guildhall.replay(players, seed, {"mode": mode}, log)
    assert again == st
    audited = guildhall.replay(players, seed, {"mode": mode}, log, validate=True)
    assert (audited.phase, audited.placings, audited.winner, audited.ended_by) == (
        st.phase, st.placings, st.winner, st.ended_by)
    assert [audited.vp(s) for s in range(players)] == [st.vp(s) for s in range(players)]


# --- resigning ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("mode", ["printed", "yucata"])
def test_two_players_the_other_wins_at_once(mode):
    st, log = new_logged_game(2, mode)
    play_on(st, log, random.Random(1), until=lambda s: s.phase == "play" and s.turn >= 6)
    resigner = 1 - guildhall.pending_player(st)  # out of turn: resigning needs no prompt
    apply_logged(st, log, resigner, {"type": "resign"})
    assert st.phase == "over" and st.ended_by == "resigned"
    assert st.winner == 1 - resigner
    assert st.placings[resigner] == 2 and st.placings[1 - resigner] == 1
    assert guildhall.pending_player(st) is None
    assert_replays(st, log, 2, mode)


def test_three_players_the_game_goes_on_and_the_bot_plays_the_seat():
    st, log = new_logged_game(3)
    play_on(st, log, random.Random(2), until=lambda s: s.phase == "play" and s.turn >= 8)
    apply_logged(st, log, 1, {"type": "resign"})
    assert st.phase != "over"
    assert not guildhall.in_play(st, 1) and guildhall.departed_reason(st, 1) == "resigned"
    assert not guildhall.can_resign(st, 1)
    # The player who left can decide nothing any more; the server's bot plays their seat.
    play_on(st, log, random.Random(3), until=lambda s: guildhall.pending_player(s) == 1)
    seat_one = guildhall.legal_decisions(st, 1)[0]
    before = st.clone()
    with pytest.raises(guildhall.IllegalDecision) as refused:
        guildhall.apply(st, 1, seat_one)
    assert refused.value.code == "not_your_turn" and "left this game" in refused.value.message
    assert st == before
    play_on(st, log, random.Random(4))
    assert st.placings[1] == 3, "the seat that resigned is placed last, whatever its VP"
    assert st.winner in (0, 2)
    assert any(seat == 1 and by == guildhall.BY_BOT for seat, _d, by in log)
    assert_replays(st, log, 3)


def test_when_one_seat_is_left_in_play_it_wins_and_leavers_are_placed_latest_first():
    st, log = new_logged_game(4)
    play_on(st, log, random.Random(5), until=lambda s: s.phase == "play" and s.turn >= 7)
    apply_logged(st, log, 2, {"type": "resign"})
    apply_logged(st, log, 0, {"type": "resign"})
    assert st.phase != "over"
    apply_logged(st, log, 3, {"type": "resign"})
    assert st.phase == "over" and st.winner == 1
    assert st.placings == [3, 1, 4, 2]
    assert_replays(st, log, 4)


def test_the_resigning_seat_may_be_the_one_to_decide_and_the_bot_finishes_its_turn():
    st, log = new_logged_game(3)
    play_on(st, log, random.Random(6), until=lambda s: s.phase == "play" and s.turn >= 5)
    seat = guildhall.pending_player(st)
    apply_logged(st, log, seat, {"type": "resign"})
    assert guildhall.pending_player(st) == seat  # the same prompt, now for the bot
    play_on(st, log, random.Random(7))
    assert st.placings[seat] == 3
    assert_replays(st, log, 3)


def test_resigning_is_refused_when_it_cannot_be():
    st = fresh_game(2)
    before = st.clone()
    for decision, by, message in [
        ({"type": "resign"}, guildhall.BY_TIMEOUT, "Only a player can resign"),
        ({"type": "resign"}, guildhall.BY_BOT, "Only a player can resign"),
        ({"type": "resign"}, "someone", "Unknown maker"),
    ]:
        with pytest.raises(guildhall.IllegalDecision) as refused:
            guildhall.apply(st, 0, decision, by=by)
        assert message in refused.value.message
        assert st == before
    with pytest.raises(guildhall.IllegalDecision) as refused:
        guildhall.apply(st, 5, {"type": "resign"})
    assert refused.value.code == "not_your_turn"
    guildhall.apply(st, 0, {"type": "resign"})
    with pytest.raises(guildhall.IllegalDecision) as refused:
        guildhall.apply(st, 1, {"type": "resign"})
    assert refused.value.code == "game_over"


def test_resign_is_not_offered_among_the_legal_decisions_and_bots_never_choose_it():
    st, log = new_logged_game(2)
    rng = random.Random(8)
    while st.phase != "over":
        seat = guildhall.pending_player(st)
        assert all(o["type"] not in ("resign", "time_out", "take_over") for o in guildhall.legal_decisions(st, seat))
        apply_logged(st, log, seat, guildhall.bots.choose(st, seat, kind="random", rng=rng))


def test_undo_never_takes_back_another_seats_resignation():
    st = table(players=3, active=0, hands={0: ["red Farmer", "blue Farmer"]}, halls={0: ["red Farmer"]})
    guildhall.apply(st, 0, {"type": "discard_draw"})
    guildhall.apply(st, 2, {"type": "resign"})
    assert {"type": "undo"} not in guildhall.legal_decisions(st, 0)
    with pytest.raises(guildhall.IllegalDecision):
        guildhall.apply(st, 0, {"type": "undo"})
    assert guildhall.departed_reason(st, 2) == "resigned"


# --- the clock: timeouts, taking a seat over, ending the game -----------------------------------------------
def test_timeouts_count_turns_in_a_row_and_an_own_decision_ends_the_run():
    st, log = new_logged_game(2)
    play_on(st, log, random.Random(9), until=lambda s: s.phase == "play" and guildhall.pending_player(s) == 0)
    rng = random.Random(10)

    def server_turn(seat):
        turn = st.turn
        while st.turn == turn and st.phase != "over":
            s = guildhall.pending_player(st)
            by = guildhall.BY_TIMEOUT if s == seat else None
            apply_logged(st, log, s, guildhall.bots.choose(st, s, kind="greedy", rng=rng), by=by)

    def own_turn():
        turn = st.turn
        while st.turn == turn and st.phase != "over":
            s = guildhall.pending_player(st)
            apply_logged(st, log, s, guildhall.bots.choose(st, s, kind="greedy", rng=rng))

    server_turn(0)
    assert st.timeouts == [1, 0]
    own_turn()  # seat 1's turn
    server_turn(0)
    assert st.timeouts == [2, 0], "several entries in one timed-out turn count once"
    own_turn()
    own_turn()  # seat 0 plays a turn of its own
    assert st.timeouts == [0, 0]
    assert any(e["t"] == "timeout" for events in st.events for e in events)
    assert_replays(st, log, 2)


def test_the_server_decides_only_for_the_seat_it_waits_for_and_only_as_the_clock():
    st = fresh_game(3)
    seat = guildhall.pending_player(st)
    other = (seat + 1) % 3
    before = st.clone()
    cases = [
        (other, {"type": "time_out"}, guildhall.BY_TIMEOUT, "not_your_turn"),
        (other, {"type": "take_over"}, guildhall.BY_TIMEOUT, "not_your_turn"),
        (seat, {"type": "time_out"}, None, "illegal"),
        (seat, {"type": "take_over"}, guildhall.BY_BOT, "illegal"),
        (seat, guildhall.legal_decisions(st, seat)[0], guildhall.BY_BOT, "illegal"),
    ]
    for s, decision, by, code in cases:
        with pytest.raises(guildhall.IllegalDecision) as refused:
            guildhall.apply(st, s, decision, by=by)
        assert refused.value.code == code, (decision, by)
        assert st == before


def test_time_out_ends_the_game_the_absent_player_last():
    st = table(players=3, active=1, tokens={0: 4, 1: 12, 2: 9}, vp_cards={0: ["VP3-Draw6"]})
    log_free = st.clone()
    guildhall.apply(st, 1, {"type": "time_out"}, by=guildhall.BY_TIMEOUT)
    assert st.phase == "over" and st.ended_by == "timed_out"
    # Seat 1 had the most VP but its time ran out: the others by VP (seat 0: 4 + 3, seat 2: 9), seat 1 last.
    assert st.placings == [2, 3, 1]
    assert st.winner == 2
    assert guildhall.departed_reason(st, 1) == "timed_out"
    assert log_free.phase == "play"


def test_time_out_with_a_shared_first_place_has_no_single_winner():
    st = table(players=3, active=2, tokens={0: 7, 1: 7, 2: 15})
    guildhall.apply(st, 2, {"type": "time_out"}, by=guildhall.BY_TIMEOUT)
    assert st.placings == [1, 1, 3]
    assert st.winner is None
    words = guildhall.describe(st, st.seq, None, ["ann", "bob", "cat"])
    assert "Time ran out for cat: the game ends." in words
    assert "first place is shared" in words


def test_take_over_places_the_seat_last_even_when_its_bot_reaches_20_vp():
    st = table(players=3, active=0, tokens={0: 19, 1: 5, 2: 6}, hands={0: ["red Farmer"]},
               halls={0: ["blue Farmer"]})
    guildhall.apply(st, 0, {"type": "take_over"}, by=guildhall.BY_TIMEOUT)
    assert st.phase != "over" and guildhall.departed_reason(st, 0) == "taken_over"
    assert st.timeouts[0] == 1
    # The bot plays the Farmer for the seat: 20 VP at the end of its turn ends the game (R12.4) ...
    guildhall.apply(st, 0, {"type": "play", "card": guildhall.legal_decisions(st, 0)[0]["card"]}, by=guildhall.BY_BOT)
    while st.phase != "over":
        seat = guildhall.pending_player(st)
        assert seat == 0
        options = guildhall.legal_decisions(st, 0)
        choice = next((o for o in options if o["type"] == "tier"), None) or next(
            (o for o in options if o["type"] == "end_turn"), options[0])
        guildhall.apply(st, 0, choice, by=guildhall.BY_BOT)
    assert st.vp(0) >= 20 and st.ended_by == "vp"
    # ... but the seat the bot took over is placed after both seats in play.
    assert st.placings == [3, 2, 1]
    assert st.winner == 2
    check_invariants(st)


def test_a_taken_over_seat_with_two_players_ends_the_game():
    st = fresh_game(2)
    seat = guildhall.pending_player(st)
    guildhall.apply(st, seat, {"type": "take_over"}, by=guildhall.BY_TIMEOUT)
    assert st.phase == "over" and st.winner == 1 - seat and st.ended_by == "taken_over"


# --- what others see ------------------------------------------------------------------------------------------
def test_views_say_who_left_and_still_hide_what_they_hid():
    st, log = new_logged_game(3, "printed", seed="views")
    play_on(st, log, random.Random(11), until=lambda s: s.phase == "play" and s.turn >= 6)
    apply_logged(st, log, 2, {"type": "resign"})
    for viewer in (0, 1, 2, None):
        view = guildhall.view(st, viewer)
        assert [p["departed"] for p in view["players"]] == [None, None, "resigned"]
        assert not card_ids_in(view) & hidden_cards(st, viewer)
        assert "seed" not in to_json(view).replace("seed_", "")
    assert "resigned: the bot plays their seat" in guildhall.describe(st, st.seq, 0, ["ann", "bob", "cat"])
