"""My finished games are one click from "My games" and from every profile, and the
profile shows the player's statistics."""

import pytest
from django.urls import reverse

from games.history import selectors
from tests.games.history.helpers import finished_game

pytestmark = pytest.mark.django_db


@pytest.mark.slow
def test_profile_shows_statistics_and_my_games_links_to_my_history(make_user, client):
    alice, bob = make_user("alice"), make_user("bob")
    finished_game([alice, bob], seed=5)
    stats = selectors.player_stats(alice)
    assert stats["played"] == 1

    html = client.get(reverse("public_profile", args=[alice.username])).content.decode()
    assert '<dd data-stat="played">1</dd>' in html
    assert f'<dd data-stat="won">{stats["won"]}</dd>' in html

    client.force_login(alice)
    my_games = client.get("/").content.decode()  # "My games" is the signed-in home page
    assert '/games/history/?player=alice"' in my_games
    listed = client.get("/games/history/?player=alice").content.decode()
    assert "bob" in listed
