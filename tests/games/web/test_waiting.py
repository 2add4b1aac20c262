"""While someone else decides, the table says who: a bot "is thinking…" (its move arrives by itself), a
seat that left the game is played by the bot, a person is waited for."""

import random

import pytest
from django.urls import reverse

import engine
from games import cache as state_cache
from games import services
from games.models import Game
from tests.games.helpers import started_game

GUILDHALL = engine.get("guildhall")

pytestmark = pytest.mark.django_db


def table(client, game, user):
    client.force_login(user)
    return client.get(reverse("games:game", args=[game.pk])).content.decode()


def until_the_bot_is_to_move(game, rng):
    """The person moves (no commit, so the bot's task is not woken) until the bot's seat is to move."""
    for _ in range(200):
        game.refresh_from_db()
        if game.to_move_user_id is None:
            return game
        seat = game.seats.get(position=game.to_move_position)
        decision = GUILDHALL.bots.choose(state_cache.load_state(game), seat.position, kind="random", rng=rng)
        services.submit_decision(game.pk, seat.user, game.seq, decision)
    raise AssertionError("the bot never came to move")


def test_a_bot_to_move_is_thinking_and_its_move_replaces_the_line(client, make_user):
    kim = make_user("kim")
    game = until_the_bot_is_to_move(started_game([kim], bots=1), random.Random(3))
    bot = game.seats.get(position=game.to_move_position)
    html = table(client, game, kim)
    line = f"{bot.display_name} is thinking…"
    assert line in html
    assert 'id="waiting" role="status" aria-live="polite"' in html
    assert 'data-bot-thinking="1"' in html
    assert f'data-announce="{line}"' in html  # said once by the live region outside the table

    # The bot's real move (as the worker makes it): the table the live update fetches says it is kim's turn.
    services.run_bots(game.pk)
    game.refresh_from_db()
    assert game.status != Game.Status.ACTIVE or game.to_move_user == kim
    client.force_login(kim)
    fragment = client.get(reverse("games:table", args=[game.pk]), HTTP_HX_REQUEST="true").content.decode()
    assert "is thinking" not in fragment and 'data-bot-thinking' not in fragment
    if game.status == Game.Status.ACTIVE:
        assert 'id="prompt"' in fragment


def test_a_person_to_move_is_waited_for(client, make_user):
    alice, bob = make_user("alice"), make_user("bob")
    game = started_game([alice, bob])
    waiting = bob if game.to_move_user == alice else alice
    client.force_login(waiting)
    html = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert f"Waiting for {game.to_move_user.username}." in html
    assert "thinking" not in html and "data-bot-thinking" not in html


def test_a_seat_that_left_is_played_by_the_bot(client, make_user):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    game = started_game([alice, bob, carol])
    leaver = game.to_move_user
    services.resign(game.pk, leaver)
    game.refresh_from_db()
    assert game.to_move_user_id is None  # the bot decides for the seat that left
    other = next(u for u in (alice, bob, carol) if u != leaver)
    html = table(client, game, other)
    assert f"The bot is deciding for {leaver.username}…" in html
    assert 'data-bot-thinking="1"' in html


def test_after_the_game_a_resigned_seat_is_no_longer_played_by_the_bot(client, make_user):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    game = started_game([alice, bob, carol])
    services.resign(game.pk, bob)
    html = table(client, game, alice)
    assert "Resigned: the bot plays this seat" in html  # while the game goes on, it does
    services.resign(game.pk, carol)  # two left in play: the other wins at once
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    html = table(client, game, alice)
    assert "the bot plays this seat" not in html
    assert html.count('<span class="away">Resigned</span>') == 2
