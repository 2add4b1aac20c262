"""Dominion with the Guilds cards: the rules engine behind the protocol every game offers
(docs/engine-api.md; our account of the rules: docs/rules-dominion.md).

Pure Python, standard library only. A game is (engine version, options, players, seed) plus the ordered
list of decisions, and ``replay`` rebuilds the state from exactly that. Rule ids (D-…, G-…, DEC-…, ILL-…,
AMB-D-…) are those of the rules statement the project adopted.
"""

from . import bots
from .cards import CATALOGUE, GUILDS, KINGDOM_SIZE
from .decisions import apply, legal_decisions, normalise, pending_player
from .errors import DominionRefusal
from .invariants import check_invariants
from .outcomes import can_resign, departed_reason, in_play, outcome, scores
from .position import dump_position, position
from .sampling import permute_hidden, sample
from .state import EDITIONS, RULES_VERSIONS, GameState
from .text import TITLE, describe, translate_error
from .turns import deal, random_first_seat, random_kingdom
from .views import view

NAME = "dominion"
PLAYERS = (2, 3, 4)
ENGINE_VERSION = "1"
VERSIONS = RULES_VERSIONS
# The layout of a pickled GameState: part of the site's cache keys.
STATE_FORMAT = 1

OPTIONS = {
    "kingdom": {
        "choices": None,
        "default": "random",
        "help": "Ten of the thirteen Guilds cards by name, or \"random\": ten drawn from the game's seed.",
    },
    "first_seat": {
        "choices": None,
        "default": None,
        "help": "The seat that takes the first turn (0 to players - 1); drawn from the seed when absent.",
    },
    "edition": {
        "choices": sorted(EDITIONS),
        "default": "2013",
        "help": "\"2013\": Guilds as first printed (Coin tokens in the Buy phase before buying; Merchant Guild's "
                "token per buy; overpay before the gain). \"2022\": the later rules (Coffers any time in your "
                "turn, Merchant Guild's errata, overpay after the gain).",
    },
}


def validate_options(options):
    """The options with defaults filled in and names normalised; ValueError with a clear message."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ValueError("The options must be a JSON object.")
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise ValueError(f"Unknown option {unknown[0]!r}: Dominion's options are {', '.join(sorted(OPTIONS))}.")
    clean = {name: spec["default"] for name, spec in OPTIONS.items()}
    clean.update(options)
    clean["kingdom"] = _kingdom(clean["kingdom"])
    first = clean["first_seat"]
    if first is not None and (not isinstance(first, int) or isinstance(first, bool) or not 0 <= first <= 3):
        raise ValueError("first_seat must be a seat number from 0 to 3, or absent.")
    if clean["edition"] not in EDITIONS:
        raise ValueError(f"edition must be one of {', '.join(sorted(EDITIONS))}.")
    return clean


def _kingdom(kingdom):
    """D-SETUP-3: "random", or exactly ten distinct Guilds names (in any case)."""
    if kingdom == "random":
        return kingdom
    if not isinstance(kingdom, (list, tuple)) or not all(isinstance(n, str) for n in kingdom):
        raise ValueError('kingdom must be "random" or a list of ten Guilds card names.')
    by_lower = {c.lower(): c for c in GUILDS}
    names = []
    for name in kingdom:
        card = by_lower.get(name.strip().lower())
        if card is None:
            raise ValueError(f"{name!r} is not a Guilds kingdom card; choose from: {', '.join(GUILDS)}.")
        if card in names:
            raise ValueError(f"{card} is named twice in the kingdom.")
        names.append(card)
    if len(names) != KINGDOM_SIZE:
        raise ValueError(f"A kingdom has exactly {KINGDOM_SIZE} cards; {len(names)} were given.")
    return sorted(names, key=GUILDS.index)


def new_game(players, seed, options=None, version=ENGINE_VERSION):
    if players not in PLAYERS:
        raise ValueError("Dominion is played by 2 to 4 players.")
    if not isinstance(seed, str) or not seed:
        raise ValueError("the seed must be a non-empty string")
    if version not in VERSIONS:
        raise ValueError(f"unknown rules version {version!r}; this engine knows {', '.join(VERSIONS)}")
    options = validate_options(options)
    kingdom = random_kingdom(seed) if options["kingdom"] == "random" else options["kingdom"]
    first = options["first_seat"]
    if first is None:
        first = random_first_seat(seed, players)
    elif first >= players:
        raise ValueError(f"first_seat must be below the number of players ({players}).")
    st = GameState(players, seed, sorted(kingdom, key=GUILDS.index), options["edition"], version)
    deal(st, first)
    return st


def log_entry(entry):
    """``(seat, decision, by)`` of a stored log entry, ``(seat, decision)`` or ``(seat, decision, by)``."""
    return (entry[0], entry[1], entry[2] if len(entry) > 2 else None)


def replay(players, seed, options, log, version=ENGINE_VERSION, validate=False):
    """The state after the stored log ``[(seat, decision[, by]), ...]``. ``validate=True`` checks every
    entry as if submitted now; an illegal one raises IllegalDecision with ``index`` (0-based) set."""
    st = new_game(players, seed, options, version)
    for index, entry in enumerate(log):
        seat, decision, by = log_entry(entry)
        try:
            apply(st, seat, decision, by=by, trusted=not validate)
        except DominionRefusal as exc:
            exc.index = index
            exc.message = f"entry {index + 1}: {exc.message}"
            raise
    return st


__all__ = [
    "CATALOGUE", "ENGINE_VERSION", "GUILDS", "NAME", "OPTIONS", "PLAYERS", "STATE_FORMAT", "TITLE", "VERSIONS",
    "GameState", "apply", "bots", "can_resign", "check_invariants", "departed_reason", "describe", "dump_position",
    "in_play", "legal_decisions", "log_entry", "new_game", "normalise", "outcome", "pending_player",
    "permute_hidden", "position", "replay", "sample", "scores", "translate_error", "validate_options", "view",
]
