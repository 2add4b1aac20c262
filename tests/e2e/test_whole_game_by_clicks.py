"""A whole game by clicks, in each mode: a player against a bot, in a real browser, from the lobby form to
the result. The player makes the cheapest choices the page offers (end the turn, keep the order shown,
decline), so the bot wins; every decision is a click on a button of the table, and the tab title and the
screen reader's live region say when it is the player's turn."""

import re

import pytest
from playwright.sync_api import expect

from games.models import Game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# The cheapest button first: what ends the player's part of the turn soonest.
CHEAPEST = ["end_turn", "done", "decline", "place", "pay", "select", "target", "tier", "use", "chapter",
            "discard_draw", "play", "buy", "discard"]
MAX_CLICKS = 400


def click_cheapest(page):
    for kind in CHEAPEST:
        buttons = page.locator(f"#table button[name=decision][data-decision-type={kind}]")
        if buttons.count():
            before = int(page.get_attribute("#table", "data-seq"))
            buttons.first.click()
            page.wait_for_function(
                "b => Number(document.querySelector('#table').dataset.seq) !== b", arg=before, timeout=20_000
            )
            return kind
    raise AssertionError("no decision offered on my turn")


@pytest.mark.parametrize("mode", ["printed", "yucata"])
def test_a_whole_game_against_a_bot_by_clicks(mode, live_server, logged_in_page, make_user, settings, artifacts):
    settings.GUILDHALL_POLL_SECONDS = 3600  # the bot moves within each request; no polling needed
    user = make_user(f"clicker-{mode}")
    page = logged_in_page(user)
    page.goto(f"{live_server.url}/games/new/")
    page.select_option("select[name=bots]", "1")
    page.check(f"input[name=option_mode][value={mode}]")
    page.get_by_role("button", name="Create the game").click()
    page.wait_for_selector("#table")
    game = Game.objects.get()
    assert game.options == {"mode": mode} and game.status == Game.Status.ACTIVE

    clicks = []
    for _ in range(MAX_CLICKS):
        if page.locator("#results-h").count():
            break
        assert page.get_attribute("#table", "data-my-turn") == "1"
        assert page.title().startswith("(1) Your turn")
        clicks.append(click_cheapest(page))
    else:
        raise AssertionError(f"the game did not end in {MAX_CLICKS} clicks")

    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.finished_at is not None
    assert "won the game" in page.locator("#results-h").inner_text()
    # The title follows the table once htmx has settled the last swap, a moment after the results appear.
    expect(page).not_to_have_title(re.compile(r"^\(1\)"))
    assert clicks.count("place") == 3 and "end_turn" in clicks  # the setup, then the turns
    assert game.log.filter(seat=game.seats.get(user=user).position).count() == len(clicks)
    page.screenshot(path=str(artifacts / f"whole-game-{mode}.png"), full_page=True)
