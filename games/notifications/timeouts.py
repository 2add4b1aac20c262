"""What the beat scan does for one game whose ``next_check_at`` has come: reminders, timeouts, and the
bot's turns for seats it took over.

Everything for one game happens in one transaction that holds the game's row lock, so two workers
processing the same game serialise, and the second sees the first's result (a new turn: nothing due).
Timeouts go through ``services.submit_decision`` with the Seat as actor, like any bot move; the log
entries are normal decisions, and ``SystemDecision`` records which ones the server made.
"""

import logging
import random

from django.conf import settings
from django.db import transaction
from django.utils import timezone

import engine
from games import cache as state_cache
from games import services
from games.exceptions import GameError
from games.models import Game, Seat

from . import clock, outbox
from .models import Notification, SystemDecision, TimeControl
from .receivers import system_decision

logger = logging.getLogger(__name__)

REMINDER_KINDS = [Notification.Kind.REMINDER_1, Notification.Kind.REMINDER_2, Notification.Kind.REMINDER_3]
MAX_DECISIONS_PER_TURN = 300


def process(game_id, now=None):
    """Handle whatever is due in ``game_id``. Returns what was done: "reminder", "timeout",
    "taken_over", "end" or None."""
    now = now or timezone.now()
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        tc = TimeControl.objects.select_for_update().filter(game_id=game_id).first()
        if game is None or tc is None:
            return None
        tc.enqueued_at = None
        if game.status != Game.Status.ACTIVE or game.to_move_position is None:
            clock.sync(tc, game, now)
            tc.save()
            return None
        if (tc.seat, tc.turn) != (game.to_move_position, game.turn):
            clock.sync(tc, game, now, restart=True)
        seat = Seat.objects.select_related("user__profile").filter(game_id=game.pk, position=tc.seat).first()
        if seat is None or seat.is_bot:
            clock.sync(tc, game, now)
            tc.save()
            return None
        if tc.seat in tc.taken_over:
            tc.save()
            _play_turn(game, seat, SystemDecision.Reason.TAKEN_OVER)
            return "taken_over"
        absences = clock.absences_of(seat.user_id, tc.turn_started_at) if tc.turn_started_at else []
        deadline, reminders = clock.clock_times(tc, seat.user_id, absences)
        if deadline is not None and deadline <= now:
            return _timeout(game, tc, seat, now)
        due = [i for i, at in enumerate(reminders) if at <= now and i >= tc.reminders_sent]
        done = None
        if due:
            # Only the latest due point is sent (after an absence several may have passed at once).
            index = due[-1]
            tc.reminders_sent = index + 1
            wanted = outbox.Prefs(seat.user).reminder_emails and bool(seat.user.email)
            status = Notification.Status.PENDING if wanted else Notification.Status.SKIPPED
            kind = REMINDER_KINDS[min(index, len(REMINDER_KINDS) - 1)]
            outbox.write([outbox.row(game, seat.user_id, kind, now, status=status)])
            done = "reminder"
        clock.sync(tc, game, now, seat=seat, absences=absences)
        tc.save()
        return done


def _timeout(game, tc, seat, now):
    position = seat.position
    count = tc.timeouts_of(position) + 1
    tc.consecutive_timeouts = {**tc.consecutive_timeouts, str(position): count}
    if tc.policy == TimeControl.Policy.END:
        tc.save()
        _end_game(game, tc, seat, now)
        return "end"
    takeover = count >= settings.NOTIFY_TAKEOVER_AFTER
    if takeover and position not in tc.taken_over:
        tc.taken_over = [*tc.taken_over, position]
    tc.save()
    turn = game.turn
    kind = Notification.Kind.TAKEN_OVER if takeover else Notification.Kind.TIMEOUT
    wanted = outbox.Prefs(seat.user).reminder_emails and bool(seat.user.email)
    status = Notification.Status.PENDING if wanted else Notification.Status.SKIPPED
    outbox.write([outbox.row(game, seat.user_id, kind, now, status=status, turn=turn, data={"count": count})])
    _play_turn(game, seat, SystemDecision.Reason.TIMEOUT)
    return "timeout"


def _play_turn(game, seat, reason):
    """The greedy bot decides for ``seat`` until the turn passes to someone else (in this transaction)."""
    turn = game.turn
    state = None
    for _i in range(MAX_DECISIONS_PER_TURN):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE or game.to_move_position != seat.position or game.turn != turn:
            return
        if state is None or state.seq != game.seq:
            state = state_cache.load_state(game)
        rng = random.Random(f"{game.seed}:{game.seq}:timeout")
        decision = engine.bots.choose(state, seat.position, kind="greedy", rng=rng)
        try:
            with system_decision(reason):
                result = services.submit_decision(game.pk, seat, game.seq, decision)
        except GameError:
            logger.exception("game %s: the bot's decision for seat %s was refused", game.pk, seat.position)
            return
        SystemDecision.objects.create(game=game, seq=result.entry.seq, seat=seat.position, turn=turn, reason=reason)
        state = result.state
    logger.error("game %s: the bot made %s decisions in one turn", game.pk, MAX_DECISIONS_PER_TURN)


def _end_game(game, tc, seat, now):
    """Policy "end": the game ends now; the others are placed by their VP, the absent player last.

    ``services`` has no way to end a game early yet (requested in /tmp/notify-requests.md), so this
    writes the same fields the service writes when a game finishes, under the same row lock."""
    state = state_cache.load_state(game)
    seats = list(Seat.objects.filter(game_id=game.pk, position__isnull=False))
    others = [s for s in seats if s.position != seat.position]
    vps = {s.position: state.vp(s.position) for s in seats}
    for s in others:
        s.final_place = 1 + sum(1 for o in others if vps[o.position] > vps[s.position])
        s.save(update_fields=["final_place"])
    seat.final_place = len(seats)
    seat.save(update_fields=["final_place"])
    SystemDecision.objects.create(
        game=game, seq=None, seat=seat.position, turn=game.turn, reason=SystemDecision.Reason.END
    )
    game.status = Game.Status.FINISHED
    game.finished_at = now
    game.to_move_position = None
    game.to_move_user = None
    game.deadline = None
    game.scores = [vps[p] for p in range(game.num_seats)]
    # post_save (receivers.game_saved) writes the results rows in this transaction.
    game.save(
        update_fields=["status", "finished_at", "to_move_position", "to_move_user", "deadline", "scores", "updated_at"]
    )
    Notification.objects.filter(game_id=game.pk, kind=Notification.Kind.RESULTS).update(
        data={"ended_by_timeout": True}
    )
