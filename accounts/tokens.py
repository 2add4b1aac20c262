"""API tokens: one per client or device, with a name, optionally expiring, stored hashed.

A token is 32 random bytes (``secrets.token_urlsafe``); only its SHA-256 digest is stored, so a copy of
the database gives nobody a usable token. (A slow password hash is for guessable secrets; a 256-bit
random one cannot be guessed, and one SHA-256 keeps each API request cheap.) Asking for a token with a
name the user already gave one replaces it: a client that signs in again gets a new token and the old
one ends. Every token of a user ends when their password changes: a token keeps the user's
``get_session_auth_hash()`` of when it was made (the HMAC of the password hash that a signed-in session keeps
for the same purpose) and is refused once the user's differs, whatever changed the password (the settings,
a reset link, the admin, ``changepassword``, a queryset ``update()`` of the field) and without any signal.
The hash is keyed by ``SECRET_KEY``: a new secret key ends every token, as it ends every session (Django
reads ``SECRET_KEY_FALLBACKS`` for sessions only). Ended tokens are deleted when next presented or listed.

Every API request reads its token, with its user, from the database: one indexed query, so that a
token that ends (revoked, replaced, its user's password changed, the user deactivated or deleted) is
refused by every process at once, whatever cache the site runs with. No authentication decision rests on
a cache: an in-process one (the embedded default, or the Redis cache's fallback during an outage) cannot
be told by another process that a token ended, and one that can (Redis) would be only as right as every
path that changes a user or a token remembering to tell it. What it costs, measured on PostgreSQL with
``manage.py decision_cost`` in three alternating pairs against the Redis-cached lookup (a loaded 2-core
machine): the check itself 0.2 -> 1.6 ms of CPU, a step's decision POST 5.7-6.0 -> 7.1-7.5 ms of CPU p50,
the floor POST 3.6-3.9 -> 4.9-5.4; the same read a signed-in browser's session already makes on every
request (accounts.backends.get_user). Most of that was the ORM compiling the query, so the query is
written once per process (``_token_with_user``): two alternating pairs of ``decision_cost --decisions
400 --game dominion``, CPU means through the ORM and written once, the floor POST (token + one INSERT)
2.92 / 2.36 -> 1.63 / 1.38 ms, a GET of a game 3.13 / 2.66 -> 1.81 / 1.53.
"""

import datetime
import hashlib
import secrets

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.utils import timezone
from django.utils.crypto import constant_time_compare
from django.utils.translation import gettext as _

from .models import ApiToken

MAX_TOKENS_PER_USER = 50
DEFAULT_NAME = "API client"
# last_used_at is written at most this often per token (not one UPDATE per API request).
USED_RESOLUTION = datetime.timedelta(minutes=5)
# The longest expiry one may ask for, in days.
MAX_EXPIRY_DAYS = 3650


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
        _delete_ended(user)
        if ApiToken.objects.filter(user=user).count() >= MAX_TOKENS_PER_USER:
            raise TokenLimitReached(
                _("You have %(count)s API tokens; revoke one in your settings first.") % {"count": MAX_TOKENS_PER_USER}
            )
        token = ApiToken.objects.create(
            user=user,
            name=name,
            digest=digest(raw),
            hint=raw[:6],
            session_hash=user.get_session_auth_hash(),
            expires_at=expires_at,
        )
    return token, raw


def current(token):
    """Whether ``token`` was made under its user's present password (its user read with it)."""
    return bool(token.session_hash) and constant_time_compare(token.session_hash, token.user.get_session_auth_hash())


def _delete_ended(user):
    """Delete ``user``'s tokens made under another password."""
    ApiToken.objects.filter(user=user).exclude(session_hash=user.get_session_auth_hash()).delete()


def find(raw):
    """The token whose digest matches ``raw`` (with its user), or None; read from the database. A token made
    under another password than its user's present one is None (and deleted)."""
    if not raw or len(raw) > 200:
        return None
    token = _token_with_user(digest(raw))
    if token is None:
        return None
    if not current(token):
        ApiToken.objects.filter(pk=token.pk).delete()
        return None
    return token


def _token_with_user(token_digest):
    """``ApiToken.objects.select_related("user").get(digest=token_digest)``, or None: by a statement
    written once per process (games.statements), as every API request runs it. Through the ORM, compiling
    the query was most of the check's cost."""
    from games.statements import from_row, written_once

    sql, token_fields, user_fields = written_once(("token_with_user", connection.vendor), _write_token_sql)
    with connection.cursor() as cursor:
        cursor.execute(sql, [token_digest])
        row = cursor.fetchone()
    if row is None:
        return None
    token = from_row(ApiToken, row[: len(token_fields)])
    token.user = from_row(get_user_model(), row[len(token_fields) :])
    return token


def _write_token_sql():
    quote = connection.ops.quote_name
    user_model = get_user_model()
    token_fields = tuple(ApiToken._meta.concrete_fields)
    user_fields = tuple(user_model._meta.concrete_fields)
    columns = ", ".join(
        [f"t.{quote(f.column)}" for f in token_fields] + [f"u.{quote(f.column)}" for f in user_fields]
    )
    sql = (
        f"SELECT {columns} FROM {quote(ApiToken._meta.db_table)} t "
        f"INNER JOIN {quote(user_model._meta.db_table)} u "
        f"ON u.{quote(user_model._meta.pk.column)} = t.{quote(ApiToken._meta.get_field('user').column)} "
        f"WHERE t.{quote(ApiToken._meta.get_field('digest').column)} = %s"
    )
    return sql, token_fields, user_fields


def mark_used(token, now=None):
    """Note that ``token`` was just used: written at most once per ``USED_RESOLUTION`` (the row was read
    by this request, so its ``last_used_at`` is the one every process wrote)."""
    now = now or timezone.now()
    if token.last_used_at is not None and now - token.last_used_at < USED_RESOLUTION:
        return
    ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
    token.last_used_at = now


def revoke(user, token_id):
    """Delete one of ``user``'s tokens; True when there was one."""
    if not isinstance(token_id, int) or not 0 < token_id < 2**63:
        return False
    deleted, _details = ApiToken.objects.filter(user=user, pk=token_id).delete()
    return bool(deleted)


def tokens_of(user):
    """``user``'s tokens that still work (the others are deleted)."""
    _delete_ended(user)
    return list(ApiToken.objects.filter(user=user).order_by("-created_at", "-id"))
