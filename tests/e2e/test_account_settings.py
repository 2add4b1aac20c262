"""The settings page and the profile in chromium: the settings lead, by keyboard, to the blocked players and to
the player's reports (with the staff's decisions); both pages pass axe in the light and the dark theme and fit a
375 px phone; the profile counts no lesson among the games."""

import pytest

from games import services
from games.learn import services as learn
from social.relations import services as relations
from tests.e2e.test_accessibility import axe_violations
from tests.e2e.test_account_deletion import FOCUSED, tab_to
from tests.e2e.test_phones import PHONE, no_sideways_scroll
from tests.games.helpers import started_game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("target,heading", [("/settings/blocked/", "Blocked players"), ("/reports/", "My reports")])
def test_the_settings_lead_by_keyboard_to_the_blocked_players_and_the_reports(live_server, logged_in_page,
                                                                             make_user, target, heading):
    kim = make_user("kim")
    relations.block(kim, make_user("pest"))
    page = logged_in_page(kim)
    page.goto(f"{live_server.url}/settings/")
    tab_to(page, "blocked-players-link" if target == "/settings/blocked/" else "my-reports-link")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.url == f"{live_server.url}{target}"
    assert page.locator("h1").inner_text() == heading


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_settings_and_the_profile_pass_axe_and_fit_a_phone(live_server, logged_in_page, make_user, scheme):
    kim, lee = make_user("kim"), make_user("lee")
    relations.block(kim, make_user("pest"))
    lesson, _new = learn.start_or_resume(kim)
    game = started_game([kim, lee])
    services.resign(game.pk, lee)
    for width in (1280, PHONE):
        page = logged_in_page(kim, width=width, height=800)
        page.emulate_media(color_scheme=scheme)
        for path in ("/settings/", "/players/kim/", "/players/lee/"):
            response = page.goto(live_server.url + path)
            assert response.status == 200, path
            assert axe_violations(page) == [], (path, width)
            if width == PHONE:
                no_sideways_scroll(page, live_server.url + path)
        page.goto(f"{live_server.url}/players/kim/")
        assert "1 game played" in page.locator("#stats").inner_text()  # the game with lee, not the lesson
        assert page.locator(f"a[href^='/games/{lesson.pk}/']").count() == 0
        page.context.close()


def test_the_focus_is_visible_on_the_new_links(live_server, logged_in_page, make_user):
    page = logged_in_page(make_user("kim"))
    page.goto(f"{live_server.url}/settings/")
    tab_to(page, "my-reports-link")
    assert page.evaluate(FOCUSED) == "my-reports-link"
    outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert outline not in ("", "none")
