"""The Django cache on Redis, made so that a Redis outage costs precision, never a request.

What the cache holds can be rebuilt or lost: engine state snapshots (replayed on a miss), history counts,
throttle counters and allauth's login-failure counters. When Redis does not answer, each operation falls
back to a small in-process cache instead of raising; the first failure is logged, and for
``OUTAGE_RETRY_SECONDS`` afterwards the following operations go straight to the fallback without trying
the connection again (so a Redis that hangs costs one connect timeout per process, not one per call).
While Redis is down, limits therefore count per process instead of site-wide: weaker by the number of
app processes, but a decision or a login never fails because Redis is down.

The backend is our own on redis-py (``RedisStore``), storing what Django's RedisCache stores, the same way,
so that it needs nothing of Django's but the public cache API (``BaseCache``).

Settings (``CACHES["default"]``): ``BACKEND = "guildhall_site.cache.ResilientRedisCache"``; ``OPTIONS`` are
redis-py's connection pool's (e.g. ``socket_connect_timeout``, ``socket_timeout``) plus
``OUTAGE_RETRY_SECONDS`` (default 5) and ``FALLBACK_MAX_ENTRIES`` (default 1000).
"""

import logging
import pickle
import threading
import time

import redis
from django.core.cache.backends.base import DEFAULT_TIMEOUT, BaseCache
from django.core.cache.backends.locmem import LocMemCache
from redis.exceptions import RedisError

from . import redis_batch

logger = logging.getLogger(__name__)

# Errors that mean "Redis did not answer" (connection refused or reset, timeouts, a server loading or
# read-only). Anything else (a bug of ours) is not hidden.
UNAVAILABLE = (RedisError, OSError)


class _Outage:
    """Whether Redis is considered down, shared by the threads of one process."""

    def __init__(self):
        self._lock = threading.Lock()
        self.retry_at = 0.0  # monotonic time of the next attempt; 0 while Redis answers

    def ongoing(self):
        return time.monotonic() < self.retry_at

    def begin(self, exc, retry_seconds):
        with self._lock:
            first = not self.retry_at
            self.retry_at = time.monotonic() + retry_seconds
        if first:
            logger.warning("Redis cache unreachable (%s): using the in-process cache until it answers", exc)

    def end(self):
        if not self.retry_at:  # the common case, without taking the lock
            return
        with self._lock:
            was_down, self.retry_at = bool(self.retry_at), 0.0
        if was_down:
            logger.warning("Redis cache answers again")


_outages = {}


class RedisStore:
    """The cache's operations on Redis, on redis-py's public API: what Django's RedisCacheClient does, with
    one client per process and server (Django's builds a new ``redis.Redis`` around the pool for every
    operation, which costs more CPU than a small GET itself; a client is safe to share between threads,
    each command borrowing a connection from the pool) and a ``set_many`` of one ``SET … EX`` per key.

    Values are stored as Django's RedisCache stores them: an ``int`` as itself (so that INCR works on it),
    anything else pickled."""

    def __init__(self, location, options):
        self.client = redis.Redis(connection_pool=redis.ConnectionPool.from_url(location, **options))

    @staticmethod
    def dumps(value):
        # Only an exact int: a bool is an int to isinstance, and must come back as a bool.
        return value if type(value) is int else pickle.dumps(value, pickle.HIGHEST_PROTOCOL)

    @staticmethod
    def loads(data):
        try:
            return int(data)
        except ValueError:
            return pickle.loads(data)

    def add(self, key, value, timeout):
        if timeout == 0:  # added and gone at once: say whether it could have been added
            added = bool(self.client.set(key, self.dumps(value), nx=True))
            if added:
                self.client.delete(key)
            return added
        return bool(self.client.set(key, self.dumps(value), ex=timeout, nx=True))

    def get(self, key, default):
        value = self.client.get(key)
        return default if value is None else self.loads(value)

    def set(self, key, value, timeout):
        if timeout == 0:
            self.client.delete(key)
        else:
            self.client.set(key, self.dumps(value), ex=timeout)

    def touch(self, key, timeout):
        if timeout is None:
            return bool(self.client.persist(key))
        return bool(self.client.expire(key, timeout))

    def delete(self, key):
        return bool(self.client.delete(key))

    def get_many(self, keys):
        values = self.client.mget(keys)
        return {key: self.loads(value) for key, value in zip(keys, values, strict=True) if value is not None}

    def has_key(self, key):
        return bool(self.client.exists(key))

    def incr(self, key, delta):
        if not self.client.exists(key):
            raise ValueError(f"Key '{key}' not found.")
        return self.client.incr(key, delta)

    def set_many(self, data, timeout):
        """One ``SET key value EX timeout`` per key in one round trip. Django's own sends MULTI, MSET,
        an EXPIRE per key and EXEC, twice the commands for the same result: each key is set with its
        expiry atomically either way, and no reader needs the keys of one call to appear together."""
        if timeout == 0:  # an expiry of 0 means "gone at once", as Django's EXPIRE 0 does
            self.client.delete(*data)
            return
        pipeline = self.client.pipeline(transaction=False)
        for key, value in data.items():
            pipeline.set(key, self.dumps(value), ex=timeout)
        pipeline.execute()

    def delete_many(self, keys):
        self.client.delete(*keys)

    def clear(self):
        return bool(self.client.flushdb())


# One store per process and server (Django makes a cache backend object per thread).
_stores = {}
_stores_lock = threading.Lock()


