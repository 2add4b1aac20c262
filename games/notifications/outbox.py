"""The outbox: rows are written with the decision, delivered exactly once.

Exactly once, by parts:
- *written once*: a row is unique per (game, turn, user, kind) (digests: per user and day) and is
  inserted with ON CONFLICT DO NOTHING in the transaction of the decision that causes it;
- *sent at most once*: ``deliver`` locks the row (``SELECT … FOR UPDATE SKIP LOCKED`` on PostgreSQL)
  while it is still ``pending``, sends, and marks it ``sent`` in the same transaction. A second worker
  holding the same id skips the locked row, or finds it no longer pending; a retry after an SMTP error
  finds it pending again (the transaction rolled back, nothing was sent);
- *never lost*: the enqueue after commit may fail (broker down) or the task may vanish (a worker
  killed); ``relay`` (Celery beat, every minute) re-enqueues every row still pending whose last enqueue
  is older than ``NOTIFY_RELAY_AFTER``, oldest first, from an index on the pending rows' due time. A
  failed send (the mail server down) leaves the row pending with a later ``due_at`` (``retry_later``:
  backoff up to ``NOTIFY_RETRY_LONGEST``), for as long as the email is relevant: an outage of any length
  costs a delay, never an email. Only a permanent refusal (a 5xx answer to the recipient or the message)
  marks a row failed.

Emails go to confirmed addresses only (allauth's EmailAddress, verified), and the recipient's
preferences are read again when the email is sent: a change since the row was written counts.

The one window left is a crash between the SMTP server's acceptance and the commit of ``sent``; the
Message-ID is fixed per row, so such a duplicate carries the same Message-ID as the first.
"""

import datetime
import logging
import random
import smtplib
import zoneinfo

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Exists, F, OuterRef, Q, Subquery
from django.db.models.functions import Upper
from django.db.models.lookups import Exact
from django.utils import timezone

from games.models import Game, Seat

from .models import Notification

logger = logging.getLogger(__name__)

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


class Prefs:
    """A user's notification preferences (their profile's, with the defaults where it has none)."""

    def __init__(self, user):
        profile = None
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


def address_of(user):
    """Where ``user``'s emails go: their address if they confirmed it, else None (no email at all)."""
    if not user.email:
        return None
    known = getattr(user, "has_confirmed_email", None)
    if known is None:
        from allauth.account.models import EmailAddress

        known = EmailAddress.objects.filter(user_id=user.pk, email__iexact=user.email, verified=True).exists()
    return user.email if known else None


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
    # What select_related leaves: the reverse one-to-one read from this row (None: no profile row).
    user._state.fields_cache["profile"] = profile
    user.has_confirmed_email, user.has_push_subscription = bool(found[-2]), bool(found[-1])
    return user, Prefs(user)


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


# --- rows -----------------------------------------------------------------------------------------


def row(game, user_id, kind, now, *, status=Notification.Status.PENDING, turn=None, data=None):
    return Notification(
        game_id=game.pk,
        turn=game.turn if turn is None else turn,
        seq=game.seq,
        user_id=user_id,
        kind=kind,
        status=status,
        due_at=now,
        data=data or {},
    )


def turn_rows(game, user_id, now):
    """The your-turn row of the user now to move (and their digest row, if they want digests), and the
    your-turn push if they want it and have a browser subscribed."""
    user, prefs = prefs_for(user_id)
    if user is None:
        return []
    push = []
    if prefs.turn_push and getattr(user, "has_push_subscription", False):
        push = [row(game, user_id, Notification.Kind.TURN_PUSH, now)]
    if address_of(user) is None or prefs.turn_email == "never":
        return [row(game, user_id, Notification.Kind.TURN, now, status=Notification.Status.SKIPPED), *push]
    if prefs.turn_email == "digest":
        due, day = next_digest_at(prefs, now)
        return [
            row(game, user_id, Notification.Kind.TURN, now, status=Notification.Status.HELD),
            digest_row(user_id, due, day),
            *push,
        ]
    return [row(game, user_id, Notification.Kind.TURN, now), *push]


def digest_row(user_id, due, day):
    return Notification(
        game=None, turn=0, seq=0, user_id=user_id, kind=Notification.Kind.DIGEST, digest_date=day, due_at=due
    )


def results_rows(game, now):
    rows = []
    seats = Seat.objects.filter(game_id=game.pk, kind=Seat.Kind.USER).select_related("user__profile")
    for seat in seats:
        prefs = Prefs(seat.user)
        wanted = prefs.result_emails and address_of(seat.user) is not None
        status = Notification.Status.PENDING if wanted else Notification.Status.SKIPPED
        rows.append(row(game, seat.user_id, Notification.Kind.RESULTS, now, status=status))
    return rows


def write(rows):
    """Insert ``rows`` (ON CONFLICT DO NOTHING) and enqueue the pending ones once the transaction commits."""
    # Written once per process (games.statements): this runs in every decision that passes the turn.
    from games.statements import insert_ignoring_conflicts

    insert_ignoring_conflicts(rows)
    game_ids = {r.game_id for r in rows if r.game_id is not None and r.status == Notification.Status.PENDING}
    for game_id in game_ids:
        transaction.on_commit(lambda game_id=game_id: enqueue_new(game_id))


# --- enqueueing -------------------------------------------------------------------------------------


def enqueue_new(game_id):
    """After commit: enqueue the game's pending rows that were never enqueued."""
    now = timezone.now()
    ids = list(
        Notification.objects.filter(
            game_id=game_id, status=Notification.Status.PENDING, enqueued_at__isnull=True, due_at__lte=now
        ).values_list("pk", flat=True)
    )
    _enqueue(ids, now)


