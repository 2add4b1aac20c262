from django.apps import AppConfig


class GuildhallPresentationConfig(AppConfig):
    """Guildhall's presentation: an app so that its templates (templates/guildhall/) and static files
    (static/guildhall/) are found."""

    name = "games.presentation.guildhall"
    label = "presentation_guildhall"
