"""A small per-player rate for chat messages (``CHAT_THROTTLE_RATE``, e.g. "10/min"), and the same
counter for other writes of one player to others (private messages: ``MESSAGE_THROTTLE_RATE``).

The site-wide write budget of pages and API is a separate, much larger one; this one keeps a table's
chat readable. A fixed window counted with the cache's ``add`` + ``incr`` (atomic on Redis): concurrent
messages are each counted. A cache that is down never stops a message: the outage is logged and the
message let through.
"""

import logging
import time

from django.conf import settings
from django.core.cache import cache

logger = logging.getLogger(__name__)

_PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def parse_rate(rate):
    """"10/min" -> (10, 60); None or "" -> None (no limit)."""
    if not rate:
        return None
    count, _slash, period = str(rate).partition("/")
    try:
        return int(count), _PERIODS[period.strip().lower()[:1]]
    except (KeyError, ValueError):
        raise ValueError(f"bad rate {rate!r} (e.g. 10/min)") from None


def allow(user_id, now=None):
    """Count one chat message of ``user_id``; False when the player is over ``CHAT_THROTTLE_RATE``."""
    return allow_rate("chat", user_id, getattr(settings, "CHAT_THROTTLE_RATE", None), now)


def allow_rate(scope, user_id, rate, now=None):
    """Count one write of ``scope`` ("chat", "dm", ...) by ``user_id`` against ``rate`` ("10/min"; empty:
    no limit); False when the player is over it. Each scope counts apart."""
    rate = parse_rate(rate)
    if rate is None:
        return True
    limit, period = rate
    now = time.time() if now is None else now
    key = f"{scope}:throttle:{user_id}:{int(now // period)}"
    try:
        if cache.add(key, 1, period + 1):
            count = 1
        else:
            try:
                count = cache.incr(key)
            except ValueError:  # expired between add and incr
                cache.add(key, 1, period + 1)
                count = 1
    except Exception:  # the cache is down: chat goes on, unthrottled
        logger.warning("%s throttle: the cache is unavailable, letting the message through", scope, exc_info=True)
        return True
    return count <= limit
