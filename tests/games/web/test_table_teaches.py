"""The table teaches the game: it says why a card cannot be played, offers only what is possible, names
the VP card being paid for, draws the center row once, shows a Historian's search and the order of cards
put on the pile, and Yucata's information popups (Y5) in Yucata mode only.

Games are played through the real service layer (bots' choices submitted for both human seats) until
the situation a test is about arises; the page is then fetched as each player sees it.
"""

import html as htmllib
import json
import random
import re

import pytest
from django.test import TestCase
from django.urls import reverse

import engine
from engine.guildhall.views import hidden_cards
from games import cache as state_cache
from games import services
from games.models import Game
from tests.games.helpers import started_game

GUILDHALL = engine.get("guildhall")

pytestmark = pytest.mark.django_db


def user_at(game, seat):
    return game.seats.get(position=seat).user


def play_until(game, wanted, kind="greedy", seed=0, max_moves=4000):
    """Submit the bots' choices for whoever is to move until ``wanted(state)`` holds; the state, or None
    if the game ended (or ``max_moves`` passed) first."""
    rng = random.Random(seed)
    for _ in range(max_moves):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            return None
        state = state_cache.load_state(game)
        if wanted(state):
            return state
        seat = game.seats.get(position=game.to_move_position)
        decision = GUILDHALL.bots.choose(state, seat.position, kind=kind, rng=rng)
        with TestCase.captureOnCommitCallbacks(execute=True):
            services.submit_decision(game.pk, seat.user, game.seq, decision)
    return None


def reach(make_user, wanted, mode="printed", kind="greedy", tries=6, rules_version=None):
    """A two-player game (of humans) at a state where ``wanted`` holds; ``rules_version``: a game created
    under an earlier rules version (as one stored before the current version was)."""
    for attempt in range(tries):
        if rules_version is None:
            game = started_game([make_user(), make_user()], mode=mode)
        else:
            first, second = make_user(), make_user()
            game = services.create_game(first, seats=2, options={"mode": mode})
            Game.objects.filter(pk=game.pk).update(engine_version=rules_version)
            services.join(game.pk, second)
        state = play_until(game, wanted, kind=kind, seed=attempt)
        if state is not None:
            game.refresh_from_db()
            return game, state
    pytest.fail("the situation did not arise in the games played")


def page(client, game, user):
    client.force_login(user)
    response = client.get(reverse("games:game", args=[game.pk]))
    assert response.status_code == 200
    return htmllib.unescape(response.content.decode())


def pending(state):
    return state.stack[-1] if state.stack and state.phase != "over" else {}


def text_of(html):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_a_hand_card_that_cannot_be_played_says_why(client, make_user):
    def blocked(state):
        p = pending(state)
        if p.get("kind") != "action":
            return False
        return bool(GUILDHALL.view(state, p["seat"])["you"].get("cannot_play"))

    game, state = reach(make_user, blocked)
    seat = pending(state)["seat"]
    html = page(client, game, user_at(game, seat))
    reasons = GUILDHALL.view(state, seat)["you"]["cannot_play"]
    hand = re.search(r'<section class="zone hand".*?</section>', html, re.S).group(0)
    parts = hand.split('<span class="card ')[1:]
    cards = {int(re.search(r'data-card-id="(\d+)"', part).group(1)): part for part in parts}
    assert reasons
    for entry in reasons:
        card = entry["card"]
        block = cards[card]
        assert 'class="why-not"' in block
        if entry["reason"] == "duplicate":
            assert "You already have a" in block and "in your guildhall" in block
        else:
            assert "You have already played a" in block and "this turn" in block
        assert f'"card":{card},"type":"play"' not in html.replace(" ", "")  # not offered


def test_buying_is_offered_only_when_possible_and_the_center_row_appears_once(client, make_user):
    game = started_game([make_user(), make_user()])
    state = play_until(game, lambda s: pending(s).get("kind") == "action")
    seat = pending(state)["seat"]
    html = page(client, game, user_at(game, seat))
    prompt = text_of(re.search(r'<section class="prompt".*?</section>', html, re.S).group(0))
    assert "play a card" in prompt and "buy" not in prompt.lower()
    for vp in state.row:
        assert html.count(f'data-vp-id="{vp}"') == 1

    def can_buy(s):
        p = pending(s)
        return p.get("kind") == "action" and any(d["type"] == "buy" for d in GUILDHALL.legal_decisions(s, p["seat"]))

    game, state = reach(make_user, can_buy)
    html = page(client, game, user_at(game, pending(state)["seat"]))
    prompt = text_of(re.search(r'<section class="prompt".*?</section>', html, re.S).group(0))
    assert "buy a VP card from the center row" in prompt
    row = re.search(r'<section class="zone" aria-labelledby="row-h" id="center-row">.*?</section>', html, re.S).group(0)
    assert 'data-decision-type="buy"' in row and 'data-decision-type="buy"' not in html.replace(row, "")
    for vp in state.row:
        assert html.count(f'data-vp-id="{vp}"') == 1


