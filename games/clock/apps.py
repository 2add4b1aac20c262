from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClockConfig(AppConfig):
    name = "games.clock"
    label = "clock"
    verbose_name = _("Time limits and vacations")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from . import receivers, tasks  # noqa: F401  (the game-saved receiver, the Celery tasks)
