"""What a game will be judged, said before it ends: the lobby's form offers "Rated" with the site's bot
calibration explained and makes a game that could not count unrated (saying why), and the game lists and
the table label each game with what it will be judged, which is what it is judged when it ends."""

import datetime
import random
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import services
from games.models import Game
from games.ratings.models import GameResult

from .helpers import new_game, play_until_turn, results, rounds_played, time_out

pytestmark = pytest.mark.django_db

FORM = {"seats": "2", "option_mode": "printed", "time_per_move": "", "visibility": "open", "invite": "",
        "bots": "0", "bot_kind": "greedy", "timeout_policy": "bot", "rated": "on"}


def _help_of_rated(page):
    return re.search(r'id="id_rated_helptext">([^<]*)<', page).group(1)


def test_without_a_calibration_the_form_says_games_with_bots_are_unrated_and_makes_them_so(make_user, settings):
    settings.RATINGS_BOT_CALIBRATION = {}
    client = Client()
    client.force_login(make_user("ann"))
    page = client.get(reverse("games:create")).content.decode()
    assert not re.search(r'<input type="checkbox" name="rated"[^>]*checked', page)  # asked for, not by default
    assert "Games with bots are unrated on this site" in _help_of_rated(page)
    assert page.count("(games with it are unrated)") == 3  # each bot kind says so
    response = client.post(reverse("games:create"), {**FORM, "bots": "1", "bot_kind": "random"}, follow=True)
    game = Game.objects.get()
    assert game.status == Game.Status.ACTIVE and game.rated is False
    assert "It is unrated: “Random bot” has no calibration rating on this site" in response.content.decode()
    client.post(reverse("games:create"), FORM)  # people only: rated as asked
    assert Game.objects.order_by("pk").last().rated is True


def test_with_a_calibration_rated_is_kept_for_the_calibrated_bots_only(make_user, settings):
    settings.RATINGS_BOT_CALIBRATION = {"greedy": (20.0, 2.0), "strong": (33.0, 3.0)}
    client = Client()
    client.force_login(make_user("ann"))
    page = client.get(reverse("games:create")).content.decode()
    assert "Only these bots have a calibration rating: Greedy bot, Strong bot" in _help_of_rated(page)
    assert re.search(r">\s*Random bot \(games with it are unrated\)\s*<", page)
    assert re.search(r">\s*Greedy bot\s*<", page)
    response = client.post(reverse("games:create"), {**FORM, "bots": "1", "bot_kind": "greedy"}, follow=True)
    assert Game.objects.get().rated is True and "It is unrated" not in response.content.decode()
    client.post(reverse("games:create"), {**FORM, "bots": "1", "bot_kind": "random"})
    assert Game.objects.order_by("pk").last().rated is False
    settings.RATINGS_BOT_CALIBRATION = {"greedy": (20.0, 2.0), "strong": (33.0, 3.0), "random": (5.0, 2.0)}
    page = client.get(reverse("games:create")).content.decode()
    assert "bots count at their fixed calibration rating" in _help_of_rated(page)
    assert "(games with it are unrated)" not in page


def labels(page):
    """{game id: (verdict, visible label)} of the game lists on a page."""
    rows = re.findall(r'<tr data-game-id="(\d+)">(.*?)</tr>', page, re.S)
    found = {}
    for game_id, row in rows:
        match = re.search(r'<span class="rated-label" data-verdict="(\w+)" title="[^"]*">([^<]*)</span>', row)
        found[int(game_id)] = (match.group(1), match.group(2))
    return found


def _lineup_history(ann, ben, games):
    """``games`` rated results of the line-up ann + ben in the last days (for the repeat rule)."""
    for i in range(games):
        game = Game.objects.create(engine_version="1", num_seats=2, seed="s", seed_commitment="c", rated=True)
        for user, place in ((ann, 1), (ben, 2)):
            GameResult.objects.create(
                game=game, user=user, mode="printed", finished_at=timezone.now() - datetime.timedelta(hours=i + 1),
                position=place - 1, place=place, left=False, people=2, lineup=f"u:{ann.pk}|u:{ben.pk}",
                verdict="rated", weight=1.0, mu_before=25, sigma_before=8, mu=25, sigma=8,
            )


def test_my_games_labels_say_what_each_game_will_be(make_user, commit, settings):
    settings.RATINGS_BOT_CALIBRATION = {"greedy": (20.0, 2.0)}
    settings.RATINGS_REPEAT_WEIGHTS = (1.0, 0.5)
    ann, ben, cy = make_user("ann"), make_user("ben"), make_user("cy")
    with_ben = new_game(commit, [ann, ben])
    with_cy = new_game(commit, [ann, cy])
    unrated = new_game(commit, [ann, cy], rated=False)
    random_bot = new_game(commit, [ann], bots=1, bot_kind="random")  # asked rated through the service
    greedy_bot = new_game(commit, [ann], bots=1, bot_kind="greedy")
    waiting = services.create_game(ann, seats=3, rated=True)
    client = Client()
    client.force_login(ann)

    def mine():
        return labels(client.get(reverse("games:mine")).content.decode())

    shown = mine()
    assert shown[with_ben.pk] == ("rated", "Rated") and shown[with_cy.pk] == ("rated", "Rated")
    assert shown[unrated.pk] == ("unrated", "Unrated")
    assert shown[random_bot.pk] == ("bots", "Unrated: bot without a rating")
    assert shown[greedy_bot.pk] == ("rated", "Rated") and shown[waiting.pk] == ("rated", "Rated")
    _lineup_history(ann, ben, 1)
    assert mine()[with_ben.pk] == ("rated", "Rated, counts 50%")
    _lineup_history(ann, ben, 2)
    assert mine()[with_ben.pk] == ("repeated", "Unrated: repeated line-up")
    assert mine()[with_cy.pk] == ("rated", "Rated")
    # The waiting room says the same in a sentence.
    with commit():
        open_with_bot = services.create_game(ann, seats=3, bots=1, bot_kind="random", rated=True)
    room = client.get(reverse("games:game", args=[open_with_bot.pk])).content.decode()
    assert 'data-verdict="bots">Unrated: a bot without a calibration rating plays' in room
    room = client.get(reverse("games:game", args=[waiting.pk])).content.decode()
    assert 'data-verdict="rated">The result will count for the players&#x27; ratings.' in room


@pytest.mark.parametrize(
    "setup, verdict",
    [
        ({"rated": True}, "rated"),
        ({"rated": False}, "unrated"),
        ({"rated": True, "bots": 1, "bot_kind": "random"}, "bots"),
        ({"rated": True, "bots": 1, "bot_kind": "greedy"}, "rated"),
    ],
)
def test_the_label_before_the_end_is_the_verdict_recorded_at_the_end(make_user, commit, settings, setup, verdict):
    settings.RATINGS_BOT_CALIBRATION = {"greedy": (20.0, 2.0)}
    ann, ben = make_user("ann"), make_user("ben")
    people = [ann] if setup.get("bots") else [ann, ben]
    game = new_game(commit, people, **setup)
    client = Client()
    client.force_login(ann)
    assert labels(client.get(reverse("games:mine")).content.decode())[game.pk][0] == verdict
    play_until_turn(game, commit, rounds_played(game, 2), random.Random(3))
    time_out(game, commit)
    assert game.status == Game.Status.FINISHED
    assert {r.verdict for r in results(game).values()} == {verdict}
    finished = labels(client.get(reverse("games:mine")).content.decode())[game.pk]
    assert finished[0] == verdict
