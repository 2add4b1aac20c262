"""What a started game's row and seats say that never changes again, kept per process.

Once a game has started, its seats (who sits where, person or bot) and its fixed facts (seed and its
commitment, mode, number of seats, engine version) never change: only the log grows, and with it the
row's seq, turn, scores, deadline and status. A step within a turn (``services._one_more_step``) needs
only the fixed part to judge a decision on the cached state of the seq the client saw; its one statement
checks the changing part (seq, status) as it writes, and returns the row as written. So a process that
has seen a game once reads neither the row nor the seats again for that game's steps.

A game id names the same game here only while its seed commitment is the same: the statement compares
that too, so a reused id (a test database whose sequences were reset) writes nothing, and the caller
reads the row afresh.
"""

import copy
import threading
from collections import OrderedDict

MAX_GAMES = 2048

_games = OrderedDict()
_lock = threading.Lock()


def remember(seats):
    """Keep the seated ``seats`` of a started game, each with ``.game`` (``services._seated``).
    The objects are kept as they are: callers of ``recall`` read the seats and never change them."""
    game = copy.copy(seats[0].game)  # the caller goes on changing its own instance
    with _lock:
        _games[game.pk] = (game, tuple(seats))
        _games.move_to_end(game.pk)
        while len(_games) > MAX_GAMES:
            _games.popitem(last=False)


def recall(game_id):
    """(a private copy of the game as it was seen, its seats by position), or None when this process has
    not seen the game started. The copy's changing fields (seq, turn, scores ...) are those of that
    moment: the caller sets them from the state of the seq it judges."""
    with _lock:
        found = _games.get(game_id)
        if found is None:
            return None
        _games.move_to_end(game_id)
    game, seats = found
    return copy.copy(game), {seat.position: seat for seat in seats}


def forget(game_id):
    """Drop what is kept of ``game_id``: it is over, or the id now names a game this process has not seen."""
    with _lock:
        _games.pop(game_id, None)


def forget_all():
    with _lock:
        _games.clear()
