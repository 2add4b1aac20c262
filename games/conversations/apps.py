from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ConversationsConfig(AppConfig):
    """Private messages between players: conversations, unread counts, emails."""

    name = "games.conversations"
    label = "conversations"
    verbose_name = _("Private messages")
    default_auto_field = "django.db.models.BigAutoField"
