"""Where ratings are shown: leaderboards per mode, the profile (figures, reliability, the SVG chart), next to
names in the lobby and on the table, the verdict and changes of a finished game; and where a game is made
rated: the lobby form and the API."""

import datetime
import random
import re

import pytest
from django.core.cache import cache
from django.template.defaultfilters import floatformat
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import number_format

from games.models import Game
from games.ratings.models import GameResult, PlayerRating

from .helpers import new_game, play_until_turn, rating, rounds_played, time_out

pytestmark = pytest.mark.django_db


def stored_rating(user, ordinal, games=12, days_ago=1, mode="printed"):
    """A stored rating row, for the list tests (the rows real games write are tested elsewhere)."""
    return PlayerRating.objects.create(
        user=user, mode=mode, mu=ordinal + 6.0, sigma=2.0, ordinal=ordinal, rated_games=games,
        last_rated_at=timezone.now() - datetime.timedelta(days=days_ago),
    )


def section(response, section_id):
    page = response.content.decode()
    start = page.index(f'<section id="{section_id}"')
    return page[start:page.index("</section>", start)]


def board_names(response, section_id="leaderboard"):
    return re.findall(r'<tr data-player="([^"]+)">', section(response, section_id))


def test_leaderboard_lists_regular_recent_players_best_first(make_user, client):
    stored_rating(make_user("steady"), 20.0)
    stored_rating(make_user("best"), 31.5)
    stored_rating(make_user("newcomer"), 40.0, games=9)
    stored_rating(make_user("away"), 35.0, days_ago=91)
    stored_rating(make_user("yucatan"), 50.0, mode="yucata")
    stored_rating(make_user("tie_b"), 20.0)
    response = client.get(reverse("ratings:leaderboard", args=["guildhall", "printed"]))  # anonymous visitors too
    assert response.status_code == 200
    assert board_names(response) == ["best", "steady", "tie_b"]
    assert board_names(response, "provisional") == ["newcomer"]  # 9 rated games: listed apart, not ranked
    page = response.content.decode()
    assert "31.50" in page and 'aria-current="page"' in page
    assert board_names(client.get(reverse("ratings:leaderboard", args=["guildhall", "yucata"]))) == ["yucatan"]
    printed = reverse("ratings:leaderboard", args=["guildhall", "printed"])
    assert client.get(reverse("ratings:leaderboards"))["Location"] == printed
    assert client.get("/leaderboards/guildhall/")["Location"] == printed  # a game's first variant
    # The addresses of the leaderboards from before the site had more games lead to the same boards.
    assert client.get("/leaderboards/printed/")["Location"] == printed
    yucata = reverse("ratings:leaderboard", args=["guildhall", "yucata"])
    assert client.get("/leaderboards/yucata/")["Location"] == yucata
    assert client.get("/leaderboards/chess/").status_code == 404
    assert client.get("/leaderboards/guildhall/chess/").status_code == 404


def test_leaderboard_pages(make_user, client, settings):
    settings.RATINGS_LEADERBOARD_PAGE_SIZE = 2
    for i in range(5):
        stored_rating(make_user(f"p{i}"), 10.0 + i)
    url = reverse("ratings:leaderboard", args=["guildhall", "printed"])
    assert board_names(client.get(url)) == ["p4", "p3"]
    second = client.get(url + "?page=2")
    assert board_names(second) == ["p2", "p1"] and "Page 2 of 3" in second.content.decode()
    assert re.search(r"<td>3</td>\s*<td><a href=\"/players/p2/\">", second.content.decode())
    assert board_names(client.get(url + "?page=99")) == ["p0"]
    assert board_names(client.get(url + "?page=x")) == ["p4", "p3"]


