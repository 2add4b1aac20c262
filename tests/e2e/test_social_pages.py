"""The social rooms in chromium: an open conversation shows a new message from the other player without a
reload (the live socket's "your header changed" asks for it; the timed poll is turned down so only the
socket can have brought it), and is read when looked at; the moderator's queue marks the reported line;
and the social pages pass axe in both themes and are usable with the keyboard alone."""

import pytest

from social.conversations import services as conversations
from social.moderation import services as moderation
from social.relations import services as relations
from tests.e2e.test_accessibility import axe_violations
from tests.e2e.test_live import signed_in
from tests.games.helpers import started_game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LIVE_WITHIN_MS = 3000


def _moderator(make_user):
    from django.contrib.auth.models import Permission

    user = make_user("mod", is_staff=True)
    user.user_permissions.add(Permission.objects.get(codename="moderate"))
    return user


def test_an_open_conversation_shows_new_messages_live(asgi_live_server, new_page, make_user):
    alice, bob = make_user("alice"), make_user("bob")
    first = conversations.send(alice, bob, "are you there?")
    page = signed_in(new_page, asgi_live_server, bob)
    requests = []
    page.on("request", lambda r: requests.append(r.url) if "/new/?" in r.url else None)
    page.goto(f"{asgi_live_server}/messages/{first.conversation_id}/")
    page.wait_for_function("() => document.documentElement.dataset.live === 'open'")
    conversations.send(alice, bob, "yes, here: your move")
    page.wait_for_selector("#direct-messages :text('yes, here: your move')", timeout=LIVE_WITHIN_MS)
    assert page.locator("#direct-messages li").count() == 2  # appended once
    # Fetched because the socket asked (the timed poll is once a minute), by a page that is looked at.
    assert requests and all("read=1" in url for url in requests)
    # Read where it is shown: the header shows no unread message.
    page.wait_for_selector("#messages-unread", state="detached", timeout=LIVE_WITHIN_MS)
    # A third message: appended after the second (the poller asks from the newest on).
    conversations.send(alice, bob, "third")
    page.wait_for_selector("#direct-messages :text('third')", timeout=LIVE_WITHIN_MS)
    texts = page.locator("#direct-messages .dm-text").all_inner_texts()
    assert texts == ["are you there?", "yes, here: your move", "third"]


def test_the_reported_line_stands_out_for_the_moderator(live_server, logged_in_page, make_user):
    alice, bob = make_user("alice"), make_user("bob")
    for i in range(4):
        conversations.send(bob, alice, f"line {i}")
    bad = conversations.send(bob, alice, "send me your password")
    moderation.report_direct(alice, bad.pk, "abuse", "phishing")
    page = logged_in_page(_moderator(make_user))
    page.goto(f"{live_server.url}/moderation/")
    marked = page.locator(".moderation-context li[aria-current='true']")
    assert marked.count() == 1 and "send me your password" in marked.inner_text() and "Reported" in marked.inner_text()
    others = page.locator(".moderation-context li:not([aria-current])").first
    assert marked.evaluate("e => getComputedStyle(e).backgroundColor") != others.evaluate(
        "e => getComputedStyle(e).backgroundColor"
    )


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_social_pages_pass_axe_and_work_by_keyboard(live_server, logged_in_page, make_user, scheme):
    kim, lee, mod = make_user("kim"), make_user("lee"), _moderator(make_user)
    game = started_game([kim, lee])
    message = conversations.send(lee, kim, "hello kim")
    conversations.send(kim, lee, "hello lee")
    relations.block(kim, make_user("pest"))
    from social.chat import services as chat

    line = chat.post_message(game.pk, lee, "nice move")
    moderation.report_chat(kim, line.pk, "spam")
    base = live_server.url
    pages = [
        (kim, "conversation", f"{base}/messages/{message.conversation_id}/"),
        (kim, "write", f"{base}/messages/to/lee/"),
        (kim, "blocked players", f"{base}/settings/blocked/"),
        (kim, "profile", f"{base}/players/lee/"),
        (kim, "report", f"{base}/report/chat/{line.pk}/"),
        (kim, "my reports", f"{base}/reports/"),
        (mod, "moderation queue", f"{base}/moderation/"),
        (mod, "moderation player", f"{base}/moderation/players/lee/"),
        (mod, "moderation log", f"{base}/moderation/log/"),
    ]
    found = {}
    for user, name, url in pages:
        page = logged_in_page(user)
        page.emulate_media(color_scheme=scheme)
        response = page.goto(url)
        assert response.status == 200, (name, response.status)
        violations = axe_violations(page)
        if violations:
            found[name] = violations
        page.context.close()
    assert found == {}, found

    # The keyboard alone: from the conversation page, Tab reaches the reply box and Enter in the button sends.
    page = logged_in_page(kim)
    page.goto(f"{base}/messages/{message.conversation_id}/")
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement && document.activeElement.name") == "text":
            break
    page.keyboard.type("typed without a mouse")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.wait_for_selector("#direct-messages :text('typed without a mouse')")
