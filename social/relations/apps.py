from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RelationsConfig(AppConfig):
    """How one player stands to another: follows, blocks, mutes (one model, ``Relation``)."""

    name = "social.relations"
    label = "relations"
    verbose_name = _("Relations between players")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # The games' core asks whom a player is kept apart from (a block either way) through its seating
        # hooks, without importing this app.
        from games import hooks

        from . import selectors

        hooks.register_seating("kept_apart_ids", selectors.kept_apart_ids)
