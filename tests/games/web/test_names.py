"""On the table, a person's name links to their profile; a bot's name is not a link (no profile)."""

import re

import pytest
from django.urls import reverse

from games import services
from tests.games.helpers import started_game

pytestmark = pytest.mark.django_db


def test_names_link_to_profiles_and_bots_do_not(client, make_user):
    kim, lee = make_user("kim"), make_user("lee")
    game = started_game([kim, lee], bots=1)
    client.force_login(kim)
    html = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert re.search(r'Guildhall of <a href="/players/lee/">lee</a>', html)
    assert re.search(r'Your guildhall \(<a href="/players/kim/">kim</a>\)', html)
    bot = game.seats.get(kind="bot").display_name
    assert f"Guildhall of {bot}" in html
    assert f">{bot}</a>" not in html


def test_the_results_link_the_players_too(client, make_user):
    kim, lee = make_user("kim"), make_user("lee")
    game = started_game([kim, lee])
    services.resign(game.pk, lee)
    client.force_login(kim)
    html = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert re.search(r'Place 1: <a href="/players/kim/">kim</a>, \d+ VP', html)
    assert re.search(r'Place 2: <a href="/players/lee/">lee</a>, \d+ VP', html)
