"""The rules of a game, as the site reaches them: only through the engine's protocol (docs/engine-api.md).

``rules_of(game)`` is the game's module of ``engine.GAMES``: every place that builds, replays, judges,
views or describes a state asks it, and nothing else of the engine. ``options_of(game)`` are the options
the rules get for it.
"""

import engine


def rules_of(game):
    """The engine module that plays ``game`` (a ``Game``, or a game's slug); ``engine.UnknownGame`` for a
    slug the engine does not know."""
    return engine.get(game if isinstance(game, str) else game.game)


def options_of(game):
    """The options ``game`` was created with, as its rules take them. A row the previous release wrote
    has none stored (the database's default): its one option is in the ``mode`` column it still knows."""
    options = game.options
    if not options and game.mode:
        return {"mode": game.mode}
    return options


def legacy_mode(options):
    """What the previous release's ``mode`` column gets for a game created with ``options`` (empty for a
    game without such an option): that release, running on this schema, still reads it."""
    mode = options.get("mode", "")
    return mode if isinstance(mode, str) else ""

