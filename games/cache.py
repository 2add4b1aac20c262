"""Snapshots of engine states in the Django cache (Redis when REDIS_URL is set, in-process otherwise).

A snapshot is keyed by (game, seq, engine version) plus a prefix of the game's seed commitment, so a
key can only ever name one state: the log is append-only, and the commitment tells apart two games
that reused an id (possible on SQLite after a rollback). Correctness never depends on the cache: a miss
or an unreachable cache server means a replay of the log, nothing else.
"""

import logging
import threading
from collections import OrderedDict

from django.core.cache import cache
from django.db import transaction

import engine

from .models import LogEntry

logger = logging.getLogger(__name__)


# A small per-process LRU in front of the shared cache: a hit skips the network round trip and the
# unpickling (which grows with the log). Safe for the same reason the shared cache is: a key names one
# state forever. Entries are private copies; callers always get a clone.
LOCAL_MAX_ENTRIES = 64
_local = OrderedDict()
_local_lock = threading.Lock()


def _local_get(key):
    with _local_lock:
        state = _local.get(key)
        if state is None:
            return None
        _local.move_to_end(key)
    return state.clone()


def _local_put(key, state):
    with _local_lock:
        _local[key] = state
        _local.move_to_end(key)
        while len(_local) > LOCAL_MAX_ENTRIES:
            _local.popitem(last=False)


def clear_local():
    with _local_lock:
        _local.clear()


def state_key(game, seq):
    version = f"{engine.ENGINE_VERSION}.{engine.STATE_FORMAT}"
    return f"state:{game.pk}:{seq}:{version}:{game.seed_commitment[:16]}"


def _cache_get(key):
    try:
        return cache.get(key)
    except Exception:  # the cache is an optimisation: a broken one must not stop play
        logger.warning("state cache unreachable on get", exc_info=True)
        return None


def _cache_set(key, state):
    try:
        cache.set(key, state)
    except Exception:
        logger.warning("state cache unreachable on set", exc_info=True)


def replay(game, upto=None, validate=False):
    """Replay the stored log of ``game`` (up to entry ``upto``, default all) through the engine;
    ``validate`` re-checks every entry (audits: raises engine.IllegalDecision naming the entry)."""
    log = LogEntry.objects.for_engine(game.pk, upto)
    return engine.replay(game.num_seats, game.seed, game.mode, log, validate=validate, version=game.engine_version)


def load_state(game):
    """The engine state of ``game`` at ``game.seq``: from the cache, or replayed (and then cached).

    The caller owns the returned object and may mutate it (e.g. by ``engine.apply``).
    """
    key = state_key(game, game.seq)
    state = _local_get(key)
    if state is not None:
        return state
    state = _cache_get(key)
    if state is not None and state.seq == game.seq:
        _local_put(key, state.clone())
        return state
    state = replay(game)
    if state.seq != game.seq:
        # The log and the game row disagree; never cache that, let the caller see it.
        logger.error("game %s: log has %s entries, game row says %s", game.pk, state.seq, game.seq)
        return state
    store_state(game, state)
    return state


def store_state(game, state, on_commit=False):
    """Cache ``state`` as the snapshot of ``game`` at ``state.seq``.

    With ``on_commit``, only once the surrounding transaction commits: a state derived from an entry
    that is later rolled back must never be cached under that entry's seq.
    """
    key = state_key(game, state.seq)
    private = state.clone()  # the caller may go on mutating ``state``

    def store():
        _local_put(key, private)
        _cache_set(key, private)

    if on_commit:
        transaction.on_commit(store)
    else:
        store()
