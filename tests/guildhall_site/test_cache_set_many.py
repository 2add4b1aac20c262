"""The Redis cache's ``set_many`` (one SET with its expiry per key, in one round trip) keeps Django's
meaning: every key readable, each with the expiry asked for, none with timeout=None, all gone with 0.
Against a real Redis (REDIS_URL), under a key prefix of its own."""

import pytest
from django.conf import settings

from guildhall_site.cache import ResilientRedisCache
from tests.parallel import key_prefix

pytestmark = pytest.mark.redis


@pytest.fixture
def redis_cache():
    cache = ResilientRedisCache(settings.REDIS_URL, {"KEY_PREFIX": key_prefix("set-many-test"), "TIMEOUT": 300})
    yield cache
    cache.delete_many(["a", "b", "c"])


def _ttl(cache, key):
    client = cache.redis_client
    return client.ttl(cache.make_and_validate_key(key))


def test_every_key_is_set_with_its_expiry(redis_cache):
    redis_cache.set_many({"a": {"state": [1, 2]}, "b": "events"}, timeout=120)
    assert redis_cache.get_many(["a", "b"]) == {"a": {"state": [1, 2]}, "b": "events"}
    assert 110 <= _ttl(redis_cache, "a") <= 120 and 110 <= _ttl(redis_cache, "b") <= 120


def test_the_default_timeout_applies_and_none_means_no_expiry(redis_cache):
    redis_cache.set_many({"a": 1})
    assert 290 <= _ttl(redis_cache, "a") <= 300
    redis_cache.set_many({"c": 3}, timeout=None)
    assert redis_cache.get("c") == 3 and _ttl(redis_cache, "c") == -1  # -1: no expiry


def test_timeout_zero_removes_the_keys(redis_cache):
    redis_cache.set_many({"a": 1, "b": 2})
    redis_cache.set_many({"a": 10, "b": 20}, timeout=0)
    assert redis_cache.get_many(["a", "b"]) == {}
