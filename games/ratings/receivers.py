"""Ratings follow the game: a ``post_save`` receiver on ``Game`` runs inside the transaction of the decision
that finished it (the game row is locked), so results and ratings commit or roll back with that decision."""

from django.db.models.signals import post_save
from django.dispatch import receiver

from games.models import Game

from . import services


@receiver(post_save, sender=Game, dispatch_uid="ratings_game_saved")
def game_saved(sender, instance, created, update_fields=None, raw=False, **kwargs):
    if raw or created or update_fields is None or "status" not in update_fields:
        return
    if instance.status == Game.Status.FINISHED:
        services.record_finished_game(instance)
