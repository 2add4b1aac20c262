"""The page of live games: public games in progress; a spectator opening one sees the spectator's view."""

import re

import pytest
from django.urls import reverse

from games import cache as state_cache
from games import services
from social.relations import services as friends
from tests.games.helpers import play, started_game

pytestmark = pytest.mark.django_db


def _live(client, user, who=None):
    client.force_login(user)
    url = reverse("watch:live") + (f"?who={who}" if who else "")
    return client.get(url).content.decode()


def _listed(html):
    return {int(i) for i in re.findall(r'<tr data-game-id="(\d+)"', html)}


def test_only_public_games_in_progress_are_listed(client, make_user):
    alice, bob, carol, dave, viewer = (make_user(n) for n in ("alice", "bob", "carol", "dave", "viewer"))
    public = started_game([alice, bob])
    with_bot = started_game([carol], bots=1)
    private = services.create_game(dave, seats=2, invite=["alice"])
    services.join(private.pk, alice)
    still_open = services.create_game(viewer, seats=2)
    over = started_game([carol, dave])
    services.resign(over.pk, carol)
    html = _live(client, viewer)
    assert _listed(html) == {public.pk, with_bot.pk}
    assert private.pk not in _listed(html) and still_open.pk not in _listed(html) and over.pk not in _listed(html)
    assert "Greedy bot 2" in html or "Greedy bot 1" in html  # a bot by its kind and seat (Presentation.bot_name)
    assert ">Watch<" in html
    # A player sees their own game as theirs to play.
    assert ">Play<" in _live(client, alice)
    client.logout()
    assert client.get(reverse("watch:live")).status_code == 302


def test_the_players_i_follow(client, make_user):
    alice, bob, carol, dave, viewer = (make_user(n) for n in ("alice", "bob", "carol", "dave", "viewer"))
    followed = started_game([alice, bob])
    other = started_game([carol, dave])
    assert _listed(_live(client, viewer, "following")) == set()
    assert "None of the players you follow" in _live(client, viewer, "following")
    friends.follow(viewer, bob)
    assert _listed(_live(client, viewer, "following")) == {followed.pk}
    assert _listed(_live(client, viewer, "bogus")) == {followed.pk, other.pk}


def test_a_spectator_sees_no_hand(client, make_user):
    alice, bob, viewer = make_user("alice"), make_user("bob"), make_user("viewer")
    game = started_game([alice, bob])
    play(game, 12)
    assert game.pk in _listed(_live(client, viewer))
    html = client.get(reverse("games:game", args=[game.pk])).content.decode()
    game.refresh_from_db()
    state = state_cache.load_state(game)
    for seat in range(2):
        for card in state.players[seat].hand:
            assert f'data-card-id="{card}"' not in html
    assert 'id="my-hand"' not in html and 'id="chat-spectator"' in html
