"""The How to play page: open to everyone, in the reader's language, with the table's card pictures, and
linked from the home page, the lobby pages and the table."""

import re

import pytest
from django.urls import reverse

from engine.guildhall.cards import PROFESSIONS, VP_KINDS
from engine.guildhall.cardtext import PROFESSION_TIERS
from tests.games.helpers import started_game

pytestmark = pytest.mark.django_db

SECTIONS = ("goal", "cards", "setup", "turn", "play", "chapters", "buying", "professions", "vp-cards", "end",
            "seeing", "yucata", "here")


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ["How to play Guildhall", "completed chapter", "Assassin", "20 VP or more", "Yucata"]),
        ("de", ["So spielt man Guildhall", "vollständige Gruppe", "Meuchel", "Geschichts", "Yucata-Regeln"]),
        ("es", ["Cómo se juega a Guildhall", "capítulo completado", "Asesino", "Comer", "reglas de Yucata"]),
    ],
)
def test_the_page_in_each_language_with_the_card_pictures(client, language, words):
    response = client.get(reverse("guide:game", args=["guildhall"]), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    html = response.content.decode()
    for word in words:
        assert word in html, word
    for section in SECTIONS:
        assert f'id="{section}"' in html and f'href="#{section}"' in html
    # One picture of each profession with its whole tier table, and one of each kind of VP card.
    section = re.search(r'id="professions".*?</section>', html, re.S).group(0)
    cards = {part.split('"', 1)[0]: part for part in section.split('<span class="card card-')[1:]}
    assert sorted(cards) == sorted(PROFESSIONS)
    for profession, card in cards.items():
        assert card.count("<tr>") == len(PROFESSION_TIERS[profession]), profession
    vp_cards = re.search(r'id="vp-cards".*?</section>', html, re.S).group(0)
    assert vp_cards.count('class="vp-card"') == len(VP_KINDS)
    assert not any(kind in html for kind in VP_KINDS)


def test_linked_from_home_lobby_and_table(client, make_user):
    url = reverse("guide:how-to-play")
    assert f'href="{url}"' in client.get(reverse("home")).content.decode()
    alice, bob = make_user("alice"), make_user("bob")
    client.force_login(alice)
    for page in ("games:mine", "games:open", "games:create"):
        html = client.get(reverse(page)).content.decode()
        main = html.split('<main id="main"', 1)[1]  # in the page itself, not only in the header
        assert url in main, page
    game = started_game([alice, bob])
    table = client.get(reverse("games:table", args=[game.pk]), HTTP_HX_REQUEST="true").content.decode()
    assert f'href="{reverse("guide:game", args=["guildhall"])}"' in table


def test_the_index_links_each_game_its_cards_and_its_lesson(client):
    html = client.get(reverse("guide:how-to-play")).content.decode()
    for url in (reverse("guide:game", args=["guildhall"]), reverse("guide:cards", args=["guildhall"]),
                reverse("learn:learn")):
        assert f'href="{url}"' in html, url
    assert client.get(reverse("guide:game", args=["no-such-game"])).status_code == 404
    assert client.get(reverse("guide:cards", args=["no-such-game"])).status_code == 404
