from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")

    def ready(self):
        from . import tasks  # noqa: F401  (registers the bot hook and the Celery tasks)
        from .history import hooks as history_hooks

        history_hooks.register()  # a finished game's history summary is cached as it ends
