"""Guildhall rules engine: pure Python, standard library only (see docs/engine-api.md).

state, legal decisions, apply, view: the game is (engine version, mode, players, seed) plus the
ordered list of decisions, and ``replay`` rebuilds the state from exactly that.
"""

from . import bots
from .cards import card_json, vp_json
from .decisions import apply, legal_decisions, normalise, pending_player
from .errors import IllegalDecision
from .rng import new_seed, seed_commitment
from .state import RULES_VERSIONS, GameState
from .text import describe
from .turns import deal
from .views import view

# The rules version of new games. A game keeps the version it was created with, and is replayed under
# it: a stored log keeps its meaning when the rules change (docs/engine-api.md, "Rules versions").
ENGINE_VERSION = "2"
VERSIONS = RULES_VERSIONS
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


def replay(players, seed, mode, log, validate=False, version=ENGINE_VERSION):
    """The state after the stored log ``[(seat, decision), ...]`` (undo entries included), under the
    rules ``version`` the game was played with.

    ``validate=True`` checks every entry as if it were submitted now (for audits after an engine
    change); an entry that is not legal raises ``IllegalDecision`` with ``index`` (0-based) set."""
    st = new_game(players, seed, mode, version)
    for index, (seat, decision) in enumerate(log):
        try:
            apply(st, seat, decision, trusted=not validate)
        except IllegalDecision as exc:
            exc.index = index
            exc.message = f"entry {index + 1}: {exc.message}"  # for audits (manage.py replay_games)
            raise
    return st


__all__ = [
    "ENGINE_VERSION", "MODES", "VERSIONS", "GameState", "IllegalDecision", "apply", "bots", "card_json", "describe",
    "legal_decisions", "new_game", "new_seed", "normalise", "pending_player", "replay", "seed_commitment",
    "view", "vp_json",
]
