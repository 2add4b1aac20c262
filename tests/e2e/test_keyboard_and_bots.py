"""The keyboard alone is enough, and a game against a bot runs from the lobby form."""

import pytest

from games.models import Game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_create_a_bot_game_and_play_with_the_keyboard_only(live_server, logged_in_page, make_user, artifacts):
    user = make_user("kim")
    page = logged_in_page(user, width=375, height=800)
    page.goto(f"{live_server.url}/games/new/")
    page.select_option("select[name=bots]", "1")
    page.get_by_role("button", name="Create the game").click()
    page.wait_for_selector("#table")
    game = Game.objects.get()
    assert game.status == Game.Status.ACTIVE
    # Bots have moved (in-process Celery) until it is the human's turn.
    page.wait_for_selector("#prompt")
    game.refresh_from_db()
    assert game.to_move_user == user

    decided = 0
    for _ in range(12):
        before = int(page.get_attribute("#table", "data-seq"))
        # Tab to the first decision button, then Enter: no mouse.
        for _tab in range(200):
            page.keyboard.press("Tab")
            focused = page.evaluate(
                "document.activeElement && document.activeElement.name === 'decision' && document.activeElement.value"
            )
            if focused and '"undo"' not in focused:
                break
        else:
            raise AssertionError("no decision button reachable with Tab")
        page.keyboard.press("Enter")
        page.wait_for_function("b => Number(document.querySelector('#table').dataset.seq) > b", arg=before)
        decided += 1
        # Focus stays in the table after the swap, so the next Tab continues from there.
        page.wait_for_function("() => document.getElementById('table').contains(document.activeElement)")
        game.refresh_from_db()
        if game.turn >= 4:
            break
    assert decided >= 3 and game.turn >= 3  # past both setups: the bot's too
    page.screenshot(path=str(artifacts / "bot-game-phone.png"), full_page=True)

    # The language switcher in the header: the table comes back in German, and the profile remembers it.
    page.select_option("#language-select", "de")
    page.locator(".lang-form button").click()
    page.wait_for_selector("text=Deine Hand")
    assert page.get_attribute("html", "lang") == "de"
    user.profile.refresh_from_db()
    assert user.profile.language == "de"
