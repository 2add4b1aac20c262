"""The state cache: snapshots keyed by (game, seq, engine version); correctness never depends on it."""

import pytest
from django.core.cache import cache
from django.db import transaction
from django.test import TestCase

import engine
from games import cache as state_cache
from games import services
from games.models import Game

from .helpers import choose, play, started_game

GUILDHALL = engine.get("guildhall")

pytestmark = pytest.mark.django_db


def without_events(state):
    """What a snapshot holds: the state without the log's events (cached per entry instead)."""
    return state.clone(with_events=False)


def test_snapshot_is_stored_after_commit_and_equals_replay(make_user, django_capture_on_commit_callbacks):
    game = started_game([make_user(), make_user()])
    play(game, 4)
    game.refresh_from_db()
    seat, decision = choose(game)
    key = state_cache.state_key(game, game.seq + 1)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        services.submit_decision(game.pk, seat.user, game.seq, decision)
        assert cache.get(key) is None and state_cache._local_get(key) is None  # nothing before the commit
    for callback in callbacks:
        callback()
    game.refresh_from_db()
    cached = cache.get(key)
    assert cached is not None and cached.seq == game.seq == 5
    assert cached == without_events(state_cache.replay(game))
    assert cached.events == []  # each entry's events have keys of their own
    assert cache.get(state_cache.events_key(game, 5)) == state_cache.replay(game).events[5]
    assert GUILDHALL.ENGINE_VERSION in key and str(game.pk) in key


def test_load_state_on_a_miss_replays(make_user):
    game = started_game([make_user(), make_user()])
    play(game, 6)
    game.refresh_from_db()
    cache.delete(state_cache.state_key(game, game.seq))
    state_cache.clear_local()
    # The test runs in a transaction: the replay is cached when it commits.
    with TestCase.captureOnCommitCallbacks(execute=True):
        assert state_cache.load_state(game) == without_events(state_cache.replay(game))
    assert cache.get(state_cache.state_key(game, game.seq)) is not None  # and caches the replay


def test_a_replay_that_saw_uncommitted_entries_is_not_cached_when_they_roll_back(make_user):
    """A transaction appends, then replays (the snapshot it stored waits for its commit), then rolls back:
    neither the state nor the events of the seq that never committed may stay in a cache, or the entry
    that takes that seq later would be served the wrong state."""
    game = started_game([make_user(), make_user()])
    play(game, 4)
    game.refresh_from_db()
    seq = game.seq
    with pytest.raises(RuntimeError), transaction.atomic():
        seat, decision = choose(game)
        services.submit_decision(game.pk, seat.user, seq, decision)
        game.refresh_from_db()
        state_cache.clear_local()
        assert state_cache.load_state(game, events_after=0).seq == seq + 1  # a replay of the uncommitted entry
        raise RuntimeError("the transaction fails")
    game.refresh_from_db()
    assert game.seq == seq
    assert cache.get(state_cache.state_key(game, seq + 1)) is None
    assert cache.get(state_cache.events_key(game, seq + 1)) is None
    state_cache.clear_local()
    assert state_cache.load_state(game).seq == seq


def test_loaded_states_are_independent_copies(make_user):
    game = started_game([make_user(), make_user()])
    play(game, 3)
    game.refresh_from_db()
    first = state_cache.load_state(game)  # from the process-local copy or the shared cache
    seat = GUILDHALL.pending_player(first)
    GUILDHALL.apply(first, seat, GUILDHALL.legal_decisions(first, seat)[0])  # mutate the caller's copy
    again = state_cache.load_state(game)
    assert again.seq == game.seq == 3 and again == without_events(state_cache.replay(game))
    state_cache.clear_local()
    assert state_cache.load_state(game) == again  # the shared cache holds the same state


def test_keys_differ_by_game_seq_and_seed(make_user):
    a = started_game([make_user(), make_user()])
    b = Game(pk=a.pk, seed_commitment="f" * 64)
    assert state_cache.state_key(a, 3) != state_cache.state_key(a, 4)
    assert state_cache.state_key(a, 3) != state_cache.state_key(b, 3)


def test_play_goes_on_with_the_cache_server_down(make_user, settings):
    state_cache.clear_local()
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": "redis://127.0.0.1:1/0"}
    }
    game = started_game([make_user(), make_user()])
    play(game, 5)
    game.refresh_from_db()
    assert game.seq == 5 and state_cache.load_state(game).seq == 5


@pytest.mark.redis
def test_snapshots_live_in_redis(make_user, django_capture_on_commit_callbacks):
    import redis
    from django.conf import settings as django_settings

    assert "RedisCache" in django_settings.CACHES["default"]["BACKEND"]
    game = started_game([make_user(), make_user()])
    seat, decision = choose(game)
    with django_capture_on_commit_callbacks(execute=True):
        services.submit_decision(game.pk, seat.user, 0, decision)
    key = cache.make_and_validate_key(state_cache.state_key(game, 1))
    client = redis.Redis.from_url(django_settings.REDIS_URL)
    assert client.exists(key) == 1
    game.refresh_from_db()
    assert cache.get(state_cache.state_key(game, 1)) == without_events(state_cache.replay(game))


def test_events_asked_for_are_those_of_the_replay(make_user):
    game = started_game([make_user(), make_user()])
    play(game, 12)
    game.refresh_from_db()
    replayed = state_cache.replay(game)
    state = state_cache.load_state(game, events_after=4)
    assert [state.events[s] for s in range(5, 13)] == replayed.events[5:13]
    assert state.clone(with_events=False) == without_events(replayed)
    assert [GUILDHALL.describe(state, s, 0, ["a", "b"]) for s in range(5, 13)] == [
        GUILDHALL.describe(replayed, s, 0, ["a", "b"]) for s in range(5, 13)
    ]


def test_a_lost_entry_events_key_means_a_replay_that_caches_them_again(make_user):
    game = started_game([make_user(), make_user()])
    play(game, 8)
    game.refresh_from_db()
    cache.delete(state_cache.events_key(game, 3))
    with TestCase.captureOnCommitCallbacks(execute=True):  # cached when the (test's) transaction commits
        state = state_cache.load_state(game, events_after=0)
    assert state.events[1:] == state_cache.replay(game).events[1:]
    assert cache.get(state_cache.events_key(game, 3)) == state.events[3]


def test_the_snapshot_does_not_grow_with_the_log(make_user):
    import pickle

    game = started_game([make_user(), make_user()])
    play(game, 2)
    game.refresh_from_db()
    short = len(pickle.dumps(cache.get(state_cache.state_key(game, game.seq))))
    play(game, 40)
    game.refresh_from_db()
    long = len(pickle.dumps(cache.get(state_cache.state_key(game, game.seq))))
    full = len(pickle.dumps(state_cache.replay(game)))
    assert long < full and long < 3 * short
