"""Publishing a move to the live pages on the Redis pub/sub layer: the messages PUBLISHed directly from
the caller's thread are the ones the layer's own subscribers read, and when Redis cannot be reached that
way they still go out through the layer."""

import asyncio

import pytest
import redis
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from games.live import publish
from games.live.groups import game_group, user_group
from tests.parallel import with_database

pytestmark = pytest.mark.redis

TIMEOUT = 5


def _heard(layer, groups, publishing, count):
    """What a subscriber of ``groups`` on ``layer`` reads after ``publishing()`` (run from another thread,
    as a request's after-commit work is): ``count`` messages, in order. One event loop throughout: the
    pub/sub layer subscribes per loop."""

    async def scenario():
        channel = await layer.new_channel()
        for group in groups:
            await layer.group_add(group, channel)
        await asyncio.to_thread(publishing)
        return [await asyncio.wait_for(layer.receive(channel), TIMEOUT) for _ in range(count)]

    return async_to_sync(scenario)()


def test_a_move_published_directly_is_read_by_the_layer_s_subscribers():
    layer = get_channel_layer()
    publisher = publish._direct_publisher(layer)
    assert isinstance(publisher, publish.DirectPublisher)  # REDIS_URL: the pub/sub layer of one server
    game_id, user_id = 987654, 876543
    heard = _heard(
        layer,
        [game_group(game_id), user_group(user_id)],
        lambda: publish.game_moved(game_id, 12, "active", user_ids=[user_id, user_id]),
        count=2,
    )
    # The header's message once, though the person is named twice.
    assert heard == [{"type": "game.moved", "game": game_id, "seq": 12, "status": "active"}, {"type": "games.changed"}]
    assert publisher._failed_at is None


def test_with_redis_unreachable_directly_the_move_still_goes_out_through_the_layer(monkeypatch):
    layer = get_channel_layer()
    publisher = publish._direct_publisher(layer)
    monkeypatch.setattr(publisher, "_failed_at", None)  # put back afterwards: later tests publish directly
    # A port nobody listens on, with the publisher's own options: the direct PUBLISH is refused.
    monkeypatch.setattr(publisher, "client", redis.Redis.from_url("redis://127.0.0.1:1", **publisher.client_options))
    game_id = 987655
    heard = _heard(layer, [game_group(game_id)], lambda: publish.game_moved(game_id, 3, "finished"), count=1)

    assert heard == [{"type": "game.moved", "game": game_id, "seq": 3, "status": "finished"}]
    assert publisher._failed_at is not None  # and for a while the layer's way is taken without trying
    assert publisher.send([(game_group(game_id), {"type": "games.changed"})]) is False


@pytest.mark.parametrize(
    "hosts",
    [
        [{"master_name": "guildhall", "sentinels": [("127.0.0.1", 26379)]}],  # Sentinel finds its server
        ["redis://127.0.0.1:6379/0", "redis://127.0.0.1:6380/0"],  # shards: a group's server by its name
    ],
)
def test_layers_a_direct_publish_cannot_follow_are_left_their_own_way(hosts):
    from channels_redis.pubsub import RedisPubSubChannelLayer

    assert publish._direct_publisher(RedisPubSubChannelLayer(hosts=hosts, prefix="guildhall-live")) is None


def test_sites_on_other_databases_of_one_redis_server_do_not_hear_each_other_s_moves(settings):
    """Pub/sub ignores the database number: the prefix carries it (a staging beside production, or two
    test processes, on one server)."""
    from channels_redis.pubsub import RedisPubSubChannelLayer

    from guildhall_site.settings import live_prefix as _live_prefix

    url = settings.REDIS_URL
    assert _live_prefix(with_database(url, 0)) == "guildhall-live" == _live_prefix("redis://127.0.0.1:6379")
    here_url, there_url = with_database(url, 4), with_database(url, 5)  # a PUBLISH is heard from any database
    here = RedisPubSubChannelLayer(hosts=[here_url], prefix=_live_prefix(here_url))
    there = RedisPubSubChannelLayer(hosts=[there_url], prefix=_live_prefix(there_url))
    game_id = 987656

    async def scenario():
        channel = await here.new_channel()
        await here.group_add(game_group(game_id), channel)
        await there.group_send(game_group(game_id), {"type": "game.moved", "game": game_id, "seq": 1})
        await here.group_send(game_group(game_id), {"type": "game.moved", "game": game_id, "seq": 2})
        first = await asyncio.wait_for(here.receive(channel), TIMEOUT)
        await here.flush()
        await there.flush()
        return first

    assert async_to_sync(scenario)()["seq"] == 2  # its own site's move, not the other's
