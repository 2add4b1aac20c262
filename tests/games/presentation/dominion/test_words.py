"""Dominion in words: a decision as the analysis names it, what the your-turn email says about the position
(from the recipient's own view: their hand, never another's, never a deck's order), the history list's
columns, the options' words, how to play and the catalogue of cards, in the three languages."""

import re

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from engine.dominion.cards import CATALOGUE, COST, GUILDS
from engine.dominion.text import CARD_TEXTS
from games.models import Game
from games.notifications import emails
from games.notifications.models import Notification
from games.presentation import for_game
from tests.games.helpers import bodies

from . import scenarios

pytestmark = pytest.mark.django_db

D = for_game("dominion")
BRACKETED_PLURAL = re.compile(r"\w\((?:s|e|en|n|es)\)")


@pytest.mark.parametrize("decision, context, words", [
    ({"type": "play", "card": "Silver"}, {"kind": "buy"}, "Play Silver"),
    ({"type": "play_treasures"}, {"kind": "buy"}, "Play all Treasures"),
    ({"type": "end_actions"}, {"kind": "action"}, "End the Action phase"),
    ({"type": "spend_tokens", "n": 2}, {"kind": "buy"}, "Spend 2 Coin tokens"),
    ({"type": "spend_tokens", "n": 1}, {"kind": "buy"}, "Spend 1 Coin token"),
    ({"type": "buy", "card": "Gold"}, {"kind": "buy"}, "Buy Gold"),
    ({"type": "buy", "card": "Masterpiece", "overpay": 3}, {"kind": "buy"}, "Buy Masterpiece, overpaying $3"),
    ({"type": "end_turn"}, {"kind": "buy"}, "End the turn"),
    ({"type": "choose", "card": "Gold"}, {"kind": "advisor", "player": 0}, "Have ann discard Gold"),
    ({"type": "choose", "card": "Copper"}, {"kind": "plaza"}, "Discard Copper for a Coin token"),
    ({"type": "choose", "card": "Estate"}, {"kind": "stonemason_trash"}, "Trash Estate"),
    ({"type": "choose", "card": "Silver"}, {"kind": "gain", "source": "Butcher"}, "Gain Silver"),
    ({"type": "choose", "card": "Gold"}, {"kind": "herald_overpay"}, "Put Gold from the discard pile onto the deck"),
    ({"type": "decline"}, {"kind": "taxman_trash"}, "Trash nothing"),
    ({"type": "decline"}, {"kind": "plaza"}, "Discard nothing"),
    ({"type": "number", "n": 0}, {"kind": "butcher_pay"}, "Remove 0 Coin tokens"),
    ({"type": "name", "card": "Province"}, {"kind": "name", "card": "Doctor"}, "Name Province"),
    ({"type": "order", "cards": ["Gold", "Estate"]}, {"kind": "doctor_order"},
     "Put back Gold, Estate (the first on top)"),
    ({"type": "option", "value": "topdeck"}, {"kind": "doctor_overpay"}, "Put the card looked at back on the deck"),
])
def test_each_decision_has_its_words(decision, context, words):
    assert D.decision_words(decision, context, ["ann", "bob"]) == words


def test_the_context_of_a_decision_is_what_the_deciders_own_view_said(make_user):
    game, state = scenarios.game_at("advisor", [make_user("ann"), make_user("bob")])
    chooser = state.prompt["seat"]
    context = D.decision_context(scenarios.G.view(state, chooser))
    assert context == {"kind": "advisor", "player": state.active}
    game, state = scenarios.game_at("gain", [make_user("cy"), make_user("di")])
    context = D.decision_context(scenarios.G.view(state, state.prompt["seat"]))
    assert context["kind"] == "gain" and context["source"] in ("Butcher", "Stonemason", "Stonemason+", "Taxman")


def test_the_your_turn_email_of_the_advisors_chooser_asks_them_and_shows_only_their_own_hand(make_user, settings):
    users = [make_user("ann"), make_user("bob")]
    game, state = scenarios.game_at("advisor", users)
    chooser, active = state.prompt["seat"], state.active
    by_seat = scenarios.users_by_seat(game)
    lines = emails.position_lines(game, chooser)
    active_name = by_seat[active].username
    assert lines[0].startswith(f"{active_name} played Advisor: choose which of ")
    assert lines[1] == "Your hand: " + D_list(sorted(state.seats[chooser].hand)) + "."
    assert any(line.startswith("Victory points: ") for line in lines)
    assert any("Provinces are left." in line for line in lines)
    notice = Notification.objects.filter(user=by_seat[chooser], game=game, kind="turn").order_by("-id").first()
    assert notice is not None  # the chooser is the one the game waits for: they get the your-turn email
    message = emails.build_message(notice, timezone.now())
    text, html = bodies(message)
    for body in (text, html):
        assert f"{active_name} played Advisor: choose which of " in body
        assert "Your hand: " + D_list(sorted(state.seats[chooser].hand)) in body


def D_list(cards):
    from games.presentation.dominion.cards import list_words

    return list_words(cards)


def test_the_history_columns_come_from_the_finished_games_public_view(make_user):
    game = scenarios.finished_game([make_user("ann"), make_user("bob")])
    assert dict(D.summary_columns()).keys() == {"turns", "provinces"}
    final = scenarios.state_of(game)
    facts = D.summary_facts(scenarios.G.view(final, None))
    assert facts["turns"] == max(s.turns for s in final.seats)
    assert facts["provinces"] == 8 - final.supply["Province"]
    assert game.status == Game.Status.FINISHED


def test_the_options_in_words():
    assert D.options_words({"kingdom": "random", "edition": "2013"}) == "2013 rules"
    assert D.options_words({"kingdom": list(GUILDS[:10]), "edition": "2022"}) == "2022 rules · kingdom picked"
    assert D.options_words({}) == ""


@pytest.mark.parametrize("language", ["en", "de", "es"])
def test_how_to_play_and_the_cards_show_every_card_with_its_cost(client, language):
    with translation.override(language):
        guide = client.get(reverse("guide:game", args=["dominion"]), HTTP_ACCEPT_LANGUAGE=language)
        cards = client.get(reverse("guide:cards", args=["dominion"]), HTTP_ACCEPT_LANGUAGE=language)
    assert guide.status_code == cards.status_code == 200
    for page in (guide.content.decode(), cards.content.decode()):
        assert not BRACKETED_PLURAL.search(re.sub(r"<(script|style)\b.*?</\1>", "", page, flags=re.S))
        for card in CATALOGUE:
            assert f'data-card="{card}"' in page
        if language == "en":
            for card in GUILDS:
                assert CARD_TEXTS[card][:30].replace("'", "&#x27;") in page
    assert f"${COST['Province']}" in cards.content.decode()
    index = client.get(reverse("guide:how-to-play")).content.decode()
    assert reverse("guide:game", args=["dominion"]) in index and reverse("guide:cards", args=["dominion"]) in index


def test_the_table_links_to_how_to_play(client, make_user):
    users = [make_user("ann"), make_user("bob")]
    game, _state = scenarios.game_at("buy", users)
    client.force_login(users[0])
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert reverse("guide:game", args=["dominion"]) in page and "dominion/dominion.js" in page
