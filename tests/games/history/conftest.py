import pytest


@pytest.fixture(autouse=True)
def _fresh_cache():
    """The history caches totals for a minute and summaries for good; each test starts without them
    (the test database is rolled back between tests, the cache is not)."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()
