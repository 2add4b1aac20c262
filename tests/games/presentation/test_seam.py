"""The seam between the site and its games: outside a game's own packages no file names its nouns.

Each game's nouns (lower case) come from its presentation package (``games.presentation.<slug>``'s
``nouns``) or, before it has one, from its engine package (``NOUNS``), so a third game brings its own list.
Outside ``engine/<slug>/`` and ``games/presentation/<slug>/`` (its templates and static files are inside)
no .py, .html or .js file may name them; tests, docs, translations and migrations may. A page that
needed to would be a sign that the presentation interface lacks a method (docs/web.md).
"""

import importlib
import re
from pathlib import Path

import pytest
from django.conf import settings

import engine
from games.presentation import Presentation, for_game

ROOT = Path(settings.BASE_DIR)
CHECKED = {".py", ".html", ".js"}
# Folders any game's nouns may appear in: tests, docs, translations, and what is not the project's code.
EXEMPT = {"tests", "docs", "locale", "migrations", ".venv", "staticfiles", "var", "node_modules", ".git"}


def nouns_of(slug):
    """The game's own nouns: its presentation's, else its engine package's ``NOUNS``."""
    try:
        importlib.import_module(f"games.presentation.{slug}")
    except ModuleNotFoundError:
        return tuple(getattr(engine.get(slug), "NOUNS", ()))
    return tuple(for_game(slug).nouns)


def own_folders(slug):
    return (ROOT / "engine" / slug, ROOT / "games" / "presentation" / slug)


def checked_files():
    for path in ROOT.rglob("*"):
        relative = path.relative_to(ROOT)
        if path.suffix in CHECKED and path.is_file() and not EXEMPT & set(relative.parts):
            yield path


def naming(nouns, paths, exempt):
    """{file: [nouns it names]} for the files of ``paths`` outside the ``exempt`` folders."""
    if not nouns:
        return {}
    pattern = re.compile("|".join(re.escape(noun) for noun in nouns), re.IGNORECASE)
    found = {}
    for path in paths:
        if any(folder in path.parents for folder in exempt):
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        named = sorted({m.group(0).lower() for m in pattern.finditer(text)})
        if named:
            found[str(path.relative_to(ROOT))] = named
    return found


def test_every_game_declares_its_nouns_and_has_a_presentation():
    for slug in engine.GAMES:
        nouns = nouns_of(slug)
        assert nouns, f"{slug}: no nouns declared (games/presentation/{slug}/ nouns, or engine/{slug} NOUNS)"
        assert all(noun == noun.lower() and noun.strip() for noun in nouns), slug
    for slug in engine.GAMES:
        try:
            presentation = for_game(slug)
        except ModuleNotFoundError:
            continue  # a game still being written: its nouns are checked all the same
        assert isinstance(presentation, Presentation) and presentation.slug == slug
        app = f"games.presentation.{slug}"
        assert app in settings.INSTALLED_APPS, f"{app} is not installed: its templates would not be found"


@pytest.mark.parametrize("slug", sorted(engine.GAMES))
def test_no_file_outside_the_games_own_packages_names_its_nouns(slug):
    found = naming(nouns_of(slug), list(checked_files()), own_folders(slug))
    assert found == {}, f"{slug}'s nouns outside its packages: {found}"


def test_the_check_finds_a_noun(tmp_path):
    """The check itself: a file naming a noun, in any case, is found; one in the game's folder is not."""
    mine, other = tmp_path / "mine", tmp_path / "other"
    mine.mkdir()
    other.mkdir()
    (mine / "ok.py").write_text("a Weaver is fine here")
    (other / "bad.html").write_text("<p>The COIN TOKEN pile</p>")
    (other / "fine.js").write_text("// nothing of the game")
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        found = naming(("weaver", "coin token"), [mine / "ok.py", other / "bad.html", other / "fine.js"], [mine])
    finally:
        ROOT = saved
    assert found == {"other/bad.html": ["coin token"]}
