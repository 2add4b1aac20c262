import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Leaderboard totals are cached for a minute: each test starts from an empty cache."""
    cache.clear()
    yield
    cache.clear()
