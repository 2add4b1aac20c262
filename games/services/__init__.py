"""The one service layer: every change to a game goes through here (the API, the pages, the bots, the
clock, invitations and tournaments alike), one function per change, one module per concern:

- ``creating``: the rules of a new game (``check_new_game``; the games players may create,
  ``offered_games``, and their catalogue), creating one,
  joining, leaving and starting it;
- ``deciding``: a seat's decision appended to the log (``submit_decision``: a step within a turn in one
  statement, anything else under the game's row lock), and the inner step the others share;
- ``leaving``: the outcomes of leaving a game (a resignation; the clock's end, take-over and timed-out
  turn);
- ``bots``: the bot runner, the bot for absent players, the bots' calibration for ratings.

Each raises ``games.exceptions`` errors (an HTTP status, a code, a sentence). The rules themselves are
the game's own, reached through ``games.rules.rules_of``.
"""

from .bots import absent_bot_kind, bot_decision, bot_kind_for, bot_rng_for_state, calibration, run_bots
from .creating import (
    PER_MOVE_DAYS,
    TIMEOUT_POLICIES,
    NewGame,
    check_new_game,
    check_offered,
    creatable_games,
    create_checked,
    create_game,
    join,
    leave,
    offered_games,
    start,
)
from .deciding import DecisionResult, parse_game_id, submit_decision
from .leaving import end_by_time, play_timed_out_turn, resign, take_over

__all__ = [
    "PER_MOVE_DAYS", "TIMEOUT_POLICIES", "DecisionResult", "NewGame", "absent_bot_kind", "bot_decision",
    "bot_kind_for", "bot_rng_for_state", "calibration", "check_new_game", "check_offered", "creatable_games",
    "create_checked", "create_game", "end_by_time", "join", "leave", "offered_games", "parse_game_id",
    "play_timed_out_turn", "resign", "run_bots", "start", "submit_decision", "take_over",
]
