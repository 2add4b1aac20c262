"""These tests commit (the sockets read the database from other threads): the one way of resetting the
append-only tables after such a test is the live socket tests' own (tests/games/live/conftest.py)."""

from tests.games.live.conftest import pytest_runtest_teardown  # noqa: F401  (a pytest hook, by its name)
