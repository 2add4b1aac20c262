import pytest

from games import services
from games.models import Game

from ..helpers import play, started_game


@pytest.fixture(autouse=True)
def _small_budget(settings):
    """A few play-outs per decision: the machine is shared, and the figures' quality is measured by
    ``manage.py analysis_quality``, not here."""
    settings.ANALYSIS_PLAYOUTS = 12
    settings.ANALYSIS_CPU_SECONDS = 0.05
    settings.ANALYSIS_USER_RATE = ""
    settings.ANALYSIS_USER_RUNNING = 5


@pytest.fixture
def short_game(make_user, commit):
    """A two-player game of a few decisions, finished by a resignation (the other player wins)."""

    def make(moves=14, seed=3):
        users = [make_user(), make_user()]
        with commit():
            game = started_game(users)
        play(game, moves)
        game.refresh_from_db()
        seat = game.seats.get(position=game.to_move_position)
        with commit():
            services.resign(game.pk, seat.user)
        game.refresh_from_db()
        assert game.status == Game.Status.FINISHED
        return game, users

    return make
