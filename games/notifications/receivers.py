"""Outbox rows are written in the decision's own transaction.

``services.submit_decision`` (and the start of a game) save the game's denormalised fields with
``update_fields`` inside the transaction that appends the log entry, after the game row is locked. A
``post_save`` receiver on ``Game`` therefore runs in that transaction, serialised per game: what it
writes commits or rolls back with the decision. Rows are created with ON CONFLICT DO NOTHING on their
unique (game, turn, user, kind), so running it twice for one decision writes nothing more.

The one save outside such a transaction is a step within a turn written by one statement
(services._one_more_step), taken only when the same person is awaited before and after: this receiver
writes nothing then.
"""

from django.db.models.signals import post_save
from django.dispatch import receiver
from django.utils import timezone

from games.models import Game

from . import outbox


def _watched(update_fields):
    return update_fields is not None and ("seq" in update_fields or "status" in update_fields)


@receiver(post_save, sender=Game, dispatch_uid="notifications_game_saved")
def game_saved(sender, instance, created, update_fields=None, raw=False, **kwargs):
    if raw or created or not _watched(update_fields):
        return
    game = instance
    now = timezone.now()
    if game.lesson:
        # A lesson is played at the table, with no clock: its learner is told nothing by email.
        return
    if game.status == Game.Status.FINISHED:
        outbox.write(outbox.results_rows(game, now))
    elif game.status == Game.Status.ACTIVE and game.to_move_user_id is not None:
        # A person is now awaited in a new turn (or a new seat within one): tell them. Bots and seats
        # that left the game have no person to tell; one more step of the same turn, nothing to say.
        if getattr(game, "loaded_pending", None) != game.pending_key():
            outbox.write(outbox.turn_rows(game, game.to_move_user_id, now))
