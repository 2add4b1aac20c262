"""Telling the sockets. Called after a commit (never inside a transaction: a rolled-back move must not
be announced), from an app server's request or a Celery worker (bots, the clock); through the channel
layer, so a socket held by any app server hears it.

A message is the game's seq and status, the id of a new chat message (never its text), or "your header
changed": nothing a spectator may not know.

On the Redis pub/sub layer of one server (production, the cluster, the benchmark) a decision's messages
are PUBLISHed from the caller's thread, in one round trip with a short timeout, under the same channel
names and serializer as the layer's own ``group_send``: the asyncio client and the hop to an event loop
cost the app server several times that CPU for every decision. After a failure, publishing goes the
layer's own way (an event loop) for a few seconds rather than make each decision wait on a dead server.
Any other layer (the in-memory one of `make run`, Redis shards) gets its messages through an event loop:
the ASGI server's own when called from one of its request threads, otherwise one loop thread per
process, started on first use. A lost message costs a page its live update, not the game: the page's
fallback poll catches up.
"""

import asyncio
import logging
import os
import threading
import time

import redis
from asgiref.sync import SyncToAsync
from channels.layers import get_channel_layer
from django.conf import settings
from django.core.cache import cache
from redis.backoff import NoBackoff
from redis.retry import Retry

from guildhall_site import redis_batch

from .groups import game_group, presence_key, user_group

logger = logging.getLogger(__name__)


def game_moved(game_id, seq, status, user_ids=()):
    """Game ``game_id`` is now at ``seq`` with ``status``; ``user_ids``: people whose header (games waiting
    for them) may have changed."""
    _publish(_messages(game_id, seq, status, sorted(set(user_ids))), f"game {game_id} at seq {seq}")


def chat_posted(game_id, message_id):
    """Message ``message_id`` was written in the chat of game ``game_id``: its pages fetch what is new
    through the chat's own view (which leaves out what the reader muted or blocked). The id only, never
    the text."""
    message = {"type": "chat.posted", "game": int(game_id), "id": int(message_id)}
    _publish([(game_group(game_id), message)], f"chat {message_id} of game {game_id}")


def account_changed(user_id):
    """Something of user ``user_id``'s account changed that may end their sessions (a suspension, a
    deletion, a new password): each of their sockets checks at once that its session still stands, and
    closes if not."""
    _publish([(user_group(user_id), {"type": "account.changed"})], f"the account of user {user_id}")


def badge_changed(user_ids):
    """The header of each of ``user_ids`` may show something new (an invitation, a private message, a game
    waiting): their pages fetch it again."""
    messages = [(user_group(user_id), {"type": "games.changed"}) for user_id in sorted(set(user_ids))]
    if messages:
        _publish(messages, f"the header of {len(messages)} people")


def _publish(messages, what):
    layer = get_channel_layer()
    if layer is None:
        return
    publisher = _direct_publisher(layer)

    def otherwise():
        _through_layer(layer, messages, what)

    if publisher is not None and publisher.send(messages, otherwise=otherwise):
        return
    otherwise()


def _through_layer(layer, messages, what):
    """The layer's own way: its ``group_send`` on an event loop."""
    try:
        future = asyncio.run_coroutine_threadsafe(_send(layer, messages), _event_loop())
    except Exception:
        logger.warning("could not publish %s to the live pages", what, exc_info=True)
        return
    future.add_done_callback(lambda done: _log_failure(done, what))


def _messages(game_id, seq, status, user_ids):
    """(group, message) pairs: the game's pages, then the header of each person in ``user_ids``."""
    moved = {"type": "game.moved", "game": game_id, "seq": seq, "status": status}
    return [(game_group(game_id), moved), *((user_group(user_id), {"type": "games.changed"}) for user_id in user_ids)]


async def _send(layer, messages):
    for group, message in messages:
        await layer.group_send(group, message)


