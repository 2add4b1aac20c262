"""A decision's Redis writes in one round trip (guildhall_site.redis_batch): the state's snapshot and the
live pages' message go together when cache and channel layer share a server, each its own way when they
do not, and when the shared round trip fails each writer's fallback still delivers (the snapshot to the
in-process cache, the message through the channel layer)."""

import asyncio

import pytest
import redis
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.core.cache import caches

from games.live import publish
from games.live.groups import game_group
from guildhall_site import cache as resilient
from guildhall_site import redis_batch
from tests.parallel import key_prefix, unused_database, with_database

pytestmark = pytest.mark.redis

TIMEOUT = 5


def _cache_at(settings, url, name):
    settings.CACHES = {
        **settings.CACHES,
        name: {
            "BACKEND": "guildhall_site.cache.ResilientRedisCache",
            "LOCATION": url,
            "KEY_PREFIX": key_prefix("round-trip-test"),
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5, "OUTAGE_RETRY_SECONDS": 30},
        },
    }
    resilient._outages.pop(url, None)
    return caches[name]


def _heard(layer, group, writing):
    """The message a subscriber of ``group`` reads after ``writing()`` ran in another thread (as a
    request's work does), and what ``writing`` returned."""

    async def scenario():
        channel = await layer.new_channel()
        await layer.group_add(group, channel)
        returned = await asyncio.to_thread(writing)
        return await asyncio.wait_for(layer.receive(channel), TIMEOUT), returned

    return async_to_sync(scenario)()


def test_on_one_server_the_snapshot_and_the_message_go_in_one_pipeline(settings, round_trips):
    layer = get_channel_layer()
    publisher = publish._direct_publisher(layer)
    cache = _cache_at(settings, settings.REDIS_URL, "shared")
    cache.delete("snapshot-987700")
    game_id = 987700

    def decision():
        with redis_batch.batched():
            cache.set_many({"snapshot-987700": {"seq": 5}})
            publish.game_moved(game_id, 5, "active")
            # Queued, not sent: nothing of the two is in Redis before the block ends.
            before = cache.get("snapshot-987700"), len(round_trips)
        return before

    heard, before = _heard(layer, game_group(game_id), decision)
    assert before == (None, 0)
    assert heard == {"type": "game.moved", "game": game_id, "seq": 5, "status": "active"}
    assert cache.get("snapshot-987700") == {"seq": 5}
    # One pipeline: the snapshot's SET first, then the PUBLISH that tells the pages.
    assert round_trips == [["SET", "PUBLISH"]]
    assert publisher._failed_at is None


def test_on_two_servers_each_write_goes_its_own_way(settings, own_redis, round_trips):
    layer = get_channel_layer()  # on the machine's Redis; the cache on a server of the test's own
    cache = _cache_at(settings, own_redis.url, "elsewhere")
    game_id = 987701

    def decision():
        with redis_batch.batched():
            cache.set_many({"snapshot-987701": {"seq": 8}})
            publish.game_moved(game_id, 8, "active")

    heard, _ = _heard(layer, game_group(game_id), decision)
    assert heard["seq"] == 8
    assert redis.Redis.from_url(own_redis.url).exists(key_prefix("round-trip-test") + ":1:snapshot-987701")
    assert sorted(round_trips) == [["PUBLISH"], ["SET"]]


def test_when_the_shared_round_trip_fails_each_writer_falls_back(settings, own_redis, monkeypatch, round_trips):
    layer = get_channel_layer()
    publisher = publish._direct_publisher(layer)
    monkeypatch.setattr(publisher, "_failed_at", None)  # put back afterwards: later tests publish directly
    # Cache and publisher on one server, which dies just before the block sends: the pipeline fails.
    cache = _cache_at(settings, own_redis.url, "dying")
    monkeypatch.setattr(publisher, "client", redis.Redis.from_url(own_redis.url, **publisher.client_options))
    game_id = 987702

    def decision():
        with redis_batch.batched():
            cache.set_many({"snapshot-987702": {"seq": 9}})
            publish.game_moved(game_id, 9, "finished")
            own_redis.stop()

    heard, _ = _heard(layer, game_group(game_id), decision)
    assert round_trips == [["SET", "PUBLISH"]]
    # The message went through the channel layer (the machine's Redis), the snapshot to the fallback.
    assert heard == {"type": "game.moved", "game": game_id, "seq": 9, "status": "finished"}
    assert cache.redis_down and cache.get("snapshot-987702") == {"seq": 9}
    assert publisher._failed_at is not None


