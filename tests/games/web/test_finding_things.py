"""A newcomer finds their way: the tournaments from every page's header, a tournament game's table to its
tournament, and an open game that is not open to them is never offered (nor explained by a block)."""

import re

import pytest
from django.urls import reverse

from games import services
from games.models import Game
from games.tournaments import services as tournaments
from games.tournaments.models import Table
from social.relations import services as relations

pytestmark = pytest.mark.django_db


def test_the_header_links_to_the_tournaments_for_everyone(client, make_user):
    listing = reverse("tournaments:list")
    for path in (reverse("home"), reverse("guide:how-to-play")):
        assert f'href="{listing}"' in client.get(path).content.decode(), path
    client.force_login(make_user("kim"))
    for path in (reverse("home"), reverse("games:open"), reverse("games:create")):
        header = client.get(path).content.decode().split("</header>")[0]
        assert f'href="{listing}"' in header, path


def test_a_tournament_game_links_to_its_round_and_its_tournament(client, make_user):
    people = [make_user(f"p{i}") for i in range(4)]
    tournament = tournaments.create_tournament(people[0], name="Autumn open", format="swiss", table_size=2, rounds=2)
    for user in people:
        tournaments.join(tournament.pk, user)
    tournaments.start(tournament.pk, people[0])
    table = Table.objects.select_related("round").filter(round__tournament=tournament).first()
    client.force_login(people[0])
    page = client.get(reverse("games:game", args=[table.game_id])).content.decode()
    assert f'href="{reverse("tournaments:detail", args=[tournament.pk])}"' in page
    round_url = reverse("tournaments:round", args=[tournament.pk, table.round.number])
    assert re.search(rf'<a href="{round_url}">Round 1 of Autumn open</a>', page)
    # The tournament's round lists its games, each a link to its table.
    assert f'href="{reverse("games:game", args=[table.game_id])}"' in client.get(round_url).content.decode()
    # Any other game's table says nothing of tournaments.
    plain = services.create_game(people[0], seats=2, bots=1)
    assert "tournament-of-game" not in client.get(reverse("games:game", args=[plain.pk])).content.decode()


def _waiting_room(client, game):
    return client.get(reverse("games:game", args=[game.pk])).content.decode()


@pytest.mark.parametrize("who_blocks", ["creator", "visitor"])
def test_an_open_game_of_someone_kept_apart_is_not_offered_and_the_page_does_not_say_why(client, make_user,
                                                                                        who_blocks):
    ann, bob, cleo = make_user("ann"), make_user("bob"), make_user("cleo")
    if who_blocks == "creator":
        relations.block(ann, bob)
    else:
        relations.block(bob, ann)
    game = services.create_game(ann, seats=3)
    join = reverse("games:join", args=[game.pk])

    # Someone else is offered the seat, and the list shows the game.
    client.force_login(cleo)
    assert join in _waiting_room(client, game) and "Open to anyone." in _waiting_room(client, game)
    assert f'data-game-id="{game.pk}"' in client.get(reverse("games:open")).content.decode()

    # Bob is not: no Join in the lobby's list nor on the game's page, which reads like any game that is
    # not open to him, with nothing about a block.
    client.force_login(bob)
    assert f'data-game-id="{game.pk}"' not in client.get(reverse("games:open")).content.decode()
    page = _waiting_room(client, game)
    assert join not in page and 'id="join"' not in page
    assert "This game is not open for joining." in page and "Open to anyone." not in page
    assert "block" not in page.lower()
    # And had he posted anyway, the refusal is the same words, and nothing changes.
    response = client.post(join, follow=True)
    assert "This game is not open for joining." in response.content.decode()
    assert "block" not in response.content.decode().lower()
    assert not game.seats.filter(user=bob).exists()


def test_an_invitation_lets_a_player_kept_apart_in(client, make_user):
    """An invitation is a choice made for this table: the invited player is offered the seat."""
    ann, bob = make_user("ann"), make_user("bob")
    relations.block(bob, ann)
    game = services.create_game(ann, seats=2, invite=["bob"])
    client.force_login(bob)
    assert reverse("games:join", args=[game.pk]) in _waiting_room(client, game)
    client.post(reverse("games:join", args=[game.pk]))
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
