"""The engine: the rules of every game the site hosts, pure Python, standard library only.

Each game is a package ``engine/<slug>/`` offering the same protocol (docs/engine-api.md); ``GAMES``
maps a slug to its module and ``get(slug)`` returns one. Beside the games live only the pieces they
share: the refusal every game raises (``IllegalDecision``), the seeded random generator and the seed
commitment (engine/rng.py), who may make a log entry (engine/leaving.py), a search that reaches hidden
cards only through a game's ``sample`` (engine/search/), and the arena and self-play harness.
"""

from . import dominion, guildhall
from .errors import IllegalDecision
from .leaving import BY_BOT, BY_TIMEOUT
from .rng import new_seed, seed_commitment

GAMES = {
    "dominion": dominion,
    "guildhall": guildhall,
}


class UnknownGame(ValueError):
    """A slug that names no game of this engine."""


def get(slug):
    """The game module registered under ``slug``; ``UnknownGame`` (a ValueError) otherwise."""
    try:
        return GAMES[slug]
    except (KeyError, TypeError):
        known = ", ".join(sorted(GAMES))
        raise UnknownGame(f"Unknown game {slug!r}: this engine plays {known}.") from None


__all__ = ["BY_BOT", "BY_TIMEOUT", "GAMES", "IllegalDecision", "UnknownGame", "get", "new_seed", "seed_commitment"]
