from django.apps import AppConfig


class GamesWebConfig(AppConfig):
    """The lobby and table pages: an app of its own so that its template tags load."""

    name = "games.web"
    label = "games_web"