def _store(location, options):
    key = (location, tuple(sorted(options.items())))
    store = _stores.get(key)
    if store is None:
        with _stores_lock:
            store = _stores.setdefault(key, RedisStore(location, options))
    return store


class ResilientRedisCache(BaseCache):
    def __init__(self, server, params):
        params = dict(params)
        options = dict(params.get("OPTIONS") or {})
        self.outage_retry_seconds = float(options.pop("OUTAGE_RETRY_SECONDS", 5))
        fallback_entries = int(options.pop("FALLBACK_MAX_ENTRIES", 1000))
        params["OPTIONS"] = options
        super().__init__(params)
        # What is left of OPTIONS is redis-py's: the connection pool's (socket timeouts and the like).
        self._store = _store(server, options)
        self._fallback = LocMemCache(
            f"resilient-redis-fallback:{server}",
            {"TIMEOUT": params.get("TIMEOUT", 300), "OPTIONS": {"MAX_ENTRIES": fallback_entries}},
        )
        # Django gives each thread its own backend object; the outage is the process's knowledge.
        self._outage = _outages.setdefault(str(server), _Outage())

    @property
    def redis_client(self):
        """The redis-py client the cache uses (shared by the process's threads)."""
        return self._store.client

    def get_backend_timeout(self, timeout=DEFAULT_TIMEOUT):
        """Seconds for Redis's EX: None keeps the key for ever, 0 or less removes it (as Django's)."""
        if timeout == DEFAULT_TIMEOUT:
            timeout = self.default_timeout
        return None if timeout is None else max(0, int(timeout))

    # --- the switch -------------------------------------------------------------------------------

    @property
    def redis_down(self):
        return self._outage.ongoing()

    def _run(self, name, on_redis, *args):
        """``on_redis()`` (the operation on Redis), or the fallback's ``name(*args)`` while Redis does not
        answer."""
        if self._outage.ongoing():
            result = getattr(self._fallback, name)(*args)
            self.fell_back(name)
            return result
        try:
            result = on_redis()
        except UNAVAILABLE as exc:
            self._outage.begin(exc, self.outage_retry_seconds)
            result = getattr(self._fallback, name)(*args)
            self.fell_back(name)
            return result
        self._outage.end()
        return result

    def fell_back(self, operation):
        """Called after the in-process fallback served ``operation`` (Redis did not answer): for a subclass
        that counts them (ops.cache). Every way to the fallback passes here, the batched ``set_many``'s
        too."""

    # --- the cache API: each call through the switch -----------------------------------------------

    def _key(self, key, version):
        return self.make_and_validate_key(key, version=version)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        store = self._store
        return self._run(
            "add", lambda: store.add(self._key(key, version), value, self.get_backend_timeout(timeout)),
            key, value, timeout, version,
        )

    def get(self, key, default=None, version=None):
        return self._run("get", lambda: self._store.get(self._key(key, version), default), key, default, version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        store = self._store
        return self._run(
            "set", lambda: store.set(self._key(key, version), value, self.get_backend_timeout(timeout)),
            key, value, timeout, version,
        )

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        store = self._store
        return self._run(
            "touch", lambda: store.touch(self._key(key, version), self.get_backend_timeout(timeout)),
            key, timeout, version,
        )

    def delete(self, key, version=None):
        return self._run("delete", lambda: self._store.delete(self._key(key, version)), key, version)

    def get_many(self, keys, version=None):
        def on_redis():
            by_key = {self._key(key, version): key for key in keys}
            if not by_key:
                return {}
            found = self._store.get_many(list(by_key))
            return {by_key[k]: value for k, value in found.items()}

        return self._run("get_many", on_redis, keys, version)

    def has_key(self, key, version=None):
        return self._run("has_key", lambda: self._store.has_key(self._key(key, version)), key, version)

    def incr(self, key, delta=1, version=None):
        return self._run("incr", lambda: self._store.incr(self._key(key, version), delta), key, delta, version)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        if not data:
            return []
        batch = redis_batch.current()
        if batch is not None and not self._outage.ongoing():
            if self._queue_set_many(batch, data, timeout, version):
                return []

        def on_redis():
            self._store.set_many(
                {self._key(key, version): value for key, value in data.items()}, self.get_backend_timeout(timeout)
            )
            return []

        return self._run("set_many", on_redis, data, timeout, version)

    def _queue_set_many(self, batch, data, timeout, version):
        """Queue the ``SET``s of ``set_many`` in ``batch`` (guildhall_site.redis_batch), to go with the
        thread's other Redis writes; False when they cannot go there (then they are sent at once)."""
        expiry = self.get_backend_timeout(timeout)
        if expiry == 0:  # "gone at once" is a DELETE, not worth a batch
            return False
        store = self._store
        commands = [
            ("set", (self._key(key, version), store.dumps(value)), {"ex": expiry}) for key, value in data.items()
        ]

        def on_failure(exc):
            if not isinstance(exc, UNAVAILABLE):
                raise exc
            self._outage.begin(exc, self.outage_retry_seconds)
            self._fallback.set_many(data, timeout, version)
            self.fell_back("set_many")

        return batch.add(store.client, commands, on_failure, on_success=self._outage.end)

    def delete_many(self, keys, version=None):
        def on_redis():
            if keys:
                self._store.delete_many([self._key(key, version) for key in keys])

        return self._run("delete_many", on_redis, keys, version)

    def clear(self):
        self._fallback.clear()
        return self._run("clear", self._store.clear)