def _enqueue(ids, now):
    if not ids:
        return 0
    from guildhall_site.celery import publish_many

    from .tasks import deliver_notification

    Notification.objects.filter(pk__in=ids).update(enqueued_at=now)
    failed = [args[0] for args in publish_many(deliver_notification, [(pk,) for pk in ids])]
    if failed:  # broker down: the relay will pick these rows up again
        Notification.objects.filter(pk__in=failed, status=Notification.Status.PENDING).update(enqueued_at=None)
    return len(ids) - len(failed)


def relay(now=None, limit=None):
    """Re-enqueue rows still pending (never enqueued, or enqueued long ago), oldest due first."""
    now = now or timezone.now()
    limit = limit or settings.NOTIFY_SCAN_BATCH
    stale = now - settings.NOTIFY_RELAY_AFTER
    ids = list(
        Notification.objects.filter(status=Notification.Status.PENDING, due_at__lte=now)
        .filter(Q(enqueued_at__isnull=True) | Q(enqueued_at__lt=stale))
        .order_by("due_at")
        .values_list("pk", flat=True)[:limit]
    )
    return _enqueue(ids, now)


# --- delivery ---------------------------------------------------------------------------------------


def deliver(notification_id, connection=None):
    """Send notification ``notification_id`` if it is still pending and due. Returns its new status,
    or None when there was nothing to do (already sent, being sent by another worker, not due).

    Raises on an SMTP error, with nothing changed: the caller (the Celery task) retries."""
    from . import emails

    now = timezone.now()
    with transaction.atomic():
        n = (
            Notification.objects.select_for_update(skip_locked=True)
            .filter(pk=notification_id, status=Notification.Status.PENDING, due_at__lte=now)
            .first()
        )
        if n is None:
            return None
        if n.kind == Notification.Kind.TURN_PUSH:  # not an email: push.py sends it and keeps its count
            from . import push

            return push.deliver(n, now)
        n.attempts += 1
        message = emails.build_message(n, now)
        if message is None:
            n.status = Notification.Status.SKIPPED
        else:
            message.connection = connection
            message.send()
            n.status = Notification.Status.SENT
            n.sent_at = timezone.now()
        n.save(update_fields=["status", "sent_at", "attempts"])
        if n.kind == Notification.Kind.DIGEST and message is not None:
            _after_digest(n, message.waiting_game_ids, now)
    return n.status


def _after_digest(n, waiting_game_ids, now):
    # The turn rows the digest covered are done; tomorrow's digest lists what still waits then.
    Notification.objects.filter(
        user_id=n.user_id, status=Notification.Status.HELD, game_id__in=waiting_game_ids
    ).update(status=Notification.Status.SENT, sent_at=now)
    user, prefs = prefs_for(n.user_id)
    if prefs is not None and prefs.turn_email == "digest" and waiting_game_ids:
        due, day = next_digest_at(prefs, max(now, n.due_at) + datetime.timedelta(minutes=1))
        Notification.objects.bulk_create([digest_row(n.user_id, due, day)], ignore_conflicts=True)


def is_permanent(error):
    """A refusal that sending again cannot change: a 5xx answer about the recipient or the message.
    Everything else (no connection, a timeout, a 4xx, our own credentials refused) may pass."""
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        codes = [code for code, _message in error.recipients.values()]
        return bool(codes) and all(500 <= code < 600 for code in codes)
    if isinstance(error, smtplib.SMTPDataError):
        return 500 <= error.smtp_code < 600
    return False


def retry_delay(attempts):
    """The wait before attempt ``attempts + 1``: doubling from NOTIFY_RETRY_FIRST up to NOTIFY_RETRY_LONGEST,
    a tenth either way at random (after an outage, the backlog does not come back all at once)."""
    delay = min(settings.NOTIFY_RETRY_FIRST * 2 ** min(max(attempts - 1, 0), 20), settings.NOTIFY_RETRY_LONGEST)
    return delay * random.uniform(0.9, 1.1)


def record_failure(notification_id, error, now=None):
    """After a send failed (outside its rolled-back transaction): count the attempt and keep the error;
    a permanent refusal fails the row, anything else leaves it pending, due again after the backoff
    (the relay enqueues it then). Whether it is still worth sending is decided when it is tried again."""
    now = now or timezone.now()
    n = Notification.objects.filter(pk=notification_id, status=Notification.Status.PENDING).first()
    if n is None:
        return None
    n.attempts += 1
    n.last_error = f"{type(error).__name__}: {error}"[:2000]
    if is_permanent(error):
        n.status = Notification.Status.FAILED
    else:
        n.due_at = now + retry_delay(n.attempts)
        n.enqueued_at = None
    n.save(update_fields=["attempts", "last_error", "status", "due_at", "enqueued_at"])
    return n


def waiting_games(user_id):
    """Active games where ``user_id`` is to move, the longest waiting first. ``waiting_since`` is when
    their turn began: when its your-turn row was written."""
    since = Notification.objects.filter(
        game_id=OuterRef("pk"), turn=OuterRef("turn"), user_id=user_id, kind=Notification.Kind.TURN
    ).values("created_at")[:1]
    games = (
        Game.objects.filter(to_move_user_id=user_id, status=Game.Status.ACTIVE)
        .annotate(waiting_since=Subquery(since))
        .order_by(F("waiting_since").asc(nulls_last=True), "updated_at", "pk")
    )
    return [_with_since(game) for game in games]


def _with_since(game):
    if game.waiting_since is None:
        game.waiting_since = game.updated_at
    return game
