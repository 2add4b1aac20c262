"""Ratings follow the game: a ``post_save`` receiver on ``Game`` runs inside the transaction of the decision
that finished it (the game row is locked), so results and ratings commit or roll back with that decision.

Recording runs in a savepoint: should it fail, the decision that ended the game still stands (nothing a
player did is lost), the failure is logged, and ``manage.py rebuild_ratings`` recomputes what is missing.
"""

import logging

from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver

from games.models import Game

from . import services

logger = logging.getLogger(__name__)


@receiver(post_save, sender=Game, dispatch_uid="ratings_game_saved")
def game_saved(sender, instance, created, update_fields=None, raw=False, **kwargs):
    if raw or created or update_fields is None or "status" not in update_fields:
        return
    if instance.status != Game.Status.FINISHED:
        return
    try:
        with transaction.atomic():
            services.record_finished_game(instance)
    except Exception:
        logger.exception("game %s: results and ratings not recorded (run manage.py rebuild_ratings)", instance.pk)
