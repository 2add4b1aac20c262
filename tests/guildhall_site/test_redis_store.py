"""The site's Redis cache backend (guildhall_site.cache) is our own on redis-py, and stores what Django's
RedisCache stores, the same way: a release that switches backends reads the entries the other wrote, and
every operation answers as Django's does. Against a real Redis (REDIS_URL), under a key prefix of its own."""

import pytest
from django.conf import settings
from django.core.cache.backends.redis import RedisCache

from guildhall_site.cache import ResilientRedisCache
from tests.parallel import key_prefix

pytestmark = pytest.mark.redis

KEYS = ["int", "bool", "text", "state", "none", "counter", "added", "touched", "gone"]


@pytest.fixture
def caches():
    params = {"KEY_PREFIX": key_prefix("redis-store-test"), "TIMEOUT": 300}
    ours, django_s = ResilientRedisCache(settings.REDIS_URL, params), RedisCache(settings.REDIS_URL, params)
    ours.delete_many(KEYS)
    yield ours, django_s
    ours.delete_many(KEYS)


VALUES = {"int": 7, "bool": True, "text": "Fünf", "state": {"seq": 3, "hands": [[1, 2], []]}, "none": None}


@pytest.mark.parametrize("writer", ["ours", "django's"])
def test_each_reads_what_the_other_wrote(caches, writer):
    ours, django_s = caches
    write, read = (ours, django_s) if writer == "ours" else (django_s, ours)
    write.set_many(VALUES)
    assert read.get_many(list(VALUES)) == VALUES
    assert type(read.get("bool")) is bool and type(read.get("int")) is int
    assert read.get("missing", "default") == "default"


def test_every_operation_answers_as_django_s_does(caches):
    ours, django_s = caches
    answers = []
    for cache in (ours, django_s):
        cache.delete_many(KEYS)
        got = [
            cache.add("added", 1),
            cache.add("added", 2),  # there already
            cache.add("gone", 1, timeout=0),  # added and gone at once
            cache.has_key("gone"),
            cache.set("counter", 10),
            cache.incr("counter", 5),
            cache.decr("counter", 2),
            cache.get("counter"),
            cache.set("touched", "x", timeout=5),
            cache.touch("touched", timeout=None),
            cache.touch("missing"),
            cache.delete("touched"),
            cache.delete("touched"),
            cache.get_many([]),
            cache.set_many({}),
            cache.delete_many([]),
        ]
        with pytest.raises(ValueError):
            cache.incr("missing")
        answers.append(got)
    assert answers[0] == answers[1]
    assert answers[0][:8] == [True, False, True, False, None, 15, 13, 13]


def test_the_redis_client_is_shared_by_the_threads_of_a_process(caches):
    ours, _django_s = caches
    again = ResilientRedisCache(settings.REDIS_URL, {"KEY_PREFIX": key_prefix("redis-store-test"), "TIMEOUT": 300})
    assert again.redis_client is ours.redis_client
    assert ours.redis_client.ping() is True
