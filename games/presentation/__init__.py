"""What the site's generic pages ask of a game: its presentation.

Every game the engine registers (``engine.GAMES``) has a package ``games.presentation.<slug>`` that holds
everything about it the site draws or says: the table's part that is the game's own (its board, its
decision controls, the words of its prompt), the replay's table, the card pictures and texts, how a
decision is named, what a your-turn email says about the position, the lobby's option fields, the how-to-
play page and, if the game has one, the guided first game (its deal, its bot and its coach). Its templates
live in ``templates/<slug>/`` and its static files in ``static/<slug>/`` inside the package, which is a
Django app of its own (one line in INSTALLED_APPS).

The generic pages (the table page, the replay, the history, the lobby, how to play, the lesson, the
notifications) reach a game only through ``for_game(game)``, which returns that package's
``PRESENTATION``: an instance of ``base.Presentation`` (the interface, with every method documented).
A page that needs ``if game == …`` is a sign that the interface lacks a method. docs/web.md, "The per-game
presentation", describes it.
"""

import importlib

import engine

from .base import Presentation, UnknownGame

__all__ = ["Presentation", "UnknownGame", "all_games", "for_game", "slug_of"]

_loaded = {}


def slug_of(game):
    """The slug of ``game``: a ``Game`` row (its ``game`` field) or a slug already."""
    if isinstance(game, str):
        return game
    return game.game or _default_game()


def for_game(game):
    """The presentation of ``game`` (a ``Game`` row or a slug); ``UnknownGame`` for a slug without one."""
    slug = slug_of(game)
    found = _loaded.get(slug)
    if found is None:
        if slug not in engine.GAMES:
            raise UnknownGame(slug)
        module = importlib.import_module(f"{__name__}.{slug}")
        found = _loaded[slug] = module.PRESENTATION
    return found


def all_games():
    """Every registered game's presentation: the site's first game first, then the engine's order."""
    first = _default_game()
    slugs = sorted(engine.GAMES, key=lambda slug: slug != first)
    return [for_game(slug) for slug in slugs]


def _default_game():
    """The site's first game (``games.DEFAULT_GAME``)."""
    from games import DEFAULT_GAME

    return DEFAULT_GAME
