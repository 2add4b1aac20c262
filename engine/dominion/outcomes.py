"""Scores, places and the end of a game: by the rules (D-END-1, D-SCORE-1..3) or because players left.

Leaving (engine/leaving.py, the same in every game): ``resign`` from any seat still in play at any time;
``time_out`` (the game ends now) and ``take_over`` (the server's bot plays the seat from now on) from the
server for the pending seat. A seat that left is played by the server's bot to the end (``by="bot"``);
with fewer than two seats in play the game ends. Seats that left are placed after those in play, the
latest to leave first.
"""

from ..leaving import AGENTS, BY_BOT, BY_SEAT, BY_TIMEOUT, LEAVING_TYPES
from .cards import VP
from .errors import refuse
from .zones import emit

RESIGNED, TIMED_OUT, TAKEN_OVER = "resigned", "timed_out", "taken_over"


def score(st, seat):
    """D-SCORE-1: VP over all the player's cards (tokens are worth nothing, G-COF-3)."""
    s = st.seats[seat]
    total = 0
    for zone in (s.hand, s.deck, s.discard, s.in_play):
        for card in zone:
            total += VP.get(card, 0)
    return total


def scores(st):
    return [score(st, seat) for seat in range(st.num_players)]


def placings(st):
    """D-SCORE-2, D-SCORE-3: by score, then fewer turns; equal on both share the place. Seats that left
    come after, the latest to leave first."""
    gone = [seat for seat, _reason in st.departed]
    points = scores(st)

    def key(seat):
        return (-points[seat], st.seats[seat].turns)

    ranked = sorted((s for s in range(st.num_players) if s not in gone), key=key)
    places = [0] * st.num_players
    for index, seat in enumerate(ranked):
        if index and key(seat) == key(ranked[index - 1]):
            places[seat] = places[ranked[index - 1]]
        else:
            places[seat] = index + 1
    for index, seat in enumerate(reversed(gone)):
        places[seat] = len(ranked) + 1 + index
    return places


def end_game(st, reason):
    st.phase = "over"
    st.prompt = None
    st.stack = []
    st.ended_by = reason
    st.places = placings(st)
    emit(st, {"t": "game_end", "reason": reason, "winners": winners(st), "scores": scores(st),
              "provinces": st.supply["Province"] == 0})


def winners(st):
    if st.places is None:
        return []
    return [seat for seat, place in enumerate(st.places) if place == 1]


def outcome(st):
    over = st.phase == "over"
    return {
        "over": over,
        "scores": scores(st),
        "places": st.places[:] if over else None,
        "winners": winners(st),
        "ended_by": st.ended_by,
    }


# --- leaving ---------------------------------------------------------------------------------------------


def departed_reason(st, seat):
    return next((reason for gone, reason in st.departed if gone == seat), None)


def in_play(st, seat):
    return all(seat != gone for gone, _reason in st.departed)


def can_resign(st, seat):
    return st.phase != "over" and 0 <= seat < st.num_players and in_play(st, seat)


def check_agent(st, seat, kind, by):
    """Who may make an entry: a seat that left is played by the server's bot only, the server decides for
    a seat in play only when its time ran out, and only a player resigns."""
    if by not in AGENTS:
        raise refuse("ILL-GEN-1", "bad_agent", "malformed")
    if kind == "resign":
        if by is not BY_SEAT:
            raise refuse(None, "resign_own")
        return
    if kind in LEAVING_TYPES:
        if by != BY_TIMEOUT:
            raise refuse(None, "server_only")
        return
    if 0 <= seat < st.num_players and not in_play(st, seat):
        if by != BY_BOT:
            raise refuse("ILL-TURN-1", "left_game", "not_your_turn")
    elif by == BY_BOT:
        raise refuse(None, "still_in_play")


def validate_leaving(st, seat, kind):
    if st.phase == "over":
        raise refuse("ILL-TURN-2", "game_over", "game_over")
    if not 0 <= seat < st.num_players:
        raise refuse("ILL-TURN-1", "not_your_turn", "not_your_turn")
    if not in_play(st, seat):
        raise refuse("ILL-TURN-1", "left_game", "not_your_turn")
    if kind != "resign" and st.prompt["seat"] != seat:
        raise refuse("ILL-TURN-1", "not_your_turn", "not_your_turn")


def apply_leaving(st, seat, kind):
    reason = {"resign": RESIGNED, "time_out": TIMED_OUT, "take_over": TAKEN_OVER}[kind]
    st.departed = [*st.departed, (seat, reason)]
    in_game = st.num_players - len(st.departed)
    if kind == "resign":
        emit(st, {"t": "resign", "seat": seat, "game_goes_on": in_game >= 2})
    elif kind == "take_over":
        emit(st, {"t": "take_over", "seat": seat, "count": st.timeouts[seat]})
    else:
        emit(st, {"t": "time_out", "seat": seat})
    if kind == "time_out" or in_game < 2:
        end_game(st, reason)


def count_timeout(st, seat, by, announce=True):
    """``st.timeouts``: the seat's turns in a row in which its time ran out; the first entry the server
    makes for it in a turn counts one, any decision of its own ends the run."""
    if by == BY_TIMEOUT:
        if st.timeout_turns[seat] != st.turn:
            st.timeouts[seat] += 1
            st.timeout_turns[seat] = st.turn
            if announce:
                emit(st, {"t": "timeout", "seat": seat, "count": st.timeouts[seat]})
    elif by is BY_SEAT:
        st.timeouts[seat] = 0
