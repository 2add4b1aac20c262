"""Every committed change of a game's seq or status is published to its pages, and every saved change of a
user's account to that user's sockets (which then check that their session still stands).

A ``post_save`` receiver on ``Game`` (like the outbox's) sees the decisions, the start, the outcomes
(resign, time) and the cancellation alike, inside their transaction, or after the one statement of a
step within a turn (services._one_more_step); it only registers the publication for after the commit
(at once outside a transaction), so it costs the decision no query."""

from django.conf import settings
from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver

from games.models import Game

from . import publish


def _watched(update_fields):
    return update_fields is None or "seq" in update_fields or "status" in update_fields


@receiver(post_save, sender=Game, dispatch_uid="live_game_saved")
def game_saved(sender, instance, created, update_fields=None, raw=False, **kwargs):
    if raw or created or not _watched(update_fields):
        return
    game = instance
    # Whose header counts change: the person awaited before this save and the one awaited now.
    before = getattr(game, "loaded_pending", (None, None, None))[2]
    people = {before, game.to_move_user_id} - {None} if before != game.to_move_user_id else set()
    args = (game.pk, game.seq, game.status, people)
    transaction.on_commit(lambda: publish.game_moved(*args))


@receiver(post_save, sender=settings.AUTH_USER_MODEL, dispatch_uid="live_user_saved")
def user_saved(sender, instance, created, update_fields=None, raw=False, **kwargs):
    """A suspension (``is_active``), a deletion (``deleted_at``, an unusable password) and a new password
    all save the user: their open sockets hear of it after the commit and close if their session no
    longer stands. A signing-in's ``last_login`` is the one save that cannot end a session."""
    if raw or created or (update_fields is not None and set(update_fields) <= {"last_login"}):
        return
    user_id = instance.pk
    transaction.on_commit(lambda: publish.account_changed(user_id))
