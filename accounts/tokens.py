"""API tokens: one per client or device, with a name, optionally expiring, stored hashed.

A token is 32 random bytes (``secrets.token_urlsafe``); only its SHA-256 digest is stored, so a copy of
the database gives nobody a usable token. (A slow password hash is for guessable secrets; a 256-bit
random one cannot be guessed, and one SHA-256 keeps each API request cheap.) Asking for a token with a
name the user already gave one replaces it: a client that signs in again gets a new token and the old
one ends. Every token of a user ends when their password changes (accounts.models).

Every API request looks its token up, so ``find`` keeps found tokens (with their user) in the shared cache
for ``CACHE_SECONDS``. A token that ends (revoked, replaced, its user's password changed or the user
deleted: any delete of the row) is marked gone in the cache once the delete commits, and a save of its
user marks it stale, so the next request reads the database again. A lookup only ever *adds* to the cache
(never overwrites), so a lookup racing with a revocation cannot put the revoked token back. Changes made
past the ORM's signals (a queryset ``update()`` of users) show within ``CACHE_SECONDS``.
"""

import datetime
import hashlib
import logging
import secrets
import threading

from django.core.cache import cache
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from .models import ApiToken

MAX_TOKENS_PER_USER = 50
DEFAULT_NAME = "API client"
# last_used_at is written at most this often per token (not one UPDATE per API request).
USED_RESOLUTION = datetime.timedelta(minutes=5)
# The longest expiry one may ask for, in days.
MAX_EXPIRY_DAYS = 3650
# How long a looked-up token (and its user) may be served from the cache.
CACHE_SECONDS = 300
# What the cache holds for a token that ended (GONE) or whose user changed (STALE): a lookup then reads
# the database, and cannot cache what it read while the marker lasts.
GONE, STALE = "gone", "stale"
STALE_SECONDS = 30

logger = logging.getLogger(__name__)


class TokenLimitReached(Exception):
    pass


def digest(raw):
    return hashlib.sha256(raw.encode("utf-8", "surrogatepass")).hexdigest()


def issue(user, name=DEFAULT_NAME, expires_in_days=None):
    """Make a token for ``user`` named ``name`` (replacing one of the same name). Returns (ApiToken, the
    token itself): the only time the token exists outside the client."""
    name = (name or DEFAULT_NAME).strip()[:64] or DEFAULT_NAME
    raw = secrets.token_urlsafe(32)
    expires_at = None
    if expires_in_days:
        expires_at = timezone.now() + datetime.timedelta(days=int(expires_in_days))
    with transaction.atomic():
        ApiToken.objects.filter(user=user, name=name).delete()
        if ApiToken.objects.filter(user=user).count() >= MAX_TOKENS_PER_USER:
            raise TokenLimitReached(
                _("You have %(count)s API tokens; revoke one in your settings first.") % {"count": MAX_TOKENS_PER_USER}
            )
        token = ApiToken.objects.create(user=user, name=name, digest=digest(raw), hint=raw[:6], expires_at=expires_at)
    return token, raw


def cache_key(token_digest):
    return f"apitoken:{token_digest}"


def find(raw):
    """The token whose digest matches ``raw`` (with its user), or None."""
    if not raw or len(raw) > 200:
        return None
    token_digest = digest(raw)
    key = cache_key(token_digest)
    try:
        cached = cache.get(key)
    except Exception:  # the cache is an optimisation only
        logger.warning("token cache unreachable", exc_info=True)
        cached = None
    if isinstance(cached, ApiToken):
        return cached
    token = ApiToken.objects.select_related("user").filter(digest=token_digest).first()
    if token is not None and cached is None:
        try:
            cache.add(key, token, CACHE_SECONDS)
        except Exception:
            logger.warning("token cache unreachable", exc_info=True)
    return token


def forget(token_digests, marker):
    """Mark cached tokens ``GONE`` (the rows are deleted) or ``STALE`` (their user changed), after the
    surrounding transaction commits (at once outside one)."""
    keys = [cache_key(d) for d in token_digests]
    if not keys:
        return
    timeout = CACHE_SECONDS if marker == GONE else STALE_SECONDS

    def mark():
        try:
            cache.set_many(dict.fromkeys(keys, marker), timeout)
        except Exception:
            logger.warning("token cache unreachable; a changed token may be served for %ss", CACHE_SECONDS)

    mark()  # at once, too: the cached copy is never newer than the database from here on
    transaction.on_commit(mark)


# Tokens whose last_used_at this process wrote, and when: a token served from the cache carries the
# value it was cached with, so without this each request would write it again.
_marked = {}
_marked_lock = threading.Lock()


def mark_used(token, now=None):
    now = now or timezone.now()
    with _marked_lock:
        seen = _marked.get(token.digest, token.last_used_at)
        if seen is not None and token.last_used_at is not None:
            seen = max(seen, token.last_used_at)
        if seen is not None and now - seen < USED_RESOLUTION:
            return
        if len(_marked) > 10000:
            _marked.clear()
        _marked[token.digest] = now
    ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
    token.last_used_at = now


def revoke(user, token_id):
    """Delete one of ``user``'s tokens; True when there was one."""
    if not isinstance(token_id, int) or not 0 < token_id < 2**63:
        return False
    deleted, _details = ApiToken.objects.filter(user=user, pk=token_id).delete()
    return bool(deleted)


def tokens_of(user):
    return list(ApiToken.objects.filter(user=user).order_by("-created_at", "-id"))