@pytest.mark.django_db(transaction=True)
def test_a_decision_through_the_api_writes_to_redis_once(make_user, api_client_for, round_trips):
    from tests.games.helpers import choose, started_game

    alice, bob = make_user(), make_user()
    game = started_game([alice, bob])
    kinds = set()
    while kinds != {"step", "another's turn"}:  # a decision of each path: the one statement, the lock
        seat, decision = choose(game)
        client = api_client_for(alice if seat.user_id == alice.pk else bob)
        round_trips.clear()
        response = client.post(
            f"/api/v1/games/{game.pk}/decisions/", {"expected_seq": game.seq, "decision": decision}, format="json"
        )
        assert response.status_code == 201, response.content
        # The new state's snapshot (and its entry's events), then the pages' message: one pipeline.
        assert len(round_trips) == 1 and round_trips[0][-1] == "PUBLISH" and "SET" in round_trips[0]
        game.refresh_from_db()
        kinds.add("step" if game.to_move_position == seat.position else "another's turn")


def test_the_snapshot_goes_to_the_cache_s_database_though_the_message_was_queued_first(settings, round_trips):
    layer = get_channel_layer()
    assert publish._direct_publisher(layer) is not None
    # The layer's server, another database of it: a PUBLISH is heard from any, a SET must go to the cache's.
    url = with_database(settings.REDIS_URL, unused_database(settings.REDIS_URL))  # no test process's own
    cache = _cache_at(settings, url, "other-db")
    cache.delete("snapshot-987703")  # that database is not emptied between runs
    game_id = 987703

    def decision():
        with redis_batch.batched():
            publish.game_moved(game_id, 4, "active")  # as in a decision: the receiver's message comes first
            cache.set_many({"snapshot-987703": {"seq": 4}})

    heard, _ = _heard(layer, game_group(game_id), decision)
    assert heard["seq"] == 4 and round_trips == [["SET", "PUBLISH"]]
    assert cache.get("snapshot-987703") == {"seq": 4}
    assert redis.Redis.from_url(url).exists(key_prefix("round-trip-test") + ":1:snapshot-987703")


def test_a_command_redis_refuses_fails_only_its_own_writer(settings, own_redis, monkeypatch):
    publisher = publish._direct_publisher(get_channel_layer())
    monkeypatch.setattr(publisher, "_failed_at", None)
    monkeypatch.setattr(publisher, "client", redis.Redis.from_url(own_redis.url, **publisher.client_options))
    cache = _cache_at(settings, own_redis.url, "full")
    server = redis.Redis.from_url(own_redis.url)
    listener = server.pubsub()
    listener.subscribe(publisher.channel_of(game_group(987704)))
    assert listener.get_message(timeout=TIMEOUT)["type"] == "subscribe"
    server.config_set("maxmemory-policy", "noeviction")
    server.config_set("maxmemory", 1)  # every SET is refused (OOM); a PUBLISH is not

    with redis_batch.batched():
        publish.game_moved(987704, 2, "active")
        cache.set_many({"snapshot-987704": {"seq": 2}})

    heard = listener.get_message(timeout=TIMEOUT)
    assert heard["type"] == "message" and publisher._failed_at is None  # sent once, directly
    assert listener.get_message(timeout=0.5) is None
    assert cache.redis_down and cache.get("snapshot-987704") == {"seq": 2}  # the in-process fallback


def test_a_batch_opened_inside_another_sends_the_outer_one_s_writes_first(settings, round_trips):
    cache = _cache_at(settings, settings.REDIS_URL, "nested")
    cache.delete_many(["outer-987705", "inner-987705", "later-987705"])
    with redis_batch.batched():
        cache.set_many({"outer-987705": 1})
        with redis_batch.batched():  # a bot's move made by a hook of the person's decision
            assert cache.get("outer-987705") == 1
            cache.set_many({"inner-987705": 2})
        assert cache.get("inner-987705") == 2
        cache.set_many({"later-987705": 3})
        assert cache.get("later-987705") is None
    assert cache.get("later-987705") == 3
    assert round_trips == [["SET"], ["SET"], ["SET"]]