def test_the_pay_prompt_names_the_vp_card_and_no_vp_kind_shows(client, make_user):
    game, state = reach(make_user, lambda s: pending(s).get("kind") == "pay")
    card = pending(state)["card"]
    html = page(client, game, user_at(game, pending(state)["seat"]))
    label = GUILDHALL.cardtext.vp_words(card)
    assert f"Pay for the VP card {label}" in text_of(html)
    assert not re.search(r"VP\d-|\bVP[59]\b", text_of(html))


def test_the_owner_orders_the_cards_of_a_discarded_chapter_in_a_version_2_game(client, make_user):
    # Rules version 3 asks no order_pile (the order travels with the decision); games created under
    # version 2 still ask it, and their table still shows it.
    game, state = reach(make_user, lambda s: pending(s).get("kind") == "order_pile", rules_version="2")
    p = pending(state)
    owner_html = page(client, game, user_at(game, p["seat"]))
    assert "Keep the order shown" in owner_html and "Next down the pile" in owner_html
    for card in p["cards"]:
        assert f'data-card-id="{card}"' in owner_html
    other_html = page(client, game, user_at(game, 1 - p["seat"]))
    shown = {int(c) for c in re.findall(r'data-card-id="(\d+)"', other_html)}
    assert not shown & hidden_cards(state, 1 - p["seat"])
    assert "Keep the order shown" not in other_html


def test_a_historian_search_shows_every_card_of_the_pile(client, make_user, api_client_for):
    def searching(s):
        p = pending(s)
        return p.get("kind") == "ability" and p.get("ability") == "historian" and p.get("tier") and len(s.discard) > 3

    game, state = reach(make_user, searching, tries=10)
    seat = pending(state)["seat"]
    html = page(client, game, user_at(game, seat))
    group = re.search(r"<h3>Discard pile</h3>.*?</div>", html, re.S).group(0)
    shown = [int(c) for c in re.findall(r'data-card-id="(\d+)"', group)]
    assert shown == list(reversed(state.discard))  # every card, the top first
    offered = {d["card"] for d in GUILDHALL.legal_decisions(state, seat) if d["type"] == "select"}
    hall = state.players[seat].hall
    for card in state.discard:
        if card not in offered:
            assert card // 4 in hall
    assert group.count("You already have one face up in your guildhall.") == len(set(state.discard) - offered)
    other = page(client, game, user_at(game, 1 - seat))
    assert not {int(c) for c in re.findall(r'data-card-id="(\d+)"', other)} & set(state.discard[:-1])
    # The API's view says the same to the searcher, and nothing of it to the other player.
    mine = api_client_for(user_at(game, seat)).get(f"/api/v1/games/{game.pk}/").json()["view"]["pending"]
    assert [entry["card"]["id"] for entry in mine["pile"]] == list(reversed(state.discard))
    assert {entry["card"]["id"] for entry in mine["pile"] if entry["offered"]} == offered
    theirs = api_client_for(user_at(game, 1 - seat)).get(f"/api/v1/games/{game.pk}/").json()["view"]["pending"]
    assert "pile" not in theirs


@pytest.mark.parametrize("mode", ["printed", "yucata"])
def test_yucata_popups_in_yucata_mode_only(client, make_user, mode):
    game = started_game([make_user(), make_user()], mode=mode)
    state = play_until(game, lambda s: s.phase == "play" and len(s.discard) >= 3)
    html = page(client, game, user_at(game, 0))
    if mode == "yucata":
        popup = re.search(r'<details class="popup" id="yucata-discard">.*?</details>', html, re.S).group(0)
        assert [int(c) for c in re.findall(r'data-card-id="(\d+)"', popup)] == list(reversed(state.discard))
        assert 'id="yucata-vp-deck"' in html and 'id="yucata-unseen"' in html
        assert re.search(r"cards? in hand \(\d+ known\)", text_of(html))
    else:
        assert "yucata-" not in html and "known)" not in html
        shown = {int(c) for c in re.findall(r'data-card-id="(\d+)"', html)}
        assert not shown & hidden_cards(state, 0)


def test_a_tier_submitted_when_no_ability_waits_gets_an_accurate_message(client, make_user):
    game = started_game([make_user(), make_user()])
    state = play_until(game, lambda s: pending(s).get("kind") == "action")
    client.force_login(user_at(game, pending(state)["seat"]))
    response = client.post(
        reverse("games:decide", args=[game.pk]),
        {"expected_seq": game.seq, "decision": json.dumps({"type": "tier", "tier": 0})},
        HTTP_HX_REQUEST="true",
    )
    html = htmllib.unescape(response.content.decode())
    assert "No card ability is waiting for a decision now" in html
    assert Game.objects.get(pk=game.pk).seq == game.seq
