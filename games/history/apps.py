from django.apps import AppConfig


class HistoryConfig(AppConfig):
    """Registered only so that the replay's script (static/history/replay.js) is found as a static file;
    the history's hook is still added by the games app's ready()."""

    name = "games.history"
    label = "history"
