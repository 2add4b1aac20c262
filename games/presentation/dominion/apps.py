from django.apps import AppConfig


class DominionPresentationConfig(AppConfig):
    """Dominion's presentation: an app so that its templates (templates/dominion/) and static files
    (static/dominion/) are found."""

    name = "games.presentation.dominion"
    label = "presentation_dominion"