def test_leaderboard_shows_reliability(make_user, client):
    ann = make_user("ann")
    stored_rating(ann, 12.0)
    other = make_user("bob")
    for quit_ in (False, True, False, False):
        game = Game.objects.create(engine_version="1", num_seats=2, seed="s", seed_commitment="c")
        GameResult.objects.create(
            game=game, user=ann, mode="printed", finished_at=timezone.now(), position=0, place=2 if quit_ else 1,
            left=quit_, people=2, lineup=f"u:{ann.pk}|u:{other.pk}", verdict="unrated", weight=0.0,
        )
    page = client.get(reverse("ratings:leaderboard", args=["guildhall", "printed"])).content.decode()
    assert "<td>75%</td>" in page


def _two_rated_games(commit, ann, ben):
    for seed in (1, 2):
        game = new_game(commit, [ann, ben])
        play_until_turn(game, commit, rounds_played(game, 2), random.Random(seed))
        time_out(game, commit)
    return game


def test_profile_shows_ratings_reliability_and_the_chart(make_user, commit):
    ann, ben = make_user("ann"), make_user("ben")
    game = _two_rated_games(commit, ann, ben)
    mine = rating(ann)
    client = Client()
    page = client.get(reverse("public_profile", args=["ann"])).content.decode()
    assert f'<dd data-figure="mu">{floatformat(mine.mu, 2)}</dd>' in page
    assert f'<dd data-figure="sigma">{floatformat(mine.sigma, 2)}</dd>' in page
    assert "provisional (2 of 10 rated games)" in page
    assert "not listed" in page
    left = GameResult.objects.filter(user=ann, left=True).count()
    assert f"played {2 - left} of their last 2 games with other people to the end" in page
    chart = page[page.index('<figure class="rating-chart"'):page.index("</figure>")]
    assert chart.count("<circle") == 2 and f'data-game="{game.pk}"' in chart
    assert f"rating {number_format(mine.ordinal, 1)}" in chart  # the point's title
    # The chart is drawn with dots whatever the language: a German decimal comma would break SVG.
    client.cookies.load({"django_language": "de"})
    german = client.get(reverse("public_profile", args=["ann"]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Wertung" in german or "Bewertung" in german
    for points in re.findall(r'points="([^"]*)"', german):
        assert re.fullmatch(r"\d+(\.\d+)?,\d+(\.\d+)?( \d+(\.\d+)?,\d+(\.\d+)?)*", points), points
    nobody = client.get(reverse("public_profile", args=["ben"]))
    assert nobody.status_code == 200


def test_ratings_next_to_names_in_the_lobby_and_on_the_table(make_user, commit):
    ann, ben = make_user("ann"), make_user("ben")
    finished = _two_rated_games(commit, ann, ben)
    ongoing = new_game(commit, [ann, ben])
    client = Client()
    client.force_login(ann)
    lobby = client.get(reverse("games:mine")).content.decode()
    mine = rating(ann)
    badge = f">{number_format(mine.ordinal, 1)}</abbr>"  # Django rounds halves up, Python's format to even
    assert lobby.count(badge) >= 2, "next to ann's name in the game in progress and in the finished ones"
    assert "provisional" in lobby and "Rated" in lobby and "?" not in "".join(re.findall(r"<abbr.*?</abbr>", lobby))
    table = client.get(reverse("games:game", args=[ongoing.pk])).content.decode()
    assert badge in table, re.findall(r'<h2 id="player.{300}', table)
    assert f">{number_format(rating(ben).ordinal, 1)}</abbr>" in table
    over = client.get(reverse("games:game", args=[finished.pk])).content.decode()
    assert 'id="game-rating"' in over and "Rated" in over
    row = GameResult.objects.get(game=finished, user=ann)
    before, after = number_format(row.mu_before - 3 * row.sigma_before, 1), number_format(row.ordinal, 1)
    assert f"ann: rating {before} → {after}" in over


def test_create_form_offers_rated_and_the_service_keeps_it(make_user, client):
    client.force_login(make_user("ann"))
    form = client.get(reverse("games:create")).content.decode()
    assert not re.search(r'<input type="checkbox" name="rated"[^>]*checked', form)  # asked for, not by default
    base = {"seats": "2", "option_mode": "printed", "time_per_move": "", "visibility": "open", "invite": "",
            "bots": "0", "bot_kind": "greedy", "timeout_policy": "bot"}
    client.post(reverse("games:create"), {**base, "rated": "on"})
    client.post(reverse("games:create"), base)
    assert list(Game.objects.order_by("pk").values_list("rated", flat=True)) == [True, False]
    listed = client.get(reverse("games:open")).content.decode()
    assert listed.count("Rated") >= 1


def test_api_create_takes_rated(make_user, api_client_for):
    api = api_client_for(make_user("ann"))
    response = api.post("/api/v1/games/", {"seats": 2, "rated": True}, format="json")
    assert response.status_code == 201 and response.json()["rated"] is True
    assert Game.objects.get(pk=response.json()["id"]).rated
    default = api.post("/api/v1/games/", {"seats": 2}, format="json")
    assert default.json()["rated"] is False
    bad = api.post("/api/v1/games/", {"seats": 2, "rated": "perhaps"}, format="json")
    assert bad.status_code == 400 and bad.json()["error"] and Game.objects.count() == 2


def test_ratings_where_no_game_gives_the_mode(make_user, commit):
    """Live games, friends lists, invitations: the rating of the mode of most of the person's rated games."""
    from social.relations.models import Relation

    ann, ben = make_user("ann"), make_user("ben")
    _two_rated_games(commit, ann, ben)
    stored_rating(ann, 30.0, games=1, mode="yucata")  # fewer rated games in Yucata mode: not the one shown
    new_game(commit, [ann, ben])
    Relation.objects.create(from_user=ben, to_user=ann, kind="follow")
    client = Client()
    client.force_login(ben)
    live = client.get("/games/live/").content.decode()
    shown = f">{number_format(rating(ann).ordinal, 1)}</abbr>"
    assert shown in live and f">{number_format(rating(ben).ordinal, 1)}</abbr>" in live
    assert "Guildhall (Printed rules): Estimated skill (μ − 3σ)" in live
    profile = client.get(reverse("public_profile", args=["ben"])).content.decode()
    following = profile[profile.index('id="following"'):]
    assert shown in following[:following.index("</ul>")]


def test_provisional_players_have_their_own_section_instead_of_an_empty_board(make_user, client, settings):
    """Before anybody has 10 rated games the page lists the provisional players, best first, with how far
    they are; it explains the rating in words; a later page of the ranking does not repeat the section."""
    stored_rating(make_user("first_game"), 1.5, games=1)
    stored_rating(make_user("almost"), 12.25, games=9)
    stored_rating(make_user("gone"), 30.0, games=3, days_ago=91)
    stored_rating(make_user("yucatan"), 5.0, games=2, mode="yucata")
    url = reverse("ratings:leaderboard", args=["guildhall", "printed"])
    response = client.get(url)
    page = response.content.decode()
    assert "Nobody is on this leaderboard yet" not in page
    assert board_names(response) == []
    assert "Nobody has 10 rated games in these rules yet." in section(response, "leaderboard")
    provisional = section(response, "provisional")
    assert board_names(response, "provisional") == ["almost", "first_game"]
    assert "12.25" in provisional and "9 of 10" in provisional and "<th scope=\"col\">Rank</th>" not in provisional
    meaning = section(response, "what-the-rating-means")
    assert "estimated skill, μ − 3σ" in meaning and "A new player starts at 0 (μ 25, σ 8.3)" in meaning
    # The section holds the best RATINGS_LEADERBOARD_PAGE_SIZE and says so when there are more.
    settings.RATINGS_LEADERBOARD_PAGE_SIZE = 1
    response = client.get(url)
    assert board_names(response, "provisional") == ["almost"]
    assert "The 1 highest provisional rating is shown." in section(response, "provisional")
    for i in range(2):
        stored_rating(make_user(f"regular{i}"), 20.0 + i)
    cache.clear()  # the total behind "page N of M" is cached for a minute
    assert 'id="provisional"' not in client.get(url + "?page=2").content.decode()
    assert board_names(client.get(url)) == ["regular1"]
