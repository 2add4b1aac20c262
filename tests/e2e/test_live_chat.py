"""Table chat and the header over the live socket, in chromium against daphne: two players at a table see
each other's chat lines (and a spectator reads them) with the chat's poll turned down to once in ten
minutes, so only the socket can have brought them; a line of a player the reader blocked stays hidden
for the reader alone; a private message shows in the recipient's header at once. Every chat request
a page makes is counted: no timed poll, only the fetches the socket asked for."""

import time

import pytest

from social.conversations import services as conversations
from social.conversations.models import Conversation
from social.relations import services as blocks
from tests.e2e.test_live import signed_in
from tests.games.helpers import started_game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LIVE_WITHIN_MS = 2000


def open_table(page, base, game):
    page.goto(f"{base}/games/{game.pk}/")
    page.wait_for_function("() => document.documentElement.dataset.live === 'open'")


def say(page, text):
    page.fill("#chat-text", text)
    page.press("#chat-text", "Enter")
    page.wait_for_selector(f"#chat-log :text('{text}')")


def test_chat_lines_arrive_through_the_socket_and_blocks_still_hide_them(
    asgi_live_server, new_page, make_user, settings
):
    settings.CHAT_POLL_SECONDS = 600
    settings.GUILDHALL_POLL_SECONDS = 600
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    game = started_game([alice, bob])
    pages = {user.username: signed_in(new_page, asgi_live_server, user) for user in (alice, bob, carol)}
    chat_requests = {name: [] for name in pages}
    for name, page in pages.items():
        page.on("request", lambda r, name=name: chat_requests[name].append(r.url) if "/chat/?" in r.url else None)
        open_table(page, asgi_live_server, game)

    say(pages["alice"], "hello bob, good luck")
    started = time.monotonic()  # alice's page has her answer: the message is committed
    pages["bob"].wait_for_selector("#chat-log :text('hello bob, good luck')", timeout=LIVE_WITHIN_MS)
    heard_after = time.monotonic() - started
    pages["carol"].wait_for_selector("#chat-log :text('hello bob, good luck')", timeout=LIVE_WITHIN_MS)
    say(pages["bob"], "thanks alice")
    pages["alice"].wait_for_selector("#chat-log :text('thanks alice')", timeout=LIVE_WITHIN_MS)
    print(f"alice's line on bob's page {heard_after * 1000:.0f} ms after her page had the answer")
    # Each line once, in order, on every page (no line appended twice by two fetches).
    for page in pages.values():
        lines = page.locator("#chat-log .chat-text").all_inner_texts()
        assert lines == ["hello bob, good luck", "thanks alice"], lines

    # bob blocks alice: her next line is left out of his page, and still reaches the spectator's.
    blocks.block(bob, alice)
    say(pages["alice"], "you cannot hear this")
    pages["carol"].wait_for_selector("#chat-log :text('you cannot hear this')", timeout=LIVE_WITHIN_MS)
    say(pages["bob"], "quiet here")
    pages["carol"].wait_for_selector("#chat-log :text('quiet here')", timeout=LIVE_WITHIN_MS)
    assert pages["bob"].locator("#chat-log :text('you cannot hear this')").count() == 0

    # Only the fetches the socket asked for: one per line a page did not write itself, no timed poll.
    assert len(chat_requests["carol"]) == 4, chat_requests["carol"]
    assert all(f"/games/{game.pk}/chat/?after=" in url for url in chat_requests["carol"])


def test_a_private_message_shows_in_the_recipients_header_at_once(asgi_live_server, new_page, make_user, settings):
    settings.GUILDHALL_POLL_SECONDS = 600
    alice, bob = make_user("alice"), make_user("bob")
    page = signed_in(new_page, asgi_live_server, bob)
    page.goto(f"{asgi_live_server}/games/")
    page.wait_for_function("() => document.documentElement.dataset.live === 'open'")
    assert page.locator("#messages-unread").count() == 0
    conversations.send(alice, bob, "a word in private")
    page.wait_for_selector("#messages-unread", timeout=LIVE_WITHIN_MS)
    assert page.locator("#messages-unread").inner_text() == "1 new"
    # Read in another tab: the count goes away here too.
    other_tab = page.context.new_page()
    other_tab.goto(f"{asgi_live_server}/messages/{Conversation.objects.get().pk}/")
    page.wait_for_selector("#messages-unread", state="detached", timeout=LIVE_WITHIN_MS)
