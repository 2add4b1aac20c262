from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RelationsConfig(AppConfig):
    """How one player stands to another: follows, blocks, mutes (one model, ``Relation``)."""

    name = "social.relations"
    label = "relations"
    verbose_name = _("Relations between players")
    default_auto_field = "django.db.models.BigAutoField"
