"""Who gets what, read when a row is written and again when it is sent: a user's preferences, whether
their address is confirmed, when their digest is due, which games wait for them.

Every channel (emails.py, push.py) and the outbox read these; this module imports none of them.
"""

import datetime
import zoneinfo

from django.db import connection
from django.db.models import Exists, F, OuterRef, Subquery
from django.db.models.functions import Upper
from django.db.models.lookups import Exact

from accounts.addresses import address_of  # noqa: F401  (the accounts' rule, which every channel reads here)
from games.models import Game

from .models import Notification

TURN_EMAIL_DEFAULTS = {
    "language": "en",
    "time_zone": "UTC",
    "turn_email": "immediate",
    "digest_hour": 8,
    "reminder_emails": True,
    "result_emails": True,
    "invitation_emails": True,
    "turn_push": True,
    "display_name": "",
}


_READ_FROM_USER = object()


class Prefs:
    """A user's notification preferences (their profile's, with the defaults where it has none)."""

    def __init__(self, user, profile=_READ_FROM_USER):
        """``profile``: the user's profile when the caller read it already (None: the user has none)."""
        if profile is _READ_FROM_USER:
            try:
                profile = getattr(user, "profile", None)
            except Exception:  # a missing profile row raises RelatedObjectDoesNotExist
                profile = None
        for name, default in TURN_EMAIL_DEFAULTS.items():
            setattr(self, name, getattr(profile, name, default) if profile is not None else default)

    @property
    def tz(self):
        try:
            return zoneinfo.ZoneInfo(self.time_zone or "UTC")
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            return datetime.UTC


def user_model():
    from django.contrib.auth import get_user_model

    return get_user_model()


def confirmed(users):
    """``users`` (a queryset) with ``has_confirmed_email``: whether their address is one they confirmed."""
    from allauth.account.models import EmailAddress

    # UPPER on both sides, not iexact: against another column SQLite's iexact is a LIKE, where a "_" or
    # "%" in the user's address would match any character. ``prefs_for`` says the same in its own SQL.
    same_address = EmailAddress.objects.filter(user_id=OuterRef("pk"), verified=True).filter(
        Exact(Upper("email"), Upper(OuterRef("email")))
    )
    return users.annotate(has_confirmed_email=Exists(same_address))


def prefs_for(user_id):
    """``(user, Prefs)`` of ``user_id``, or ``(None, None)``: the user with their profile, and whether their
    address is confirmed (``has_confirmed_email``, as ``confirmed`` says) and a browser of theirs is
    subscribed to pushes (``has_push_subscription``), in one query.

    It runs in the decision's transaction whenever the turn passes to a person, so its statement is
    written once per process (like the decision's own, games.statements) instead of compiled by the ORM
    each time: ``confirmed(User.objects.select_related("profile")).annotate(has_push_subscription=...)``.
    """
    from games.statements import from_row, written_once

    user_model_ = user_model()
    sql, user_fields, profile_fields = written_once(("prefs_for", connection.vendor), _write_prefs_sql)
    with connection.cursor() as cursor:
        cursor.execute(sql, [user_id])
        found = cursor.fetchone()
    if found is None:
        return None, None
    nu, np_ = len(user_fields), len(profile_fields)
    user = from_row(user_model_, found[:nu])
    profile_values = found[nu : nu + np_]
    profile_model = user_model_._meta.get_field("profile").related_model
    profile = from_row(profile_model, profile_values) if profile_values[0] is not None else None
    if profile is not None:
        # What select_related leaves: the reverse one-to-one read from this row, set by its public descriptor.
        user.profile = profile
    user.has_confirmed_email, user.has_push_subscription = bool(found[-2]), bool(found[-1])
    return user, Prefs(user, profile=profile)


def _write_prefs_sql():
    from allauth.account.models import EmailAddress

    from .models import PushSubscription

    quote = connection.ops.quote_name
    users = user_model()._meta
    profiles = users.get_field("profile").related_model._meta
    emails, pushes = EmailAddress._meta, PushSubscription._meta

    def columns(opts, alias):
        return ", ".join(f"{alias}.{quote(f.column)}" for f in opts.concrete_fields)

    user_pk = f"u.{quote(users.pk.column)}"
    # A confirmed address: an EmailAddress of the user, verified, equal to the user's email whatever the
    # case (allauth's own lookups are case-insensitive), as ``confirmed`` says it.
    confirmed_sql = (
        f"EXISTS (SELECT 1 FROM {quote(emails.db_table)} e WHERE e.{quote('user_id')} = {user_pk} "
        f"AND e.{quote('verified')} AND UPPER(e.{quote('email')}) = UPPER(u.{quote('email')}))"
    )
    push_sql = f"EXISTS (SELECT 1 FROM {quote(pushes.db_table)} ps WHERE ps.{quote('user_id')} = {user_pk})"
    sql = (
        f"SELECT {columns(users, 'u')}, {columns(profiles, 'p')}, {confirmed_sql}, {push_sql} "
        f"FROM {quote(users.db_table)} u "
        f"LEFT OUTER JOIN {quote(profiles.db_table)} p ON p.{quote('user_id')} = {user_pk} "
        f"WHERE {user_pk} = %s"
    )
    return sql, users.concrete_fields, profiles.concrete_fields


def next_digest_at(prefs, now):
    """The next digest time after ``now``: ``digest_hour`` o'clock in the user's time zone."""
    tz = prefs.tz
    local = now.astimezone(tz)
    hour = min(max(int(prefs.digest_hour or 0), 0), 23)
    day = local.date()
    for _i in range(3):
        at = datetime.datetime.combine(day, datetime.time(hour), tzinfo=tz)
        if at > local:
            return at.astimezone(datetime.UTC), day
        day += datetime.timedelta(days=1)
    raise AssertionError("unreachable")


def digest_row(user_id, due, day):
    """The outbox row of ``user_id``'s digest of ``day``, due at ``due`` (``next_digest_at``)."""
    return Notification(
        game=None, turn=0, seq=0, user_id=user_id, kind=Notification.Kind.DIGEST, digest_date=day, due_at=due
    )


def waiting_games(user_id):
    """Active games where ``user_id`` is to move, the longest waiting first (a lesson is none: it waits
    for nobody). ``waiting_since`` is when their turn began: when its your-turn row was written."""
    since = Notification.objects.filter(
        game_id=OuterRef("pk"), turn=OuterRef("turn"), user_id=user_id, kind=Notification.Kind.TURN
    ).values("created_at")[:1]
    games = (
        Game.objects.filter(to_move_user_id=user_id, status=Game.Status.ACTIVE, lesson=False)
        .annotate(waiting_since=Subquery(since))
        .order_by(F("waiting_since").asc(nulls_last=True), "updated_at", "pk")
    )
    return [_with_since(game) for game in games]


def _with_since(game):
    if game.waiting_since is None:
        game.waiting_since = game.updated_at
    return game
