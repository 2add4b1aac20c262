"""The deadline of the decision now awaited, the reminder points before it, and the pause of vacations.

A turn's clock runs from the moment a seat becomes the one to move; a declared absence of that seat's
user pauses it (the deadline moves by the overlap). Reminder points are amounts of time *left*: a point
fires when that much of the turn's (pause-aware) time is left. Only a person still in play has a clock:
bots and seats that left the game (played by the server's bot) have none.
"""

import datetime

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from games import statements
from games.models import Game

from .models import Absence, TimeControl

POLICIES = tuple(TimeControl.Policy.values)


def default_per_move():
    return getattr(settings, "CLOCK_DEFAULT_PER_MOVE", None)


def set_time_limit(game, per_move, policy=TimeControl.Policy.BOT):
    """Give ``game`` a time limit of ``per_move`` per turn (None: no limit) and a timeout policy
    ("bot": the bot plays the turn, and after ``CLOCK_TAKEOVER_AFTER`` timeouts in a row it takes the
    seat over; "end": the game ends, the absent player last). Call right after
    ``services.create_game``; may be called again. Returns the ``TimeControl``."""
    if per_move is not None:
        if not isinstance(per_move, datetime.timedelta):
            raise TypeError("per_move must be a datetime.timedelta or None")
        if per_move < datetime.timedelta(minutes=1):
            raise ValueError("per_move must be at least one minute")
    if policy not in POLICIES:
        raise ValueError(f"policy must be one of {POLICIES}")
    game_id = game.pk if isinstance(game, Game) else int(game)
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        tc, _created = TimeControl.objects.select_for_update().get_or_create(
            game=game, defaults={"per_move": per_move, "policy": policy}
        )
        tc.per_move = per_move
        tc.policy = policy
        sync(tc, game, timezone.now(), restart=(tc.seat, tc.turn) != (game.to_move_position, game.turn))
        tc.save()
    return tc


# --- pure computations ---------------------------------------------------------------------------


def paused_deadline(start, duration, absences):
    """``start + duration``, the clock paused during each ``(starts_at, ends_at)`` of ``absences``."""
    t = start
    remaining = duration
    for a_start, a_end in sorted(absences):
        if a_end <= t:
            continue
        a_start = max(a_start, t)
        if a_start >= t + remaining:
            break
        remaining -= a_start - t
        t = a_end
    return t + remaining


def reminder_points(per_move):
    """The amounts of time left at which reminders go out in a turn of ``per_move``, most first.

    ``settings.CLOCK_REMINDER_POINTS``: a timedelta is an amount of time left, a float a fraction of
    the turn's time. A point that is not strictly inside the turn (at or before its start) is dropped.
    """
    if per_move is None:
        return []
    points = set()
    for point in getattr(settings, "CLOCK_REMINDER_POINTS", [datetime.timedelta(hours=24), 0.2]):
        left = per_move * point if isinstance(point, float) else point
        if datetime.timedelta(0) < left < per_move:
            points.add(left)
    return sorted(points, reverse=True)[:3]


# --- the clock of one game -----------------------------------------------------------------------


def absences_of(user_id, since):
    if user_id is None:
        return []
    # ``Absence.objects.filter(user_id=user_id, ends_at__gt=since).values_list("starts_at", "ends_at")``,
    # by a statement written once per process: this runs in every decision that passes the turn.
    where = [("user", "=", user_id), ("ends_at", ">", since)]
    return statements.column_values(Absence, ["starts_at", "ends_at"], where)


def locked_clock(game_id, user_id, now):
    """(the game's ``TimeControl``, locked, or None; ``user_id``'s absences for ``sync``, or None where
    they were not read). On PostgreSQL one statement reads both, as this runs in every decision that
    passes the turn: the absences ending after the clock's start or ``now``, whichever is earlier, so
    that they serve a clock that restarts now as well as one that runs on (``paused_deadline`` passes
    over an absence that ended before the turn began)."""
    if not statements.appends_in_one_statement():
        return statements.locked_row(TimeControl, "game_id", game_id), None

    def write():
        quote = connection.ops.quote_name
        fields = tuple(TimeControl._meta.concrete_fields)
        columns = ", ".join(f"tc.{quote(f.column)}" for f in fields)
        absences = quote(Absence._meta.db_table)
        started = quote(TimeControl._meta.get_field("turn_started_at").column)
        user = quote(Absence._meta.get_field("user").column)

        def each(column):
            return (
                f"ARRAY(SELECT a.{quote(column)} FROM {absences} a WHERE a.{user} = %(user)s "
                f"AND a.{quote('ends_at')} > LEAST(COALESCE(tc.{started}, %(now)s), %(now)s) ORDER BY a.{quote('id')})"
            )

        sql = (
            f"SELECT {columns}, {each('starts_at')}, {each('ends_at')} FROM {quote(TimeControl._meta.db_table)} tc "
            f"WHERE tc.{quote(TimeControl._meta.get_field('game').column)} = %(game)s FOR UPDATE OF tc"
        )
        return sql, len(fields)

    sql, width = statements.written_once(("locked_clock", connection.vendor), write)
    with connection.cursor() as cursor:
        cursor.execute(sql, {"user": user_id, "now": now, "game": game_id})
        row = cursor.fetchone()
    if row is None:
        return None, None
    starts, ends = row[width:]
    return statements.from_row(TimeControl, row[:width]), list(zip(starts, ends, strict=True))


def clock_times(tc, user_id, absences=None):
    """(deadline, [reminder time by point]) of the running turn, or (None, []). ``absences``: the
    user's (starts_at, ends_at) pairs, when the caller has them already."""
    if tc.per_move is None or tc.turn_started_at is None:
        return None, []
    if absences is None:
        absences = absences_of(user_id, tc.turn_started_at)
    deadline = paused_deadline(tc.turn_started_at, tc.per_move, absences)
    start, per_move = tc.turn_started_at, tc.per_move
    reminders = [paused_deadline(start, per_move - left, absences) for left in reminder_points(per_move)]
    return deadline, reminders


def sync(tc, game, now, restart=False, absences=None, write_game=True):
    """Bring ``tc`` (locked, saved by the caller) in step with ``game`` (locked): restart the clock
    when a new (seat, turn) is to move, recompute the deadline and the next check, and copy the
    deadline onto the game row (``write_game=False``: onto the instance only, for a caller about to
    save it). ``absences`` spares a query when the caller has them."""
    if restart:
        tc.seat = game.to_move_position
        tc.turn = game.turn
        tc.turn_started_at = now
        tc.reminders_sent = 0
        tc.enqueued_at = None
    # The services leave ``to_move_user`` empty for bots and for seats that left the game.
    user_id = game.to_move_user_id if game.status == Game.Status.ACTIVE else None
    if user_id is None:
        tc.deadline = None
        tc.next_check_at = None
    else:
        tc.deadline, reminders = clock_times(tc, user_id, absences)
        upcoming = reminders[tc.reminders_sent:]
        tc.next_check_at = min([tc.deadline, *upcoming[:1]]) if tc.deadline is not None else None
    if game.deadline != tc.deadline:
        game.deadline = tc.deadline
        if write_game:
            Game.objects.filter(pk=game.pk).update(deadline=tc.deadline)
    return tc
