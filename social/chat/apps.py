from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ChatConfig(AppConfig):
    """Table chat (players write, spectators read), mutes, reports for the staff, private notes."""

    name = "social.chat"
    label = "chat"
    verbose_name = _("Table chat and notes")
    default_auto_field = "django.db.models.BigAutoField"
