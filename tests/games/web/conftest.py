import pytest

from games import services
from games.models import Game


@pytest.fixture
def two_player_game(make_user):
    """A started two-player game: (game, alice, bob), whoever is seated first."""
    alice, bob = make_user("alice"), make_user("bob")
    game = services.create_game(alice, seats=2, invite=["bob"])
    services.join(game.pk, bob)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    return game, alice, bob


@pytest.fixture
def login(client):
    def log_in(user):
        client.force_login(user)
        return client

    return log_in
