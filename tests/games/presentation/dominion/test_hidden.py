"""Hidden information (§12 of the rules statement): what a viewer may not know never shapes what the site
shows them. Nobody sees any deck's order, their own included; another player's hand, the cards they looked
at, a Doctor's put-back order and a Herald's picks are theirs alone.

The check is the statement's own (D-HID-5), applied to everything the site renders: for each viewer (each
seat and a signed-in spectator), the cards hidden from them are moved to other hidden places
(``permute_hidden``), and the private parts of past events they may not read are changed; the table page,
the replay's step, the log in words, the your-turn email's lines and the push text must come out exactly
the same. The real cache is what holds the other state: the pages read it as they would the true one.
"""

import random
import re

import pytest
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.urls import reverse
from django.utils.translation import gettext, ngettext

from engine.dominion.cards import CATALOGUE
from games import cache as state_cache
from games.notifications import emails, push
from games.presentation import for_game

from . import scenarios

pytestmark = pytest.mark.django_db

G = scenarios.G
# Events whose card or cards are their owner's alone (engine/dominion/text.py tells the others a count).
PRIVATE_CARD = ("look", "keep", "herald_pick")
VOLATILE = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"|hx-headers=\'[^\']*\'|"X-CSRFToken": "[^"]*"')


def other_events(events, viewer, rng):
    """``events`` with every part hidden from ``viewer`` changed: another player's drawn cards, a Doctor's
    put-back order and look, a Herald's picks."""
    changed = []
    for entry in events:
        altered = []
        for event in entry:
            event = dict(event)
            theirs = event.get("seat") != viewer
            if theirs and event["t"] == "draw" and event.get("cards"):
                event["cards"] = [rng.choice(CATALOGUE) for _card in event["cards"]]
            elif theirs and event["t"] == "put_back" and len(event["cards"]) > 1:
                event["cards"] = list(reversed(event["cards"]))
            elif theirs and event["t"] in PRIVATE_CARD:
                event["card"] = rng.choice([c for c in CATALOGUE if c != event["card"]])
            altered.append(event)
        changed.append(altered)
    return changed


def put_in_cache(game, state, events):
    """Make ``state`` (and ``events``, by entry) what the site reads for ``game`` at its seq."""
    state_cache.clear_local()
    state_cache.store_state(game, state.clone(with_events=False))
    state_cache._cache_set_many({state_cache.events_key(game, seq): events[seq] for seq in range(1, state.seq + 1)})
    state_cache.clear_local()


def page(client, url, user, **headers):
    client.force_login(user)
    response = client.get(url, **headers)
    assert response.status_code == 200, (url, response.status_code)
    return VOLATILE.sub("", response.content.decode())


def rendered(client, game, user, seat, names):
    """Everything the site shows ``user`` (at ``seat``, None for a spectator) about the game now."""
    table = page(client, reverse("games:game", args=[game.pk]) + "?log=all", user)
    fragment = page(client, reverse("game-replay", args=[game.pk]) + f"?step={game.seq}", user,
                    HTTP_X_REPLAY_FRAGMENT="step")
    said = {"table": table, "replay": fragment}
    if seat is not None:
        said["email log"] = emails.log_since_last_turn(game, seat, game.seq)
        said["email position"] = emails.position_lines(game, seat)
        said["push"] = push.payload(game.pk, "en")
    return said


def true_events(game):
    state = state_cache.load_state(game, events_after=0)
    return state, [list(entry) for entry in state.events]


@pytest.fixture
def people(make_user):
    return [make_user("ann"), make_user("bob"), make_user("cy")], make_user("sam")


@pytest.mark.parametrize("kind, players", [
    ("buy", 2), ("advisor", 2), ("doctor_order", 2), ("doctor_overpay", 2), ("name", 3), ("gain", 3),
    ("plaza", 2), ("taxman_trash", 3),
])
def test_nothing_hidden_from_a_viewer_changes_what_the_site_shows_them(kind, players, client, people):
    users, spectator = people
    game, _state = scenarios.game_at(kind, users[:players], where=lambda st: st.turn >= 3)
    by_seat = scenarios.users_by_seat(game)
    names = [by_seat[s].username for s in range(players)]
    truth, events = true_events(game)
    viewers = [(seat, by_seat[seat]) for seat in range(players)] + [(None, spectator)]
    rng = random.Random(kind)
    for seat, user in viewers:
        put_in_cache(game, truth, events)
        before = rendered(client, game, user, seat, names)
        moved = False
        for _attempt in range(3):
            other = G.permute_hidden(truth, seat, rng)
            other_log = other_events(events, seat, rng)
            moved = moved or other != truth or other_log != events
            put_in_cache(game, other, other_log)
            after = rendered(client, game, user, seat, names)
            for what in before:
                assert after[what] == before[what], f"{kind}: {what} for seat {seat} shows what it may not know"
        assert moved, "nothing hidden to move: the check would prove nothing"
        put_in_cache(game, truth, events)


def test_the_replay_step_of_a_running_game_is_the_viewers_own_view(client, people):
    users, spectator = people
    game, state = scenarios.game_at("doctor_overpay", users[:2])
    seat = state.prompt["seat"]
    by_seat = scenarios.users_by_seat(game)
    presentation = for_game(game)
    names = [by_seat[s].username for s in range(2)]
    request = RequestFactory().get("/")
    for viewer, user in ((seat, by_seat[seat]), (1 - seat, by_seat[1 - seat]), (None, spectator)):
        fragment = page(client, reverse("game-replay", args=[game.pk]) + f"?step={game.seq}", user,
                        HTTP_X_REPLAY_FRAGMENT="step")
        table = presentation.replay_table(G.view(state, viewer), names, viewer)
        expected = render_to_string("dominion/_replay_table.html", {"table": table}, request)
        assert expected.strip() in fragment
        looked = "Looked at on top of the deck:</span> <span class=\"dchip"
        assert (looked in fragment) == (viewer == seat)  # a Doctor's look is its owner's alone


def test_the_log_tells_others_counts_and_the_owner_the_cards(client, people):
    users, _spectator = people
    game, state = scenarios.game_at("buy", users[:2], where=lambda st: st.turn >= 2)
    by_seat = scenarios.users_by_seat(game)
    names = [by_seat[s].username for s in range(2)]
    truth, _events = true_events(game)
    for viewer in (0, 1):
        log = page(client, reverse("games:game", args=[game.pk]) + "?log=all", by_seat[viewer])
        for seq in range(1, truth.seq + 1):
            said = G.describe(truth, seq, viewer, names, gettext, ngettext)
            assert said.replace("'", "&#x27;") in log
    own_draws = [e for entry in truth.events for e in entry if e["t"] == "draw" and e["seat"] == 0 and e["count"]]
    assert own_draws
    words = G.describe(truth, next(s for s, entry in enumerate(truth.events) if own_draws[0] in entry), 1, names)
    assert "drew" in words and str(own_draws[0]["count"]) in words


def test_the_push_says_only_whose_turn_in_which_game(people):
    body = push.payload(12, "en")
    assert body == {"title": "Guildhall", "body": "It is your turn in game 12.", "url": "/games/12/",
                    "tag": "guildhall-game-12"}
