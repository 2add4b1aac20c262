"""Guildhall: the rules of the card game, one game of the engine's protocol (docs/engine-api.md).

A game is (rules version, options, players, seed) plus the ordered list of decisions, and ``replay``
rebuilds the state from exactly that. Pure Python, standard library only.
"""

from .. import rng
from . import bots
from .cards import card_json, vp_json
from .decisions import apply, legal_decisions, normalise, pending_player
from .errors import IllegalDecision
from .hidden import permute_hidden
from .invariants import check_invariants
from .log_words import describe
from .markers import gettext_noop
from .messages import translate_error
from .outcomes import BY_BOT, BY_TIMEOUT, can_resign, departed_reason, in_play
from .positions import dump_position, position
from .sampler import sampler as _sampler
from .state import RULES_VERSIONS, GameState
from .turns import deal
from .views import view

NAME = "guildhall"
TITLE = gettext_noop("Guildhall")
PLAYERS = (2, 3, 4)
# Each seat's setup (R3.6) is a turn of its own: turns 1…P are the setup, turn P+1 is seat 0's first turn.
SETUP_TURNS = 1
# The rules version of new games. A game keeps the version it was created with, and is replayed under
# it: a stored log keeps its meaning when the rules change (docs/engine-api.md, "Rules versions").
ENGINE_VERSION = "4"
VERSIONS = RULES_VERSIONS
# The layout of a pickled GameState: part of the site's cache keys, so that a snapshot pickled by an
# older engine is never read by a newer one.
STATE_FORMAT = 3
MODES = ("printed", "yucata")
OPTIONS = {
    "mode": {
        "choices": list(MODES),
        "default": "printed",
        "help": gettext_noop(
            "printed: the rules as printed; yucata: as Yucata.de plays them (the discard pile and the VP "
            "deck's cards are public, a completed chapter's profession is public)."
        ),
    },
}


def validate_options(options=None):
    """The options with their defaults filled in; ValueError with a clear message otherwise."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ValueError("Guildhall's options must be a JSON object, such as {\"mode\": \"printed\"}.")
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise ValueError(f"Guildhall has no option {unknown[0]!r}; its options are: {', '.join(OPTIONS)}.")
    clean = {}
    for name, spec in OPTIONS.items():
        value = options.get(name, spec["default"])
        if spec["choices"] is not None and value not in spec["choices"]:
            raise ValueError(f"Guildhall's option {name!r} must be one of {', '.join(spec['choices'])}, not {value!r}.")
        clean[name] = value
    return clean


def new_game(players, seed, options=None, version=ENGINE_VERSION):
    if players not in PLAYERS:
        raise ValueError("Guildhall is played by 2 to 4 players.")
    mode = validate_options(options)["mode"]
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


def replay(players, seed, options, log, version=ENGINE_VERSION, validate=False):
    """The state after the stored log ``[(seat, decision, by), ...]`` (or ``[(seat, decision), ...]``;
    undo entries included; ``by`` as in ``apply``, None when absent), under the rules ``version`` the
    game was played with.

    ``validate=True`` checks every entry as if it were submitted now (for audits after an engine
    change); an entry that is not legal raises ``IllegalDecision`` with ``index`` (0-based) set."""
    st = new_game(players, seed, options, version)
    for index, entry in enumerate(log):
        seat, decision, by = log_entry(entry)
        try:
            apply(st, seat, decision, trusted=not validate, by=by)
        except IllegalDecision as exc:
            exc.index = index
            exc.message = f"entry {index + 1}: {exc.message}"  # for audits (manage.py replay_games)
            raise
    return st


# How a finished game ended, in the protocol's words (GameState.ended_by says "vp" for the rules' end).
_ENDED_BY = {None: None, "vp": "rules", "resigned": "resigned", "timed_out": "timed_out", "taken_over": "taken_over"}


def outcome(st):
    """``over``, ``scores`` (VP by seat), ``places`` (1 = first, shared places equal; None while the game
    goes on), ``winners`` (the seats placed first) and ``ended_by``."""
    over = st.phase == "over"
    places = list(st.placings) if over else None
    return {
        "over": over,
        "scores": [player.vp for player in st.players],
        "places": places,
        "winners": [seat for seat, place in enumerate(places) if place == 1] if over else [],
        "ended_by": _ENDED_BY[st.ended_by] if over else None,
    }


def sample(st, seat, rng):
    """A state consistent with everything ``seat`` has seen in ``st``, for a search: every profession card
    the seat has not seen is dealt from ``rng`` into the zones it cannot see, at their public sizes (the
    other hands beside their publicly known cards, the other players' completed chapters, the hidden part
    of the pile, the deck), the VP deck is shuffled, and the seed is replaced, so that a reshuffle follows
    ``rng``. Read only through the seat's view and its own zones (observation.py, sampler.py). A sample has
    no past: no log in words (``events``), nothing to undo; ``legal_decisions``, ``apply``, ``view`` and
    ``outcome`` work on it."""
    return _sampler(st, seat)(rng)


new_seed = rng.new_seed
seed_commitment = rng.seed_commitment

__all__ = [
    "BY_BOT", "BY_TIMEOUT", "ENGINE_VERSION", "MODES", "NAME", "OPTIONS", "PLAYERS", "SETUP_TURNS", "STATE_FORMAT",
    "TITLE", "VERSIONS", "GameState", "IllegalDecision", "apply", "bots", "can_resign", "card_json",
    "check_invariants", "departed_reason", "describe", "dump_position", "in_play", "legal_decisions", "log_entry",
    "new_game", "new_seed", "normalise", "outcome", "pending_player", "permute_hidden", "position", "replay",
    "sample", "seed_commitment", "translate_error", "validate_options", "view", "vp_json",
]
