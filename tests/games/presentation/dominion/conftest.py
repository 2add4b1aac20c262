"""The scenarios replay fixed seeds (scenarios.py), and a test database hands out the same game ids again
after a rollback: the state snapshots this process keeps must not outlive a test (the shared cache is
cleared for every test by tests/conftest.py)."""

import pytest

from games import cache as state_cache


@pytest.fixture(autouse=True)
def _fresh_local_snapshots():
    state_cache.clear_local()
    yield
    state_cache.clear_local()
