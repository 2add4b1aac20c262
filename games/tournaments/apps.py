from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    """Tournaments: Swiss, round robin and knockout events whose games are ordinary games of the site."""

    name = "games.tournaments"
    label = "tournaments"
    verbose_name = _("Tournaments")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from games.notifications import kinds

        from . import emails, hooks  # noqa: F401  (hooks registers the "a game ended" hook)

        # The round, bye and final-standings emails, in the outbox's registry (it never imports this app):
        # wanted by those who want results emails, and turned off with them.
        for kind, build in emails.BUILDERS.items():
            kinds.register(kind, build, preference="result_emails")
