"""Resigning in the browser, with the keyboard alone: the table's link, the confirmation page, the result."""

import pytest

from games.models import Game, LogEntry

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def tab_to(page, selector, limit=200):
    for _tab in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("s => document.activeElement && document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"{selector} is not reachable with Tab")


def test_resign_with_the_keyboard_after_a_confirmation(live_server, logged_in_page, make_user):
    user = make_user("rhea")
    page = logged_in_page(user)
    page.goto(f"{live_server.url}/games/new/")
    page.select_option("select[name=bots]", "1")
    page.get_by_role("button", name="Create the game").click()
    page.wait_for_selector("#table")
    game = Game.objects.get()

    tab_to(page, "#resign-link")
    page.keyboard.press("Enter")
    page.wait_for_selector("text=The other player wins at once")
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE, "the confirmation page changes nothing"

    tab_to(page, "button.danger")
    page.keyboard.press("Enter")
    page.wait_for_selector("#results-h")
    assert "won the game" in page.inner_text("#results-h")
    assert "The game ended when a player resigned." in page.inner_text("#table")
    assert page.locator("#resign-link").count() == 0
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.ended_by == "resigned"
    last = LogEntry.objects.filter(game=game).order_by("-seq").first()
    assert last.decision == {"type": "resign"} and last.by == ""
