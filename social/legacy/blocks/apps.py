from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class BlocksConfig(AppConfig):
    """The previous release's blocks (blocks_block): model only, kept in step with social.relations for
    one release (social/legacy/__init__.py)."""

    name = "social.legacy.blocks"
    label = "blocks"
    verbose_name = _("Blocked players")
    default_auto_field = "django.db.models.BigAutoField"
