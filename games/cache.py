"""Snapshots of engine states in the Django cache (Redis when REDIS_URL is set, in-process otherwise).

A snapshot is keyed by (game, seq, engine version) plus a prefix of the game's seed commitment, so a
key can only ever name one state: the log is append-only, and the commitment tells apart two games
that reused an id (possible on SQLite after a rollback). Correctness never depends on the cache: a miss
or an unreachable cache server means a replay of the log, nothing else.

A snapshot carries no log events (what each entry caused, which only the log in words needs): they grow
with the log, and pickling them made every decision of a long game slower. Each entry's events are cached
under a key of their own instead, written with the snapshot of that entry's seq; ``load_state`` with
``events_after`` puts the ones asked for back (replaying the log when any is missing).
"""

import logging
import threading
from collections import OrderedDict

from django.core.cache import cache
from django.db import transaction

from .models import LogEntry
from .rules import options_of, rules_of

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


def _version(game):
    """The game's engine and the layout of its pickled states: a state pickled by another engine (another
    game's, or an older one of this game's) is never read."""
    rules = rules_of(game)
    return f"{rules.NAME}.{rules.ENGINE_VERSION}.{rules.STATE_FORMAT}"


def state_key(game, seq):
    return f"state:{game.pk}:{seq}:{_version(game)}:{game.seed_commitment[:16]}"


def events_key(game, seq):
    """The events of log entry ``seq`` (as the rules' ``describe`` reads them); like a snapshot's key, it
    can only ever name one entry's events."""
    return f"events:{game.pk}:{seq}:{_version(game)}:{game.seed_commitment[:16]}"


def cached(key):
    """What the shared cache holds under ``key`` (a snapshot or an entry's events), or None (for checks:
    ``manage.py replay_games`` compares the cached snapshots with the replay)."""
    return _cache_get(key)


def _cache_get(key):
    try:
        return cache.get(key)
    except Exception:  # the cache is an optimisation: a broken one must not stop play
        logger.warning("state cache unreachable on get", exc_info=True)
        return None


def _cache_set_many(values):
    try:
        cache.set_many(values)
    except Exception:
        logger.warning("state cache unreachable on set", exc_info=True)


def _cache_get_many(keys):
    try:
        return cache.get_many(keys)
    except Exception:
        logger.warning("state cache unreachable on get", exc_info=True)
        return {}


def replay(game, upto=None, validate=False):
    """Replay the stored log of ``game`` (up to entry ``upto``, default all) through its rules;
    ``validate`` re-checks every entry (audits: raises engine.IllegalDecision naming the entry)."""
    log = LogEntry.objects.for_engine(game.pk, upto)
    return rules_of(game).replay(
        game.num_seats, game.seed, options_of(game), log, version=game.engine_version, validate=validate
    )


def load_state(game, events_after=None):
    """The engine state of ``game`` at ``game.seq``: from the cache, or replayed (and then cached).

    Its ``events`` hold only what the rules' ``apply`` adds from now on, unless ``events_after`` is given:
    then the events of entries ``events_after + 1 .. game.seq`` are there too (at their seq), for
    the rules' ``describe``. The caller owns the returned object and may mutate it (e.g. by the rules' ``apply``).
    """
    state = _load_without_events(game)
    if events_after is not None and state.seq == game.seq:
        _attach_events(game, state, max(0, events_after))
    return state


def cached_state(game):
    """The snapshot of ``game`` at ``game.seq`` from either cache (without events), or None: never a
    replay. For a caller that judges the seq a client saw before knowing that the log is there."""
    key = state_key(game, game.seq)
    state = _local_get(key)
    if state is not None:
        return state
    state = _cache_get(key)
    if state is not None and state.seq == game.seq:
        state.events = []  # a snapshot stored before snapshots left their events out
        _local_put(key, state.clone())
        return state
    return None


def _load_without_events(game):
    state = cached_state(game)
    if state is not None:
        return state
    # The log up to the row's seq only: a reader that is not holding the row lock may find entries a
    # decision committed after the row was read, and must describe the game as the row says.
    state = replay(game, upto=game.seq)
    if state.seq != game.seq:
        # The log and the game row disagree; never cache that, let the caller see it.
        logger.error("game %s: log has %s entries, game row says %s", game.pk, state.seq, game.seq)
        return state
    if not transaction.get_autocommit():
        # The replay saw what this transaction sees, its own uncommitted entries included: cached only
        # if they commit, or a rollback would leave a state under a seq that another entry then takes.
        cached = state.clone()
        transaction.on_commit(lambda: _store(game, cached, every_entry=True, owned=True))
    else:
        _store(game, state, every_entry=True)
    state.events = []
    return state


def _attach_events(game, state, after):
    """Give ``state`` (at ``game.seq``, without events) the events of entries ``after + 1 .. seq``, from
    the cache or, when any is missing, from a replay (whose events are then cached)."""
    seqs = range(after + 1, state.seq + 1)
    keys = [events_key(game, seq) for seq in seqs]
    found = _cache_get_many(keys) if keys else {}
    events = [[] for _ in range(state.seq + 1)]
    if len(found) == len(keys):
        for seq, key in zip(seqs, keys, strict=True):
            events[seq] = found[key]
    else:
        replayed = replay(game, upto=game.seq)
        if replayed.seq != state.seq:
            logger.error("game %s: log has %s entries, game row says %s", game.pk, replayed.seq, game.seq)
        else:
            events = replayed.events
            values = {events_key(game, seq): events[seq] for seq in seqs}
            # As for a replayed snapshot: what an uncommitted entry caused is cached only once it commits.
            if not transaction.get_autocommit():
                transaction.on_commit(lambda: _cache_set_many(values))
            else:
                _cache_set_many(values)
    state.events = events


def store_state(game, state, on_commit=False):
    """Cache ``state`` as the snapshot of ``game`` at ``state.seq``, and the events of its last entry.

    With ``on_commit``, only once the surrounding transaction commits: a state derived from an entry
    that is later rolled back must never be cached under that entry's seq.
    """
    if on_commit:
        private = state.clone(with_events=False)  # the caller may go on mutating ``state``
        last_events = state.events[-1] if state.seq and state.events else None
        transaction.on_commit(lambda: _store(game, private, last_events=last_events, owned=True))
    else:
        _store(game, state, last_events=state.events[-1] if state.seq and state.events else None)


def _store(game, state, last_events=None, every_entry=False, owned=False):
    """Put the snapshot (without events) in both caches, with the events of the last entry, or with those
    of every entry (``state`` fresh from a replay). ``owned``: ``state`` is a copy nobody else holds, kept
    as it is (its events are taken out) instead of copied once more."""
    key = state_key(game, state.seq)
    values = {}
    if every_entry:
        values.update({events_key(game, seq): state.events[seq] for seq in range(1, state.seq + 1)})
    elif last_events is not None:
        values[events_key(game, state.seq)] = last_events
    if owned:
        private = state
        private.events = []
    else:
        private = state.clone(with_events=False)
    values[key] = private
    _local_put(key, private)
    _cache_set_many(values)
