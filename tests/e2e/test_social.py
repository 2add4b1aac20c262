"""Two players chat at the table and rematch, each in a browser context of their own, a spectator in a
third; dark mode follows the device or the player's setting.

Chromium through Playwright against the live server; the chat arrives by the panel's poll, the end of the
game and the rematch by the table's and the rematch box's.
"""

import pytest

from accounts.models import profile_for
from games.invitations.models import Rematch
from games.models import Game, Seat
from tests.games.helpers import started_game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

NASTY = "Hello <b>bob</b> <img src=x onerror=alert(1)>"


def _send(page, text):
    """Type a message and send it with the Enter key, as a keyboard user would."""
    page.locator("#chat-text").fill(text)
    page.locator("#chat-text").press("Enter")
    page.wait_for_function("t => document.querySelector('#chat-log').textContent.includes(t)", arg=text)


def _chat_has(page, text, timeout=10_000):
    page.wait_for_function(
        "t => document.querySelector('#chat-log').textContent.includes(t)", arg=text, timeout=timeout
    )


def test_two_players_chat_and_rematch(live_server, logged_in_page, make_user, settings, artifacts):
    settings.GUILDHALL_POLL_SECONDS = 1
    settings.CHAT_POLL_SECONDS = 1
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    game = started_game([alice, bob])
    url = f"{live_server.url}/games/{game.pk}/"
    a, b, c = logged_in_page(alice), logged_in_page(bob), logged_in_page(carol)
    dialogs = []
    for page in (a, b, c):
        page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
        page.goto(url)

    # Alice writes; the text stays text everywhere, and her focus stays in the field for the next line.
    _send(a, NASTY)
    assert a.evaluate("document.activeElement.id") == "chat-text"
    assert a.locator("#chat-text").input_value() == ""
    _chat_has(b, NASTY)
    _chat_has(c, NASTY)
    for page in (a, b, c):
        assert page.locator("#chat-log b, #chat-log img").count() == 0
    _send(b, "Hi alice, good luck")
    _chat_has(a, "Hi alice, good luck")
    _chat_has(c, "Hi alice, good luck")
    # The spectator reads and has nothing to write with; the players keep private notes.
    assert c.locator("#chat-form").count() == 0 and c.locator("#chat-spectator").count() == 1
    assert c.locator("#notes").count() == 0
    a.locator("#notes-text").fill("bob likes Weavers")
    a.locator("#notes-form button").click()
    a.wait_for_selector("#notes-saved")
    assert "bob likes Weavers" not in b.content() and "bob likes Weavers" not in c.content()
    a.screenshot(path=str(artifacts / "table-chat.png"), full_page=True)

    # Alice resigns; bob's table notices by polling, and both get the rematch box.
    a.locator("#resign-link").click()
    a.get_by_role("button", name="Resign").click()
    a.wait_for_selector("#propose-rematch")
    b.wait_for_selector("#propose-rematch", timeout=10_000)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED

    # Alice proposes; bob's box shows it without a reload, he accepts, and the new game starts.
    a.locator("#propose-rematch").click()
    a.wait_for_url(f"{live_server.url}/games/*/")
    new = Rematch.objects.get(original=game).game
    b.wait_for_selector("#accept-rematch", timeout=10_000)
    assert "alice: accepted" in b.locator("#rematch").inner_text()
    b.locator("#accept-rematch").click()
    b.wait_for_selector("#table")
    assert b.url == f"{live_server.url}/games/{new.pk}/"
    a.wait_for_selector("#table", timeout=15_000)  # the waiting room turns into the table by itself
    new.refresh_from_db()
    assert new.status == Game.Status.ACTIVE and new.seed != game.seed
    assert set(Seat.objects.filter(game=new).values_list("user__username", flat=True)) == {"alice", "bob"}
    assert a.locator("#chat-log .chat-text").count() == 0  # a new table, a new chat
    # The old table links the spectator to the rematch.
    c.reload()
    c.wait_for_selector("#go-to-rematch")
    assert dialogs == []


def _background(page):
    return page.evaluate("getComputedStyle(document.body).backgroundColor")


def _is_dark(rgb):
    r, g, b = (int(x) for x in rgb.strip("rgba()").split(",")[:3])
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255 < 0.3


def test_dark_mode_follows_the_device_unless_the_player_chose(live_server, logged_in_page, make_user, artifacts):
    user = make_user("nyx")
    game = started_game([user], bots=1)
    page = logged_in_page(user)
    url = f"{live_server.url}/games/{game.pk}/"
    page.emulate_media(color_scheme="dark")
    page.goto(url)
    assert _is_dark(_background(page))
    # Cards keep their light face and dark ink.
    card = page.locator("#my-hand .card").first
    assert not _is_dark(card.evaluate("e => getComputedStyle(e).backgroundColor"))
    assert _is_dark(card.evaluate("e => getComputedStyle(e).color"))
    page.screenshot(path=str(artifacts / "table-dark.png"), full_page=True)
    page.emulate_media(color_scheme="light")
    assert not _is_dark(_background(page))

    # The setting wins over the device, both ways.
    page.goto(f"{live_server.url}/settings/")
    page.locator("input[name=theme][value=dark]").check()
    page.get_by_role("button", name="Save").click()
    page.wait_for_load_state()
    assert profile_for(user.__class__.objects.get(pk=user.pk)).theme == "dark"
    page.goto(url)
    assert _is_dark(_background(page))
    page.goto(f"{live_server.url}/settings/")
    page.locator("input[name=theme][value=light]").check()
    page.get_by_role("button", name="Save").click()
    page.emulate_media(color_scheme="dark")
    page.goto(url)
    assert not _is_dark(_background(page))
