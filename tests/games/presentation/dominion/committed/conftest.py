"""These tests commit (the sockets and the tournament's hooks act after real commits): the append-only
tables are reset after each the way the live socket tests do it (tests/games/live/conftest.py)."""

from tests.games.live.conftest import pytest_runtest_teardown  # noqa: F401  (a pytest hook, by its name)
