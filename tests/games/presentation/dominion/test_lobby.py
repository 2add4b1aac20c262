"""The lobby offers Dominion with a kingdom picker: a random kingdom, or ten cards picked from the
thirteen, each shown with its cost and its text; fewer or more than ten, or a card that is not a Guilds
card, is a clear error on the form, and no game is made."""

import re

import pytest
from django.urls import reverse

from engine.dominion.cards import COST, GUILDS
from engine.dominion.text import CARD_TEXTS
from games.models import Game

pytestmark = pytest.mark.django_db

TEN = list(GUILDS[:10])


def form(**fields):
    data = {"game": "dominion", "seats": 2, "option_kingdom_mode": "random", "option_edition": "2013",
            "visibility": "open", "bots": 1, "bot_kind": "bigmoney", "rated": ""}
    data.update(fields)
    return data


@pytest.fixture
def signed_in(client, make_user):
    client.force_login(make_user("ann"))
    return client


def test_the_new_game_page_offers_dominion_with_every_card_its_cost_and_text(signed_in):
    page = signed_in.get(reverse("games:create") + "?game=dominion").content.decode()
    assert 'name="option_kingdom_mode" value="random"' in page and 'value="pick"' in page
    for card in GUILDS:
        label = page.split(f'value="{card}"')[1].split("</label>")[0]
        cost = f"${COST[card]}+" if card in ("Masterpiece", "Stonemason", "Doctor", "Herald") else f"${COST[card]}"
        assert f'<span class="dcost">{cost}</span>' in label, card
        assert CARD_TEXTS[card].replace("'", "&#x27;")[:40] in label, card
    for kind in ("bigmoney", "bigmoney_x", "strong", "random"):
        assert f'value="{kind}"' in page
    assert "dominion/dominion.css" in page


def test_a_random_kingdom_is_drawn_from_the_seed(signed_in):
    response = signed_in.post(reverse("games:create"), form())
    assert response.status_code == 302
    game = Game.objects.get()
    assert (game.game, game.options["kingdom"]) == ("dominion", "random")
    page = signed_in.get(reverse("games:game", args=[game.pk])).content.decode()
    kingdom = [card for card in GUILDS if f'data-pile="{card}"' in page]
    assert len(kingdom) == 10


def test_ten_picked_cards_are_the_kingdom(signed_in):
    response = signed_in.post(reverse("games:create"), form(option_kingdom_mode="pick", option_kingdom_cards=TEN,
                                                            option_edition="2022"))
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.options["kingdom"] == TEN and game.options["edition"] == "2022"
    page = signed_in.get(reverse("games:game", args=[game.pk])).content.decode()
    assert all(f'data-pile="{card}"' in page for card in TEN)
    assert not any(f'data-pile="{card}"' in page for card in GUILDS[10:])
    assert "2022 rules" in page and "kingdom picked" in page


@pytest.mark.parametrize("picked, error", [
    (TEN[:9], "Pick exactly 10 cards for the kingdom: you picked 9."),
    (list(GUILDS[:11]), "Pick exactly 10 cards for the kingdom: you picked 11."),
    ([], "Pick exactly 10 cards for the kingdom: you picked 0."),
    ([*TEN[:9], "Chapel"], "Chapel is not one of the Guilds kingdom cards."),
])
def test_a_wrong_pick_is_a_clear_error_and_nothing_is_created(signed_in, picked, error):
    response = signed_in.post(reverse("games:create"), form(option_kingdom_mode="pick", option_kingdom_cards=picked))
    assert response.status_code == 200
    page = response.content.decode()
    assert error in page and 'id="id_option_kingdom_error"' in page
    assert Game.objects.count() == 0
    # The picks stay ticked, so the player corrects the choice rather than starting over.
    for card in GUILDS:
        ticked = re.search(rf'name="option_kingdom_cards" value="{card}"[^>]*\bchecked\b', page)
        assert bool(ticked) == (card in picked), card
    assert re.search(r'name="option_kingdom_mode" value="pick"[^>]*\bchecked\b', page)


def test_random_ignores_cards_ticked_before_changing_ones_mind(signed_in):
    response = signed_in.post(reverse("games:create"), form(option_kingdom_cards=TEN[:3]))
    assert response.status_code == 302 and Game.objects.get().options["kingdom"] == "random"

