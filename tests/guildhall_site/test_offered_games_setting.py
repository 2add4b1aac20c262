"""OFFERED_GAMES: the games players may create, from the environment (slugs of engine.GAMES, comma-separated,
each with a rules version after a colon if one is chosen; every game at its newest by default); a slug or
a version the engine does not know, or no game at all, stops the site at its start with a message naming
the games it knows. Each case evaluates the settings in a subprocess."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

import engine

ROOT = Path(__file__).resolve().parents[2]


def offered(value):
    env = {k: v for k, v in os.environ.items() if k not in ("OFFERED_GAMES", "DJANGO_SETTINGS_MODULE")}
    if value is not None:
        env["OFFERED_GAMES"] = value
    code = "import django.conf as c; print(sorted(c.settings.OFFERED_GAMES.items()))"
    env["DJANGO_SETTINGS_MODULE"] = "guildhall_site.settings"
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("value, games", [
    (None, [(slug, None) for slug in sorted(engine.GAMES)]),
    ("guildhall", [("guildhall", None)]),
    (" guildhall:3 , dominion", [("dominion", None), ("guildhall", "3")]),
])
def test_the_games_offered_come_from_the_environment(value, games):
    result = offered(value)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == repr(games)


@pytest.mark.parametrize("value, message", [
    ("guildhall,chess", "OFFERED_GAMES: 'chess' is not one of "),
    ("guildhall:99", "OFFERED_GAMES: 'guildhall:99' is not one of "),
    (" , ", "OFFERED_GAMES must name one or more of "),
])
def test_a_game_or_version_the_engine_does_not_know_stops_the_site_with_a_clear_message(value, message):
    result = offered(value)
    assert result.returncode != 0
    assert f"ImproperlyConfigured: {message}{', '.join(engine.GAMES)}" in result.stderr
