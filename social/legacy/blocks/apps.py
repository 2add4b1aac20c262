from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class BlocksConfig(AppConfig):
    """Blocking: a player keeps another from inviting, following, messaging or chatting with them."""

    name = "accounts.blocks"
    label = "blocks"
    verbose_name = _("Blocked players")
    default_auto_field = "django.db.models.BigAutoField"
