"""Leaving a game: the outcomes the rulebook does not have, decided by a player or by the server.

The rulebook ends a game only when a player reaches 20 VP (R12.4, R15.1). A site where games last weeks
also needs a way to leave them, and every way must be an entry of the log, so that replaying the log
alone gives the game (docs/rules.md, "Leaving a game"):

- ``resign``: a player gives up. With two players left in play the other wins at once; with more, the
  game goes on and the server's bot plays the seat to the end.
- ``time_out``: the server, for the seat whose time ran out, when the game's policy is to end the game
  (the game ends now).
- ``take_over``: the server, for a seat that timed out too often in a row: the bot plays it from now on.

A seat that left is placed after every seat still in play, the latest to leave first among them. These
decisions are not in ``legal_decisions`` (no prompt asks for them): ``resign`` may come from any seat
still in play at any time, the other two only from the server for the seat now to decide.

Who made an entry is part of the log (``by``): ``None`` for the seat itself (its player, or the bot of a
bot seat), ``"timeout"`` for the server deciding for a seat whose time ran out, ``"bot"`` for the
server's bot playing a seat that left.
"""

from ..leaving import AGENTS, BY_BOT, BY_SEAT, BY_TIMEOUT, LEAVING_TYPES
from .errors import IllegalDecision
from .messages import ERRORS as E
from .zones import emit

# Why a seat left: the value stored in ``GameState.departed``.
RESIGNED, TIMED_OUT, TAKEN_OVER = "resigned", "timed_out", "taken_over"

OUTCOME_TYPES = LEAVING_TYPES


def departed_seats(st):
    return [seat for seat, _reason in st.departed]


def departed_reason(st, seat):
    """Why the seat left the game ("resigned", "timed_out", "taken_over"), or None."""
    return next((reason for gone, reason in st.departed if gone == seat), None)


def in_play(st, seat):
    """The seat is still played by its own player (or by its own bot, for a bot seat)."""
    return all(seat != gone for gone, _reason in st.departed)


def can_resign(st, seat):
    return st.phase != "over" and 0 <= seat < st.num_players and in_play(st, seat)


# --- checks ------------------------------------------------------------------------------------------------
def check_agent(st, seat, decision_type, by):
    """Refuse an entry made by the wrong hand: a seat that left is played by the server's bot only, the
    server decides for a seat in play only when its time ran out, and only a player can resign."""
    if by not in AGENTS:
        raise IllegalDecision(E["bad_agent"], "malformed")
    if decision_type == "resign":
        if by is not BY_SEAT:
            raise IllegalDecision(E["resign_own"])
        return
    if decision_type in OUTCOME_TYPES:
        if by != BY_TIMEOUT:
            raise IllegalDecision(E["server_only"])
        return
    if in_play(st, seat):
        if by == BY_BOT:
            raise IllegalDecision(E["still_in_play"])
    elif by != BY_BOT:
        raise IllegalDecision(E["left_game"], "not_your_turn")


def validate(st, seat, decision, by):
    kind = decision["type"]
    if st.phase == "over":
        raise IllegalDecision(E["game_over"], "game_over")
    if not 0 <= seat < st.num_players:
        raise IllegalDecision(E["not_your_turn"], "not_your_turn")
    if not in_play(st, seat):
        raise IllegalDecision(E["left_game"], "not_your_turn")
    if kind != "resign" and st.stack[-1]["seat"] != seat:
        # The clock decides only for the seat whose decision it was waiting for.
        raise IllegalDecision(E["not_your_turn"], "not_your_turn")


# --- the outcomes ------------------------------------------------------------------------------------------
def apply_outcome(st, seat, decision):
    kind = decision["type"]
    if kind == "resign":
        _leave(st, seat, RESIGNED)
        ends = _seats_in_play(st) < 2
        emit(st, {"t": "resign", "seat": seat, "game_goes_on": not ends})
        if ends:
            _end(st, RESIGNED)
    elif kind == "take_over":
        _leave(st, seat, TAKEN_OVER)
        emit(st, {"t": "take_over", "seat": seat, "count": st.timeouts[seat]})
        if _seats_in_play(st) < 2:
            _end(st, TAKEN_OVER)
    else:  # time_out: the game's policy is to end the game when time runs out
        _leave(st, seat, TIMED_OUT)
        emit(st, {"t": "time_out", "seat": seat})
        _end(st, TIMED_OUT)


def _leave(st, seat, reason):
    st.departed = [*st.departed, (seat, reason)]


def _seats_in_play(st):
    return st.num_players - len(st.departed)


def _end(st, reason):
    """The game ends now, without a winner by the rulebook's measure: the seats in play are placed by
    VP, then completed chapters (R15.4, AMB-14), those who left after them."""
    from .turns import placings, sole_first

    st.phase = "over"
    st.stack = []
    st.ended_by = reason
    st.placings = placings(st, None)
    st.winner = sole_first(st.placings)
    emit(st, {"t": "game_ends", "reason": reason, "winner": st.winner})


# --- counting timeouts -------------------------------------------------------------------------------------
def count_timeout(st, seat, by, announce=True):
    """Keep ``st.timeouts``: the seat's turns in a row in which its time ran out. The first entry the server
    makes for it in a turn counts one; any decision of the player's own ends the run."""
    if by == BY_TIMEOUT:
        if st.timeout_turns[seat] != st.turn:
            st.timeouts[seat] += 1
            st.timeout_turns[seat] = st.turn
            if announce:
                emit(st, {"t": "timeout", "seat": seat, "count": st.timeouts[seat]})
    elif by is BY_SEAT:
        st.timeouts[seat] = 0
