"""The clock follows the game: a ``pre_save`` receiver on ``Game`` runs inside the transaction of the
decision that saves it (the game row is locked), so the clock commits or rolls back with the decision.
A step within a turn written by one statement without a transaction (services._one_more_step) sends no
``pre_save``: it is taken only when the same person is awaited, when the clock runs on untouched.

Before the save rather than after it: the game's fields already say who is to move, and a deadline set
on the instance then goes out with the decision's own UPDATE of the row, not in an UPDATE of its own."""

from django.db import transaction
from django.db.models.signals import pre_save
from django.dispatch import receiver
from django.utils import timezone

from games import statements
from games.models import Game

from . import deadlines
from .models import TimeControl

# What ``deadlines.sync`` may change on a game's clock.
_CLOCK_FIELDS = [
    "seat", "turn", "turn_started_at", "deadline", "reminders_sent", "next_check_at", "enqueued_at", "updated_at"
]


def _watched(update_fields):
    return update_fields is not None and ("seq" in update_fields or "status" in update_fields)


@receiver(pre_save, sender=Game, dispatch_uid="clock_game_saving")
def game_saving(sender, instance, update_fields=None, raw=False, **kwargs):
    if raw or instance._state.adding or not _watched(update_fields):
        return
    game = instance
    if game.status not in (Game.Status.ACTIVE, Game.Status.FINISHED):
        return
    if game.status == Game.Status.ACTIVE and getattr(game, "loaded_pending", None) == game.pending_key():
        return  # one more step of the same turn by the same person: the clock runs on
    now = timezone.now()
    user_id = game.to_move_user_id if game.status == Game.Status.ACTIVE else None
    # Written once per process (games.statements): this runs in every decision that passes the turn.
    tc, absences = deadlines.locked_clock(game.pk, user_id, now)
    if tc is None:
        tc = TimeControl(game=game, per_move=deadlines.default_per_move())
    restart = (tc.seat, tc.turn) != (game.to_move_position, game.turn)
    deadlines.sync(tc, game, now, restart=restart, absences=absences, write_game="deadline" not in update_fields)
    if tc.pk is None:
        tc.save()
    else:
        # With the decision's own statement where the save is one (games.statements.append_locked).
        statements.update(tc, _CLOCK_FIELDS, along_with=game)
    if tc.next_check_at is not None and tc.next_check_at <= now:
        game_id = game.pk
        transaction.on_commit(lambda: _enqueue_clock(game_id))


def _enqueue_clock(game_id):
    from .tasks import enqueue_clocks

    enqueue_clocks([game_id])
