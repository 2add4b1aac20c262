"""Telling the sockets. Called after a commit (never inside a transaction: a rolled-back move must not
be announced), from an app server's request or a Celery worker (bots, the clock); through the channel
layer, so a socket held by any app server hears it.

A message is the game's seq and status, or "your games changed": nothing a spectator may not know.

Publishing never holds up the caller: the message is handed to an event loop and sent from there. In an
ASGI server's request that is the server's own loop (where the in-memory layer of `make run` lives); in
a WSGI server, a Celery worker or a command, one loop thread per process, started on first use. A lost
message costs a page its live update, not the game: the page's fallback poll catches up.
"""

import asyncio
import logging
import os
import threading

from asgiref.sync import SyncToAsync
from channels.layers import get_channel_layer
from django.conf import settings
from django.core.cache import cache

from .groups import game_group, presence_key, user_group

logger = logging.getLogger(__name__)


def game_moved(game_id, seq, status, user_ids=()):
    """Game ``game_id`` is now at ``seq`` with ``status``; ``user_ids``: people whose header (games waiting
    for them) may have changed."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        future = asyncio.run_coroutine_threadsafe(
            _send(layer, game_id, seq, status, sorted(set(user_ids))), _event_loop()
        )
    except Exception:
        logger.warning("could not publish game %s at seq %s to the live pages", game_id, seq, exc_info=True)
        return
    future.add_done_callback(lambda done: _log_failure(done, game_id, seq))


async def _send(layer, game_id, seq, status, user_ids):
    await layer.group_send(game_group(game_id), {"type": "game.moved", "game": game_id, "seq": seq, "status": status})
    for user_id in user_ids:
        await layer.group_send(user_group(user_id), {"type": "games.changed"})


def _log_failure(done, game_id, seq):
    if not done.cancelled() and done.exception() is not None:  # the channel layer down
        logger.warning("could not publish game %s at seq %s: %s", game_id, seq, done.exception())


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
