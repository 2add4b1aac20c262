"""Who is looking at which table: the outbox does not tell a player "your turn" while they sit at it.

A player on a game's page sees its moves arrive (the live socket, or the poll), so an email or a push
about that game would only repeat what the page shows. ``seen(user, game)`` records that the player is
at the table now; the table's views call it (the page, its fragment, its poll, a decision) and so does
the live socket while it follows the game (games.live: when it starts watching and at every ping). The
outbox asks ``held_until(user, game, now)`` when a your-turn email or push is due: while the player was
seen within ``NOTIFY_PRESENCE_SECONDS`` the row waits until that much time after they were last seen and
is decided again then. So a player who stays gets nothing, and one who leaves gets the message a few
minutes later, if it is still their turn.

Only the cache holds it, for the window's length: a cache that is down or forgot costs an email that
was not needed, never one that was.
"""

import datetime

from django.conf import settings
from django.core.cache import cache
from django.utils import timezone

# How long after the last sign of a player at a table the outbox still counts them as there.
DEFAULT_SECONDS = 180


def window():
    return datetime.timedelta(seconds=getattr(settings, "NOTIFY_PRESENCE_SECONDS", DEFAULT_SECONDS))


def _key(user_id, game_id):
    return f"notify:seen:{int(user_id)}:{int(game_id)}"


def _id(obj):
    return getattr(obj, "pk", obj)


def seen(user, game, now=None):
    """``user`` (a user or an id) is at the table of ``game`` (a game or an id) now. Never raises: the
    page being served matters more than the hint."""
    user_id = _id(user)
    if user_id is None:
        return
    now = now or timezone.now()
    try:
        cache.set(_key(user_id, _id(game)), now.timestamp(), timeout=int(window().total_seconds()) + 60)
    except Exception:  # the cache down: the player may get an email too many
        pass


def last_seen(user_id, game_id):
    """When ``user_id`` was last seen at the table of ``game_id`` within the window's memory, or None."""
    try:
        stamp = cache.get(_key(user_id, game_id))
    except Exception:
        return None
    if not isinstance(stamp, int | float):
        return None
    return datetime.datetime.fromtimestamp(stamp, tz=datetime.UTC)


def held_until(user_id, game_id, now=None):
    """Until when a your-turn message to ``user_id`` about ``game_id`` waits: ``NOTIFY_PRESENCE_SECONDS``
    after they were last seen at its table, if that is still to come; else None (send it now)."""
    now = now or timezone.now()
    last = last_seen(user_id, game_id)
    if last is None:
        return None
    until = last + window()
    return until if until > now else None