class DirectPublisher:
    """PUBLISH a ``RedisPubSubChannelLayer``'s group messages from the caller's thread, as the layer's own
    ``group_send`` would (its channel name of a group, its serializer), all of them in one round trip."""

    TIMEOUT_SECONDS = 0.5
    OUTAGE_SECONDS = 5.0

    def __init__(self, layer, host):
        # The layer's configuration as channels-redis reads it (its keyword arguments, one host entry: a
        # URL with options beside it, or the connection's own keywords). No retries: a decision that has
        # committed must not wait on a dead server, and the layer's way is there instead.
        self.prefix = layer._kwargs.get("prefix", "asgi")
        self.serialize = layer.serialize
        options = self.client_options = {
            "socket_timeout": self.TIMEOUT_SECONDS,
            "socket_connect_timeout": self.TIMEOUT_SECONDS,
            "retry": Retry(NoBackoff(), 0),
        }
        if "address" in host:
            extra = {key: value for key, value in host.items() if key != "address"}
            self.client = redis.Redis.from_url(host["address"], **{**extra, **options})
        else:
            self.client = redis.Redis(**{**host, **options})
        self._failed_at = None
        self._retrying = threading.Lock()

    def channel_of(self, group):
        return f"{self.prefix}__group__{group}"

    def send(self, messages, otherwise=None):
        """True once Redis took every message, or once they are queued with the thread's other Redis
        writes (guildhall_site.redis_batch: should that round trip fail, ``otherwise()`` sends them);
        False (nothing sure to be sent) while it fails or lately failed, so that the caller sends them its
        other way. Once the outage window is over, one thread tries again; the others go the other way
        until it has its answer."""
        failed_at = self._failed_at
        if failed_at is None:
            batch = redis_batch.current()
            if batch is not None and otherwise is not None and self._queue(batch, messages, otherwise):
                return True
            return self._publish(messages)
        if time.monotonic() - failed_at < self.OUTAGE_SECONDS or not self._retrying.acquire(blocking=False):
            return False
        try:
            return self._publish(messages)
        finally:
            self._retrying.release()

    def _queue(self, batch, messages, otherwise):
        commands = [("publish", (self.channel_of(group), self.serialize(message)), {}) for group, message in messages]

        def on_failure(exc):
            self._failed_at = time.monotonic()
            logger.warning("could not publish to Redis directly (%s); through the channel layer for a while", exc)
            otherwise()

        return batch.add(self.client, commands, on_failure, order=redis_batch.LAST)

    def _publish(self, messages):
        try:
            pipeline = self.client.pipeline(transaction=False)
            for group, message in messages:
                pipeline.publish(self.channel_of(group), self.serialize(message))
            pipeline.execute()
        except Exception:  # any failure: the messages still have the layer's way
            self._failed_at = time.monotonic()
            logger.warning("could not publish to Redis directly; through the channel layer for a while", exc_info=True)
            return False
        self._failed_at = None
        return True


_direct = {"layer": None, "publisher": None}
_direct_lock = threading.Lock()


def _direct_publisher(layer):
    """The direct publisher of ``layer`` when it is the Redis pub/sub layer of one server given by a URL
    or by its connection's keywords, else None (the layer's own way)."""
    if _direct["layer"] is layer:
        return _direct["publisher"]
    publisher = None
    try:
        from channels_redis.pubsub import RedisPubSubChannelLayer
        from channels_redis.utils import decode_hosts
    except ImportError:  # channels-redis is only needed with REDIS_URL
        RedisPubSubChannelLayer = None
    if RedisPubSubChannelLayer is not None and isinstance(layer, RedisPubSubChannelLayer):
        try:
            hosts = decode_hosts(layer._kwargs.get("hosts"))
            # Several hosts would be shards (each group on the one its name hashes to); a Sentinel entry
            # finds its server by asking: both are left to the layer.
            if len(hosts) == 1 and not {"master_name", "sentinels"} & set(hosts[0]):
                publisher = DirectPublisher(layer, hosts[0])
        except Exception:
            logger.warning("cannot publish to Redis directly; through the channel layer", exc_info=True)
            publisher = None
    with _direct_lock:
        _direct.update(layer=layer, publisher=publisher)
    return publisher


def _log_failure(done, what):
    if not done.cancelled() and done.exception() is not None:  # the channel layer down
        logger.warning("could not publish %s: %s", what, done.exception())


_background = {"pid": None, "loop": None}
_background_lock = threading.Lock()


def _event_loop():
    """The ASGI server's loop when called from one of its request threads, else this process's own."""
    loop = getattr(SyncToAsync.threadlocal, "main_event_loop", None)
    if (
        loop is not None
        and getattr(SyncToAsync.threadlocal, "main_event_loop_pid", None) == os.getpid()
        and loop.is_running()
    ):
        return loop
    with _background_lock:
        if _background["pid"] != os.getpid() or not _background["loop"].is_running():  # first use, or forked
            loop = asyncio.new_event_loop()
            started = threading.Event()
            loop.call_soon(started.set)
            threading.Thread(target=loop.run_forever, name="live-publish", daemon=True).start()
            started.wait(5)
            _background.update(pid=os.getpid(), loop=loop)
        return _background["loop"]


def is_present(user_id):
    """Whether ``user_id`` has a page of the site open (a socket spoke within LIVE_PRESENCE_SECONDS).
    With the cache unreachable: not known, so not present (a push too many rather than none)."""
    try:
        return bool(cache.get(presence_key(user_id)))
    except Exception:
        return False


def mark_present(user_id):
    cache.set(presence_key(user_id), 1, timeout=settings.LIVE_PRESENCE_SECONDS)
