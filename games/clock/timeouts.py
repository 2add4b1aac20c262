"""What the beat scan does for one game whose ``next_check_at`` has come: a reminder, or a timeout.

Everything for one game happens in one transaction that holds the game's row lock, so two workers
processing the same game serialise, and the second sees the first's result (a new turn: nothing due).
A timeout is decided through the service layer, so it is an entry of the game's log like any other
(made by the server for the seat): the bot plays the turn, the bot takes the seat over after
``CLOCK_TAKEOVER_AFTER`` timeouts in a row, or the game ends (policy "end"). How many timeouts in a row
a seat has is read from the log (``timeouts_in_a_row``).
"""

import logging

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games import services
from games.models import Game, LogEntry
from games.notifications import outbox
from games.notifications.models import Notification

from . import deadlines
from .models import TimeControl

logger = logging.getLogger(__name__)

REMINDER_KINDS = [Notification.Kind.REMINDER_1, Notification.Kind.REMINDER_2, Notification.Kind.REMINDER_3]


def process(game_id, now=None):
    """Handle whatever is due in ``game_id``. Returns what was done: "reminder", "timeout",
    "taken_over", "end" or None."""
    now = now or timezone.now()
    with transaction.atomic():
        # Lock the game row only (PostgreSQL refuses FOR UPDATE across the nullable join to the user).
        game = Game.objects.select_for_update(of=("self",)).select_related("to_move_user").filter(pk=game_id).first()
        tc = TimeControl.objects.select_for_update().filter(game_id=game_id).first()
        if game is None or tc is None:
            return None
        tc.enqueued_at = None
        if game.status != Game.Status.ACTIVE or game.to_move_user_id is None:
            deadlines.sync(tc, game, now)
            tc.save()
            return None
        if (tc.seat, tc.turn) != (game.to_move_position, game.turn):
            deadlines.sync(tc, game, now, restart=True)
        user = game.to_move_user
        absences = deadlines.absences_of(user.pk, tc.turn_started_at) if tc.turn_started_at else []
        deadline, reminders = deadlines.clock_times(tc, user.pk, absences)
        if deadline is not None and deadline <= now:
            tc.save()  # the decisions below move the clock on through the game-saving receiver
            return _timeout(game, tc.policy, user, now)
        due = [i for i, at in enumerate(reminders) if at <= now and i >= tc.reminders_sent]
        done = None
        if due:
            # Only the latest due point is sent (after an absence several may have passed at once).
            index = due[-1]
            tc.reminders_sent = index + 1
            kind = REMINDER_KINDS[min(index, len(REMINDER_KINDS) - 1)]
            outbox.write([outbox.row(game, user.pk, kind, now, status=_status(user))])
            done = "reminder"
        deadlines.sync(tc, game, now, absences=absences)
        tc.save()
        return done


def _status(user):
    wanted = outbox.Prefs(user).reminder_emails and bool(user.email)
    return Notification.Status.PENDING if wanted else Notification.Status.SKIPPED


def _timeout(game, policy, user, now):
    position, turn = game.to_move_position, game.turn
    if policy == TimeControl.Policy.END:
        services.end_by_time(game.pk, position)  # the results emails say how it ended
        return "end"
    count = timeouts_in_a_row(game.pk, position) + 1  # this one included
    if count >= settings.CLOCK_TAKEOVER_AFTER:
        result = services.take_over(game.pk, position)  # the bot runner plays the seat from now on
        if result.game.status != Game.Status.ACTIVE:
            return "end"  # no one was left to play against: the results emails say why it ended
        kind, done = Notification.Kind.TAKEN_OVER, "taken_over"
    else:
        services.play_timed_out_turn(game.pk, position)
        kind, done = Notification.Kind.TIMEOUT, "timeout"
    outbox.write([outbox.row(game, user.pk, kind, now, status=_status(user), turn=turn, data={"count": count})])
    return done


def timeouts_in_a_row(game_id, position):
    """The turns in a row in which the time of the seat at ``position`` ran out, from the log: since the
    seat's last entry made by its player, each run of entries the server made for it (``by`` timeout) is
    one such turn (a timed-out turn is played to its end by the bot; other seats' entries follow it)."""
    last_own = (
        LogEntry.objects.filter(game_id=game_id, seat=position, by=LogEntry.By.SEAT)
        .order_by("-seq").values_list("seq", flat=True).first()
    )
    entries = LogEntry.objects.filter(game_id=game_id, seq__gt=last_own or 0).order_by("seq")
    turns, in_a_run = 0, False
    for seat, by in entries.values_list("seat", "by"):
        timed_out = seat == position and by == LogEntry.By.TIMEOUT
        turns += timed_out and not in_a_run
        in_a_run = timed_out
    return turns
