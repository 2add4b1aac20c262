"""Ratings in the browser, with the keyboard alone: the header's link to the leaderboards, a player's row, their
profile with the rating chart (SVG) and its numbers; the rating next to names on the table."""

import contextlib
import random

import pytest
from django.core.cache import cache

from tests.games.ratings.helpers import new_game, play_until_turn, rounds_played, time_out

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def tab_to(page, selector, limit=200):
    for _tab in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("s => document.activeElement && document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"{selector} is not reachable with Tab")


def test_leaderboard_profile_and_chart_with_the_keyboard(live_server, logged_in_page, make_user, settings, artifacts):
    settings.RATINGS_LEADERBOARD_MIN_GAMES = 2
    cache.clear()  # no leaderboard total cached by an earlier test
    ann, ben = make_user("ann", email=""), make_user("ben", email="")
    for seed in (1, 2, 3):
        game = new_game(contextlib.nullcontext, [ann, ben])
        play_until_turn(game, contextlib.nullcontext, rounds_played(game, 2), random.Random(seed))
        time_out(game, contextlib.nullcontext)
    page = logged_in_page(ann)
    page.goto(f"{live_server.url}/games/")
    tab_to(page, "a[href='/leaderboards/']")
    page.keyboard.press("Enter")
    page.wait_for_selector("table.leaderboard")
    assert page.url.endswith("/leaderboards/guildhall/printed/")
    assert page.locator("tr[data-player]").count() == 2
    tab_to(page, "tr[data-player=ann] a")
    page.keyboard.press("Enter")
    page.wait_for_selector("#ratings")
    chart = page.locator("#rating-guildhall-printed figure.rating-chart > svg")
    assert chart.is_visible() and chart.bounding_box()["width"] > 300
    assert chart.locator("circle").count() == 3
    assert page.locator("#rating-guildhall-printed [data-figure=games]").inner_text() == "3"
    tab_to(page, "#rating-guildhall-printed summary")
    page.keyboard.press("Enter")
    assert page.locator("#rating-guildhall-printed table.rating-table tbody tr").count() == 3
    page.screenshot(path=str(artifacts / "profile-ratings.png"), full_page=True)

    ongoing = new_game(contextlib.nullcontext, [ann, ben])
    page.goto(f"{live_server.url}/games/{ongoing.pk}/")
    badges = page.locator("h2 small.rating")
    assert badges.count() == 2 and "(" not in badges.first.inner_text()
    assert badges.first.locator("abbr").get_attribute("title").startswith("Estimated skill (μ − 3σ)")


PHONE = 375


def test_leaderboard_and_profile_fit_a_phone(live_server, new_page, make_user, settings, artifacts):
    settings.RATINGS_LEADERBOARD_MIN_GAMES = 1
    cache.clear()
    ann, ben = make_user("annabelle_with_a_long_name", email=""), make_user("ben", email="")
    game = new_game(contextlib.nullcontext, [ann, ben])
    play_until_turn(game, contextlib.nullcontext, rounds_played(game, 2), random.Random(4))
    time_out(game, contextlib.nullcontext)
    page = new_page(PHONE, 800)
    for url in ("/leaderboards/guildhall/printed/", "/players/ben/"):
        page.goto(live_server.url + url)
        for details in page.locator("details").all():  # the chart's numbers, opened, fit too
            details.evaluate("d => d.open = true")
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= PHONE, f"{url} scrolls sideways ({width} px)"
        page.screenshot(path=str(artifacts / f"phone-{url.strip('/').replace('/', '-')}.png"), full_page=True)
    assert page.locator("figure.rating-chart > svg").bounding_box()["width"] <= PHONE
