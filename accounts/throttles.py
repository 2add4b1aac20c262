"""The site's one rate limiter: the write budget shared by the API and the pages (one per player, per address
when signed out), and the narrower rates of single features (a table's chat, private messages, reports,
analyses) through ``check``. Every refusal says how long to wait (``Verdict.wait``), so that every 429
carries a ``Retry-After``.

Counting is atomic: each window's counter is created with the cache's ``add`` and raised with its
``incr`` (Redis SETNX and INCR), so thirty requests at once are thirty counts, never fewer. A sliding
window is estimated from two fixed ones (the previous window's count weighted by how much of it still
overlaps), so a burst across a window boundary is not let through twice.

A broken cache never breaks a request: the Redis backend falls back to an in-process cache
(guildhall_site/cache.py), and anything else that goes wrong here is logged and the request let through.
"""

import logging
import math
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache

from .adapter import client_ip

logger = logging.getLogger(__name__)

SAFE_METHODS = ("GET", "HEAD", "OPTIONS", "TRACE")
_PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


@dataclass(frozen=True)
class Verdict:
    allowed: bool
    wait: float = 0.0  # seconds until a refused request would be allowed


def parse_rate(rate):
    """``"300/min"`` → (300, 60), as DRF reads rates (the period's first letter: s, m, h or d);
    ``None`` or ``""`` → None (no limit)."""
    if not rate:
        return None
    count, _slash, period = str(rate).partition("/")
    try:
        return int(count), _PERIODS[period.strip().lower()[:1]]
    except (KeyError, ValueError):
        raise ValueError(f"bad rate {rate!r} (e.g. 300/min)") from None


def write_rate():
    return parse_rate(getattr(settings, "GUILDHALL_WRITE_THROTTLE_RATE", None))


def identity(request, user=None):
    """Whose budget a request spends: the signed-in user's, else the client address's."""
    user = user if user is not None else getattr(request, "user", None)
    if user is not None and getattr(user, "is_authenticated", False):
        return f"user:{user.pk}"
    return f"ip:{client_ip(request)}"


def hit(scope, ident, limit, period, now=None):
    """Count one request of ``ident`` in ``scope`` against ``limit`` per ``period`` seconds."""
    now = time.time() if now is None else now
    window = int(now // period)
    key = f"throttle:{scope}:{ident}:{window}"
    previous_key = f"throttle:{scope}:{ident}:{window - 1}"
    try:
        count = _increment(key, period)
        previous = cache.get(previous_key) or 0
    except Exception:  # a throttle must never be the reason a request fails
        logger.warning("throttle %s: counter unavailable, letting the request through", scope, exc_info=True)
        return Verdict(True)
    elapsed = (now % period) / period
    estimate = previous * (1 - elapsed) + count
    if estimate <= limit:
        return Verdict(True)
    # Refused: the count was spent all the same (a client hammering on stays refused). Retry once the
    # previous window's weight has fallen far enough, or at the latest when this window is over.
    wait = 1 - elapsed
    if previous and count < limit:
        wait = min(wait, 1 - (limit - count) / previous - elapsed)
    return Verdict(False, max(1.0, math.ceil(wait * period)))


def _increment(key, period):
    timeout = 2 * period + 1  # the window, and the next one that weighs it
    if cache.add(key, 1, timeout):
        return 1
    try:
        return cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.add(key, 1, timeout)
        return 1


def check(scope, ident, rate, now=None):
    """A Verdict for one more action of ``ident`` in ``scope`` (each scope counts apart) against ``rate``
    (``"10/min"``; empty or None: no limit)."""
    parsed = parse_rate(rate)
    if parsed is None:
        return Verdict(True)
    limit, period = parsed
    return hit(scope, ident, limit, period, now)


def check_write(request, user=None):
    """The shared write budget (``THROTTLE_WRITE_RATE``): a Verdict for one write of ``request``."""
    rate = write_rate()
    if rate is None:
        return Verdict(True)
    limit, period = rate
    return hit("write", identity(request, user), limit, period)
