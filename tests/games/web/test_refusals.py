"""A refused page action: the service's words as the next page's message, nothing changed; an unknown
game is a 404 (games/web/refusals.py, the one way the page views say a refusal)."""

import pytest
from django.urls import reverse

from games import services
from games.models import Game, Seat

pytestmark = pytest.mark.django_db


def test_a_refusal_is_the_next_page_s_message_and_changes_nothing(client, make_user):
    host, guest = make_user("host"), make_user("guest")
    game = services.create_game(host, seats=3)
    client.force_login(guest)
    assert client.post(reverse("games:join", args=[game.pk]), follow=True).status_code == 200
    seats = Seat.objects.filter(game=game).count()
    response = client.post(reverse("games:join", args=[game.pk]), follow=True)  # a second time: refused
    assert response.redirect_chain[-1][0] == reverse("games:game", args=[game.pk])
    shown = [str(m) for m in response.context["messages"]]
    assert shown == ["You are already in this game."]
    assert Seat.objects.filter(game=game).count() == seats
    assert Game.objects.get(pk=game.pk).status == Game.Status.OPEN


def test_an_unknown_game_is_a_404_and_a_success_says_so(client, make_user):
    host = make_user("host")
    client.force_login(host)
    assert client.post(reverse("games:join", args=[999999])).status_code == 404
    game = services.create_game(host, seats=2)
    response = client.post(reverse("games:leave", args=[game.pk]), follow=True)
    assert [str(m) for m in response.context["messages"]] == ["The game was cancelled."]
    assert response.redirect_chain[-1][0] == reverse("games:mine")
