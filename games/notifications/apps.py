from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class NotificationsConfig(AppConfig):
    name = "games.notifications"
    label = "notifications"
    verbose_name = _("Notifications")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # The game-saved receiver, the Celery tasks, the deployment checks of Web Push.
        from . import checks, receivers, tasks  # noqa: F401
