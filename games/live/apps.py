from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LiveConfig(AppConfig):
    name = "games.live"
    label = "live"
    verbose_name = _("Live tables")

    def ready(self):
        from . import receivers  # noqa: F401  (publishes every committed change of a game)
