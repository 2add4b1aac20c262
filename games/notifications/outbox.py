"""The outbox: rows are written with the decision, delivered exactly once.

Exactly once, by parts:
- *written once*: a row is unique per (game, turn, user, kind) (digests: per user and day) and is
  inserted with ON CONFLICT DO NOTHING in the transaction of the decision that causes it (``write``);
- *sent at most once*: ``delivery.deliver`` sends a row under its row lock and marks it ``sent`` in the
  same transaction, through the channel of its kind (emails.py, push.py);
- *never lost*: the enqueue after commit may fail (broker down) or the task may vanish (a worker
  killed); ``tasks.relay`` (Celery beat, every minute) re-enqueues every row still pending whose last
  enqueue is older than ``NOTIFY_RELAY_AFTER``, oldest first, from an index on the pending rows' due
  time. A failed send leaves the row pending with a later ``due_at`` (backoff), for as long as the
  message is relevant: an outage of any length costs a delay, never an email.

Emails go to confirmed addresses only (allauth's EmailAddress, verified), and the recipient's
preferences are read again when the email is sent: a change since the row was written counts.

The one window left is a crash between the SMTP server's acceptance and the commit of ``sent``; the
Message-ID is fixed per row, so such a duplicate carries the same Message-ID as the first.

Emails of the kinds other apps register (notifications.kinds: private messages, tournaments) belong to no
game: ``enqueue(kind, user_id, key)`` writes one row per (user, kind, key) in the caller's transaction.

Imports go one way: outbox → tasks (the queue) → delivery → the channels (emails, push) → recipients
and kinds (the registry the feature apps fill from their ready(); nothing here imports a feature).
The names other apps use (``write``, ``row``, ``enqueue``, ``schedule_digest``, ``prefs_for``, ``Prefs``,
``relay``, ``deliver``) are importable from here.
"""

from django.db import transaction
from django.utils import timezone

from games.models import Seat

from . import kinds
from .delivery import deliver, is_permanent, record_failure, retry_delay
from .models import Notification
from .recipients import (
    TURN_EMAIL_DEFAULTS,
    Prefs,
    address_of,
    confirmed,
    digest_row,
    next_digest_at,
    prefs_for,
    user_model,
    waiting_games,
)
from .tasks import enqueue_keyed, enqueue_new, relay

__all__ = [
    "TURN_EMAIL_DEFAULTS",
    "Prefs",
    "address_of",
    "confirmed",
    "deliver",
    "digest_row",
    "enqueue",
    "enqueue_new",
    "is_permanent",
    "next_digest_at",
    "prefs_for",
    "record_failure",
    "relay",
    "results_rows",
    "retry_delay",
    "row",
    "schedule_digest",
    "turn_rows",
    "user_model",
    "waiting_games",
    "write",
]


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


def results_rows(game, now):
    rows = []
    seats = Seat.objects.filter(game_id=game.pk, kind=Seat.Kind.USER).select_related("user__profile")
    for seat in seats:
        prefs = Prefs(seat.user)
        wanted = prefs.result_emails and address_of(seat.user) is not None
        status = Notification.Status.PENDING if wanted else Notification.Status.SKIPPED
        rows.append(row(game, seat.user_id, Notification.Kind.RESULTS, now, status=status))
    return rows


def write(rows, along_with=None):
    """Insert ``rows`` (ON CONFLICT DO NOTHING) and enqueue the pending ones once the transaction commits
    (rows of a game by the game's id, rows of no game by their key). ``along_with``: the game whose locked
    append is being prepared, whose statement then takes the INSERT along (games.statements)."""
    # Written once per process (games.statements): this runs in every decision that passes the turn.
    from games.statements import insert_ignoring_conflicts

    insert_ignoring_conflicts(rows, along_with=along_with)
    pending = [r for r in rows if r.status == Notification.Status.PENDING]
    for game_id in {r.game_id for r in pending if r.game_id is not None}:
        transaction.on_commit(lambda game_id=game_id: enqueue_new(game_id))
    for user_id, kind, key in {(r.user_id, r.kind, r.key) for r in pending if r.game_id is None and r.key}:
        transaction.on_commit(lambda args=(user_id, kind, key): enqueue_keyed(*args))


def enqueue(kind, user_id, key, due_at=None, data=None):
    """An email of registered ``kind`` (notifications.kinds) to ``user_id``, once per (user, kind, key):
    written in the caller's transaction (ON CONFLICT DO NOTHING: a second call with the same key writes
    nothing), published to the workers after its commit, due at ``due_at`` (default now; a later one is
    picked up by the relay when due). Whether it is still wanted, and what it says, is decided when it is
    sent (the kind's preference and builder). ``data``: JSON for the builder."""
    if not kinds.is_registered(kind):
        raise LookupError(f"email kind {kind!r} is not registered (notifications.kinds.register in its app's ready())")
    key = str(key)
    if not 0 < len(key) <= Notification._meta.get_field("key").max_length:
        raise ValueError(f"an outbox key has 1 to 100 characters, not {key!r}")
    now = timezone.now()
    row = Notification(
        game=None, turn=0, seq=0, user_id=user_id, kind=kind, key=key, due_at=due_at or now, data=data or {}
    )
    from games.statements import insert_ignoring_conflicts

    insert_ignoring_conflicts([row])
    transaction.on_commit(lambda: enqueue_keyed(user_id, kind, key))


def schedule_digest(user_id, now=None):
    """Make sure ``user_id``'s next daily digest is due (for a feature whose lines wait for it): its row for
    the next ``digest_hour`` in their time zone, written once per day, in the caller's transaction."""
    user, prefs = prefs_for(user_id)
    if user is None:
        return
    due, day = next_digest_at(prefs, now or timezone.now())
    from games.statements import insert_ignoring_conflicts

    insert_ignoring_conflicts([digest_row(user_id, due, day)])
