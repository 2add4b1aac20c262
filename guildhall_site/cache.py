"""The Django cache on Redis, made so that a Redis outage costs precision, never a request.

What the cache holds can be rebuilt or lost: engine state snapshots (replayed on a miss), history counts,
throttle counters and allauth's login-failure counters. When Redis does not answer, each operation falls
back to a small in-process cache instead of raising; the first failure is logged, and for
``OUTAGE_RETRY_SECONDS`` afterwards the following operations go straight to the fallback without trying
the connection again (so a Redis that hangs costs one connect timeout per process, not one per call).
While Redis is down, limits therefore count per process instead of site-wide: weaker by the number of
app processes, but a decision or a login never fails because Redis is down.

Settings (``CACHES["default"]``): ``BACKEND = "guildhall_site.cache.ResilientRedisCache"``; ``OPTIONS`` are
those of Django's RedisCache (e.g. ``socket_connect_timeout``, ``socket_timeout``) plus
``OUTAGE_RETRY_SECONDS`` (default 5) and ``FALLBACK_MAX_ENTRIES`` (default 1000).
"""

import logging
import threading
import time

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
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


class ReusedClientRedisCacheClient(RedisCacheClient):
    """Django's client builds a new ``redis.Redis`` around the connection pool for every operation, and
    building one (its table of response callbacks) costs more CPU than a small GET itself. A client is
    safe to share between threads (each command borrows a connection from the pool), so keep one per pool."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client

    def set_many(self, data, timeout):
        """One ``SET key value EX timeout`` per key in one round trip. Django's own sends MULTI, MSET,
        an EXPIRE per key and EXEC, twice the commands for the same result: each key is set with its
        expiry atomically either way, and no reader needs the keys of one call to appear together."""
        client = self.get_client(None, write=True)
        if timeout == 0:  # an expiry of 0 means "gone at once", as Django's EXPIRE 0 does
            client.delete(*data)
            return
        pipeline = client.pipeline(transaction=False)
        for key, value in data.items():
            pipeline.set(key, self._serializer.dumps(value), ex=timeout)
        pipeline.execute()


class ResilientRedisCache(RedisCache):
    def __init__(self, server, params):
        params = dict(params)
        options = dict(params.get("OPTIONS") or {})
        self.outage_retry_seconds = float(options.pop("OUTAGE_RETRY_SECONDS", 5))
        fallback_entries = int(options.pop("FALLBACK_MAX_ENTRIES", 1000))
        params["OPTIONS"] = options
        super().__init__(server, params)
        self._class = ReusedClientRedisCacheClient
        self._fallback = LocMemCache(
            f"resilient-redis-fallback:{server}",
            {"TIMEOUT": params.get("TIMEOUT", 300), "OPTIONS": {"MAX_ENTRIES": fallback_entries}},
        )
        # Django gives each thread its own backend object; the outage is the process's knowledge.
        self._outage = _outages.setdefault(str(server), _Outage())

    # --- the switch -------------------------------------------------------------------------------

    @property
    def redis_down(self):
        return self._outage.ongoing()

    def _run(self, name, *args, **kwargs):
        if self._outage.ongoing():
            result = getattr(self._fallback, name)(*args, **kwargs)
            self.fell_back(name)
            return result
        try:
            result = getattr(super(), name)(*args, **kwargs)
        except UNAVAILABLE as exc:
            self._outage.begin(exc, self.outage_retry_seconds)
            result = getattr(self._fallback, name)(*args, **kwargs)
            self.fell_back(name)
            return result
        self._outage.end()
        return result

    def fell_back(self, operation):
        """Called after the in-process fallback served ``operation`` (Redis did not answer): for a subclass
        that counts them (ops.cache). Every way to the fallback passes here, the batched ``set_many``'s
        too."""

    # --- the cache API: each call through the switch -----------------------------------------------

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._run("add", key, value, timeout, version)

    def get(self, key, default=None, version=None):
        return self._run("get", key, default, version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._run("set", key, value, timeout, version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._run("touch", key, timeout, version)

    def delete(self, key, version=None):
        return self._run("delete", key, version)

    def get_many(self, keys, version=None):
        return self._run("get_many", keys, version)

    def has_key(self, key, version=None):
        return self._run("has_key", key, version)

    def incr(self, key, delta=1, version=None):
        return self._run("incr", key, delta, version)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        batch = redis_batch.current()
        if batch is not None and data and not self._outage.ongoing():
            if self._queue_set_many(batch, data, timeout, version):
                return []
        return self._run("set_many", data, timeout, version)

    def _queue_set_many(self, batch, data, timeout, version):
        """Queue the ``SET``s of ``set_many`` in ``batch`` (guildhall_site.redis_batch), to go with the
        thread's other Redis writes; False when they cannot go there (then they are sent at once)."""
        expiry = self.get_backend_timeout(timeout)
        if expiry == 0:  # "gone at once" is a DELETE, not worth a batch
            return False
        client = self._cache.get_client(None, write=True)
        serializer = self._cache._serializer
        commands = [
            ("set", (self.make_and_validate_key(key, version=version), serializer.dumps(value)), {"ex": expiry})
            for key, value in data.items()
        ]

        def on_failure(exc):
            if not isinstance(exc, UNAVAILABLE):
                raise exc
            self._outage.begin(exc, self.outage_retry_seconds)
            self._fallback.set_many(data, timeout, version)
            self.fell_back("set_many")

        return batch.add(client, commands, on_failure, on_success=self._outage.end)

    def delete_many(self, keys, version=None):
        return self._run("delete_many", keys, version)

    def clear(self):
        self._fallback.clear()
        return self._run("clear")
