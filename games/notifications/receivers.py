"""Outbox rows are written in the decision's own transaction.

``services.submit_decision`` (and the start of a game) save the game's denormalised fields with
``update_fields`` inside the transaction that appends the log entry, after the game row is locked. A
``post_save`` receiver on ``Game`` therefore runs in that transaction, serialised per game: what it
writes commits or rolls back with the decision. Rows are created with ON CONFLICT DO NOTHING on their
unique (game, turn, user, kind), so running it twice for one decision writes nothing more. Where that save is one
statement on the locked path (PostgreSQL: ``games.statements.append_locked``), the rows are made in its
``pre_save`` instead and go out in that statement: the same transaction, a round trip fewer.

The one save outside such a transaction is a step within a turn written by one statement
(services._one_more_step), taken only when the same person is awaited before and after: this receiver
writes nothing then.
"""

from django.db.models.signals import post_save, pre_save
from django.dispatch import receiver
from django.utils import timezone

from games import statements
from games.models import Game

from . import outbox


def _watched(update_fields):
    return update_fields is not None and ("seq" in update_fields or "status" in update_fields)


def _rows(game, now):
    """The outbox rows the game's saved fields call for: the results once it is over, a your-turn row
    when a person is newly awaited; none for a lesson, played at the table with no clock, whose learner
    is told nothing by email."""
    if game.lesson:
        return []
    if game.status == Game.Status.FINISHED:
        return outbox.results_rows(game, now)
    if game.status == Game.Status.ACTIVE and game.to_move_user_id is not None:
        # A person is now awaited in a new turn (or a new seat within one): tell them. Bots and seats
        # that left the game have no person to tell; one more step of the same turn, nothing to say.
        if getattr(game, "loaded_pending", None) != game.pending_key():
            return outbox.turn_rows(game, game.to_move_user_id, now)
    return []


@receiver(pre_save, sender=Game, dispatch_uid="notifications_game_saving")
def game_saving(sender, instance, update_fields=None, raw=False, **kwargs):
    """Where the decision's save is one statement that takes its receivers' writes along (the locked
    path on PostgreSQL: games.statements.append_locked), the rows go out in it, a round trip fewer in
    every change of turn; the ``post_save`` below then has nothing left to do."""
    if raw or instance._state.adding or not _watched(update_fields) or not statements.taking_along(instance):
        return
    outbox.write(_rows(instance, timezone.now()), along_with=instance)
    instance.outbox_written_at_seq = instance.seq


@receiver(post_save, sender=Game, dispatch_uid="notifications_game_saved")
def game_saved(sender, instance, created, update_fields=None, raw=False, **kwargs):
    if raw or created or not _watched(update_fields):
        return
    if getattr(instance, "outbox_written_at_seq", None) == instance.seq:
        instance.outbox_written_at_seq = None  # this save's rows went with its statement; a later save's won't
        return
    outbox.write(_rows(instance, timezone.now()))
