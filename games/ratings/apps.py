from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RatingsConfig(AppConfig):
    name = "games.ratings"
    label = "ratings"
    verbose_name = _("Ratings")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from . import receivers  # noqa: F401  (the game-finished receiver)
