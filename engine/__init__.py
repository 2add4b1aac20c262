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


# --- TEMPORARY: pass-through names for the site while it moves to engine.get(game.game) ----------------
# Today's call styles (a mode string where the protocol takes options), and module aliases for
# ``from engine.text import ...`` and the like. The coordinator removes this block once the site speaks
# only the protocol.
import sys as _sys  # noqa: E402

from .guildhall import (  # noqa: E402  # noqa: E402
    ENGINE_VERSION,
    MODES,
    STATE_FORMAT,
    VERSIONS,
    GameState,
    apply,
    bots,
    can_resign,
    card_json,
    cards,
    cardtext,
    departed_reason,
    describe,
    greedy,
    in_play,
    legal_decisions,
    log_entry,
    log_words,
    markers,
    messages,
    normalise,
    outcomes,
    pending_player,
    view,
    views,
    vp_json,
)


def _options(mode):
    return {"mode": mode} if isinstance(mode, str) else mode


def new_game(players, seed, mode="printed", version=ENGINE_VERSION):
    return guildhall.new_game(players, seed, _options(mode), version)


def replay(players, seed, mode, log, validate=False, version=ENGINE_VERSION):
    return guildhall.replay(players, seed, _options(mode), log, version=version, validate=validate)


def _text_module():
    """Guildhall's old ``text`` module (since split into cardtext, messages, log_words and markers), for
    ``from engine.text import ...`` and ``from engine.guildhall.text import ...``."""
    import types

    module = types.ModuleType("engine.guildhall.text", "TEMPORARY: Guildhall's words, as one module.")
    for part in (markers, cardtext, messages, log_words):
        for name, value in vars(part).items():
            if not name.startswith("__"):
                setattr(module, name, value)
    return module


text = _text_module()


def _alias_modules():
    """``engine.cards`` and the like name Guildhall's modules; the search's old module paths
    (``engine.search.fast``, ``.observation``, ``.sampler``, ``.rollout``, ``.tree``) name one module with
    their old functions, bound to Guildhall."""
    import types

    from . import search
    from .guildhall import observation, playout, sampler
    from .search.playouts import rollout as _rollout

    def rollout(st, rng, turns, max_decisions=400, stats=None):
        return _rollout(search.hooks_of(guildhall), st, rng, turns, max_decisions, stats)

    legacy = types.ModuleType("engine.search.legacy", "TEMPORARY: the search's old module paths, for the site.")
    legacy.options, legacy.play = playout.options, playout.play
    legacy.observe, legacy.public_skeleton = observation.observe, observation.public_skeleton
    legacy.determinize = sampler.determinize
    legacy.rollout = rollout
    legacy.decision_key = bots.decision_key
    legacy.MARGIN = search.MARGIN
    aliases = {
        "engine.cards": cards, "engine.greedy": greedy, "engine.outcomes": outcomes, "engine.text": text,
        "engine.guildhall.text": text,
        "engine.views": views, "engine.bots": bots,
    }
    for name in ("fast", "observation", "sampler", "rollout", "tree"):
        aliases[f"engine.search.{name}"] = legacy
    for name, module in aliases.items():
        _sys.modules.setdefault(name, module)


_alias_modules()
__all__ += [
    "ENGINE_VERSION", "MODES", "STATE_FORMAT", "VERSIONS", "GameState", "apply", "bots", "can_resign", "card_json",
    "cards", "departed_reason", "describe", "greedy", "in_play", "legal_decisions", "log_entry", "new_game",
    "normalise", "outcomes", "pending_player", "replay", "text", "view", "views", "vp_json",
]
# --- end of TEMPORARY ------------------------------------------------------------------------------------

