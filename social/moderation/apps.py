from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ModerationConfig(AppConfig):
    """Moderation: the staff's queue of reports, their actions and the audit log."""

    name = "social.moderation"
    label = "moderation"
    verbose_name = _("Moderation")
    default_auto_field = "django.db.models.BigAutoField"
