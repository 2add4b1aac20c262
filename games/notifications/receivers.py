"""Signal receivers: the clock and the outbox rows are written in the decision's own transaction.

``services.submit_decision`` (and the start of a game) save the game's denormalised fields with
``update_fields`` inside the transaction that appends the log entry, after the game row is locked. A
``post_save`` receiver on ``Game`` therefore runs in that transaction, serialised per game: what it
writes commits or rolls back with the decision. Rows are created with ON CONFLICT DO NOTHING on their
unique (game, turn, user, kind), so running it twice for one decision writes nothing more.
"""

import contextlib
import contextvars

from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.utils import timezone

from games.models import Game, LogEntry, Seat

from . import clock, outbox
from .models import Notification, TimeControl

# Set while the server decides for an absent player: such decisions don't reset the timeout count.
_system_decision = contextvars.ContextVar("notifications_system_decision", default=None)


@contextlib.contextmanager
def system_decision(reason):
    token = _system_decision.set(reason)
    try:
        yield
    finally:
        _system_decision.reset(token)


def _watched(update_fields):
    return update_fields is not None and ("seq" in update_fields or "status" in update_fields)


@receiver(post_save, sender=Game, dispatch_uid="notifications_game_saved")
def game_saved(sender, instance, created, update_fields=None, raw=False, **kwargs):
    if raw or created or not _watched(update_fields):
        return
    game = instance
    if game.status not in (Game.Status.ACTIVE, Game.Status.FINISHED):
        return
    if (
        game.status == Game.Status.ACTIVE
        and _system_decision.get() is None
        and getattr(game, "loaded_pending", None) == (game.to_move_position, game.turn)
    ):
        # One more step of the same player's turn: the clock runs on and there is nothing to send. Any
        # run of timeouts is reset when this player's decision ends the turn (the next branch below).
        return
    now = timezone.now()
    tc = TimeControl.objects.select_for_update().filter(game_id=game.pk).first()
    if tc is None:
        tc = TimeControl(game=game, per_move=clock.default_per_move())
    previous = (tc.seat, tc.turn) if tc.pk else None
    current = (game.to_move_position, game.turn)

    reset_from = dict(tc.consecutive_timeouts)
    # A decision of the player's own (not the server's for them) ends their run of timeouts.
    if any(tc.consecutive_timeouts.values()) and _system_decision.get() is None and "seq" in update_fields:
        decider = LogEntry.objects.filter(game_id=game.pk, seq=game.seq).values_list("seat", flat=True).first()
        if decider is not None and tc.consecutive_timeouts.get(str(decider)):
            tc.consecutive_timeouts = {**tc.consecutive_timeouts, str(decider): 0}

    changed = previous != current
    if changed or game.status != Game.Status.ACTIVE or tc.pk is None or tc.seat in tc.taken_over:
        clock.sync(tc, game, now, restart=changed)
        tc.save()
    else:
        # The same decision is still awaited (a multi-step turn): the clock runs on unchanged; only
        # undo the services' own default deadline on the game row if it wrote one.
        if game.deadline != tc.deadline:
            game.deadline = tc.deadline
            Game.objects.filter(pk=game.pk).update(deadline=tc.deadline)
        if tc.consecutive_timeouts != reset_from:
            tc.save(update_fields=["consecutive_timeouts", "updated_at"])

    rows = []
    if game.status == Game.Status.FINISHED:
        _place_taken_over_last(game, tc)
        rows = outbox.results_rows(game, now)
    elif changed and game.to_move_user_id is not None and game.to_move_position not in tc.taken_over:
        rows = outbox.turn_rows(game, game.to_move_user_id, now)
    if rows:
        outbox.write(rows)
    if tc.next_check_at is not None and tc.next_check_at <= now:
        game_id = game.pk
        transaction.on_commit(lambda: _enqueue_clock(game_id))


def _enqueue_clock(game_id):
    from .tasks import enqueue_clock

    enqueue_clock(game_id)


def _place_taken_over_last(game, tc):
    """Seats the bot took over are placed after every other seat (their order among them kept)."""
    if not tc.taken_over:
        return
    taken = {int(s) for s in tc.taken_over}
    seats = list(Seat.objects.filter(game_id=game.pk, position__isnull=False).values("pk", "position", "final_place"))
    if any(s["final_place"] is None for s in seats):
        return
    keep = [s for s in seats if s["position"] not in taken]
    last = [s for s in seats if s["position"] in taken]
    for group, offset in ((keep, 0), (last, len(keep))):
        for s in group:
            place = offset + 1 + sum(1 for o in group if o["final_place"] < s["final_place"])
            if place != s["final_place"]:
                Seat.objects.filter(pk=s["pk"]).update(final_place=place)


def pending_ids_for_game(game_id, turn):
    return list(
        Notification.objects.filter(
            game_id=game_id, turn=turn, status=Notification.Status.PENDING, due_at__lte=timezone.now()
        ).values_list("pk", flat=True)
    )
