from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AnalysisConfig(AppConfig):
    """Post-game analysis: each decision of a finished game judged by the strong bot from the deciding
    seat's own view (docs/analysis.md)."""

    name = "games.analysis"
    label = "analysis"
    verbose_name = _("Post-game analysis")
    default_auto_field = "django.db.models.BigAutoField"
