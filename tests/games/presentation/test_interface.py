"""The generic pages reach a game only through its presentation: a game with nothing but the plain
presentation (Dominion, until its own looks arrive) is played, replayed and listed by the same pages,
each legal decision one button, through the same views as Guildhall."""

import html as htmllib
import json
import random
import re

import pytest
from django.test import TestCase
from django.urls import reverse

from games import cache as state_cache
from games import selectors, services
from games.models import DEFAULT_GAME, Game
from games.presentation import UnknownGame, all_games, for_game
from games.presentation.base import Presentation
from games.rules import rules_of

pytestmark = pytest.mark.django_db


def test_the_registry_answers_each_game_and_refuses_others():
    slugs = [p.slug for p in all_games()]
    assert slugs[0] == DEFAULT_GAME and sorted(slugs) == sorted(__import__("engine").GAMES)
    for slug in slugs:
        assert isinstance(for_game(slug), Presentation) and for_game(slug).slug == slug
    with pytest.raises(UnknownGame):
        for_game("no-such-game")


def _canonical(decision):
    return json.dumps(decision, sort_keys=True)


def _buttons(page):
    return [json.loads(htmllib.unescape(v)) for v in re.findall(r'name="decision" value="([^"]+)"', page)]


def test_a_game_with_the_plain_presentation_is_played_and_replayed_by_the_pages(client, make_user):
    ann, bo = make_user("ann"), make_user("bo")
    with TestCase.captureOnCommitCallbacks(execute=True):
        game = services.create_game(ann, seats=2, game="dominion", options={})
        services.join(game.pk, bo)
    rng = random.Random(5)
    for _move in range(12):
        game.refresh_from_db()
        player = game.seats.get(position=game.to_move_position).user
        client.force_login(player)
        page = client.get(reverse("games:game", args=[game.pk])).content.decode()
        assert "Dominion" in page and 'id="prompt"' in page
        legal = selectors.detail(game, player)["legal"]
        offered = _buttons(page)
        assert sorted(map(_canonical, offered)) == sorted(map(_canonical, legal))  # one button each, no more
        choice = rng.choice(offered)
        with TestCase.captureOnCommitCallbacks(execute=True):
            response = client.post(reverse("games:decide", args=[game.pk]),
                                   {"expected_seq": game.seq, "decision": json.dumps(choice)})
        assert response.status_code == 302
    game.refresh_from_db()
    assert game.seq == 12
    state = state_cache.load_state(game)
    assert rules_of(game).outcome(state)["scores"] == game.scores
    replay = client.get(reverse("game-replay", args=[game.pk]) + "?step=6").content.decode()
    assert "Step 6 of 12" in replay and "Dominion" in replay
    assert client.get(reverse("history") + "?game=dominion").status_code == 200


def test_the_history_filters_by_game(client, make_user):
    from games.history import selectors as history

    host = make_user("host")
    mine = services.create_game(host, seats=2, game="dominion", options={})
    other = services.create_game(host, seats=2)
    Game.objects.filter(pk__in=[mine.pk, other.pk]).update(status=Game.Status.FINISHED)
    assert list(history.finished_games(game="dominion")) == [Game.objects.get(pk=mine.pk)]
    assert list(history.finished_games(game=DEFAULT_GAME)) == [Game.objects.get(pk=other.pk)]
    assert set(history.finished_games()) == {Game.objects.get(pk=mine.pk), Game.objects.get(pk=other.pk)}
