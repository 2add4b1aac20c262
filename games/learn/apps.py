from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LearnConfig(AppConfig):
    """The guided first game: a real game against a gentle bot on a fixed deal, with a coach (docs/learn.md)."""

    name = "games.learn"
    label = "learn"
    verbose_name = _("Guided first game")
    default_auto_field = "django.db.models.BigAutoField"
