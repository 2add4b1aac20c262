"""The keyboard alone is enough, and a game against a bot runs from the lobby form."""

import pytest
from django.conf import settings as django_settings

from games.models import Game
from tests.games.helpers import started_game

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


FOCUSED_DECISION = (
    "() => { const el = document.activeElement;"
    " return !!el && el.name === 'decision' && el.dataset.decisionType !== 'undo' && !el.disabled; }"
)


def test_after_a_decision_the_next_one_is_at_most_one_tab_away(live_server, logged_in_page, make_user):
    """A decision made with Enter: when the table comes back, the keyboard is on the next decision to
    make (zero Tabs), or one Tab before it; never back at the top of the page."""
    user = make_user("kim")
    game = started_game([user], bots=1)  # the bot moves in-process whenever it is to move
    page = logged_in_page(user)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.wait_for_selector("#prompt")
    for _tab in range(200):  # the first decision of the visit: from the top of the page
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED_DECISION):
            break
    tabs_needed = []
    for _ in range(10):
        before = int(page.get_attribute("#table", "data-seq"))
        page.keyboard.press("Enter")
        page.wait_for_function("b => Number(document.querySelector('#table').dataset.seq) > b", arg=before)
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        if page.locator("#prompt").count():
            page.wait_for_function(FOCUSED_DECISION, timeout=5000)
        tabs = 0
        while not page.evaluate(FOCUSED_DECISION) and tabs < 2:
            page.keyboard.press("Tab")
            tabs += 1
        tabs_needed.append(tabs)
        assert page.evaluate(FOCUSED_DECISION), f"decision {len(tabs_needed)}: more than one Tab away"
    assert len(tabs_needed) >= 5 and max(tabs_needed) == 0, tabs_needed  # on the next decision itself


def test_the_table_says_the_bot_is_thinking_until_its_move_arrives(asgi_live_server, new_page, make_user,
                                                                   settings):
    """The bot's task is queued but nobody runs it yet (an in-memory broker, no worker): the table says
    "Bot 2 (…) is thinking…"; when the bot's move is made (as the worker would), the live socket brings the
    table back with the player's prompt, focus on its first decision."""
    from django.test import Client

    from games import services
    from guildhall_site.celery import app
    from tests.games.conftest import celery_broker

    settings.GUILDHALL_POLL_SECONDS = 600  # only the socket can bring the move
    user = make_user("kim")
    with celery_broker("memory://"):
        app.conf.task_always_eager = False
        try:
            game = started_game([user], bots=1)
            client = Client()
            client.force_login(user)
            page = new_page()
            page.context.add_cookies([{"name": django_settings.SESSION_COOKIE_NAME,
                                       "value": client.cookies[django_settings.SESSION_COOKIE_NAME].value,
                                       "url": asgi_live_server}])
            page.goto(f"{asgi_live_server}/games/{game.pk}/")
            page.wait_for_function("() => document.documentElement.dataset.live === 'open'")
            for _ in range(40):  # kim decides (by clicks) until the bot's seat is to move
                if page.locator("#waiting[data-bot-thinking]").count():
                    break
                before = int(page.get_attribute("#table", "data-seq"))
                page.locator("#table button[name=decision]:not([data-decision-type=undo])").first.click()
                page.wait_for_function("b => Number(document.querySelector('#table').dataset.seq) > b", arg=before)
            bot = game.seats.get(kind="bot")
            waiting = page.locator("#waiting")
            assert waiting.inner_text() == f"{bot.display_name} is thinking…"
            assert waiting.get_attribute("aria-live") == "polite"
            page.wait_for_function("t => document.getElementById('turn-announcer').textContent === t",
                                   arg=f"{bot.display_name} is thinking…")
            waiting.focus()
            services.run_bots(game.pk)
            page.wait_for_selector("#prompt", timeout=5000)
            assert page.locator("#waiting").count() == 0
            page.wait_for_function(FOCUSED_DECISION, timeout=5000)
        finally:
            app.conf.task_always_eager = True
