"""Guildhall rules engine: pure Python, standard library only (see docs/engine-api.md).

state, legal decisions, apply, view: the game is (engine version, mode, players, seed) plus the
ordered list of decisions, and ``replay`` rebuilds the state from exactly that.
"""

from . import bots
from .cards import card_json, vp_json
from .decisions import apply, legal_decisions, normalise, pending_player
from .errors import IllegalDecision
from .outcomes import BY_BOT, BY_TIMEOUT, can_resign, departed_reason, in_play
from .rng import new_seed, seed_commitment
from .state import RULES_VERSIONS, GameState
from .text import describe
from .turns import deal
from .views import view

# The rules version of new games. A game keeps the version it was created with, and is replayed under
# it: a stored log keeps its meaning when the rules change (docs/engine-api.md, "Rules versions").
ENGINE_VERSION = "3"
VERSIONS = RULES_VERSIONS
# The layout of a pickled GameState: part of the site's cache keys, so that a snapshot pickled by an
# older engine is never read by a newer one.
STATE_FORMAT = 3
MODES = ("printed", "yucata")


def new_game(players, seed, mode="printed", version=ENGINE_VERSION):
    if players not in (2, 3, 4):
        raise ValueError("Guildhall is played by 2 to 4 players.")
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}")
    if not isinstance(seed, str) or not seed:
        raise ValueError("the seed must be a non-empty string")
    if version not in VERSIONS:
        raise ValueError(f"unknown rules version {version!r}; this engine knows {VERSIONS}")
    st = GameState(players, seed, mode, version)
    st.events = [[]]  # entry 0: the deal
    st.turn = 0
    deal(st)
    return st


def log_entry(entry):
    """``(seat, decision, by)`` of a stored log entry, ``(seat, decision)`` or ``(seat, decision, by)``."""
    return (entry[0], entry[1], entry[2] if len(entry) > 2 else None)


def replay(players, seed, mode, log, validate=False, version=ENGINE_VERSION):
    """The state after the stored log ``[(seat, decision), ...]`` or ``[(seat, decision, by), ...]``
    (undo entries included; ``by`` as in ``apply``, None when absent), under the rules ``version`` the
    game was played with.

    ``validate=True`` checks every entry as if it were submitted now (for audits after an engine
    change); an entry that is not legal raises ``IllegalDecision`` with ``index`` (0-based) set."""
    st = new_game(players, seed, mode, version)
    for index, entry in enumerate(log):
        seat, decision, by = log_entry(entry)
        try:
            apply(st, seat, decision, trusted=not validate, by=by)
        except IllegalDecision as exc:
            exc.index = index
            exc.message = f"entry {index + 1}: {exc.message}"  # for audits (manage.py replay_games)
            raise
    return st


__all__ = [
    "BY_BOT", "BY_TIMEOUT", "ENGINE_VERSION", "MODES", "STATE_FORMAT", "VERSIONS", "GameState", "IllegalDecision",
    "apply", "bots", "can_resign", "card_json", "departed_reason", "describe", "in_play", "legal_decisions",
    "log_entry", "new_game", "new_seed", "normalise", "pending_player", "replay", "seed_commitment", "view",
    "vp_json",
]
