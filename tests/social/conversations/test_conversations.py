"""Private messages: the pages and the API, unread counts, what is refused (and then nothing is stored),
blocks (withheld, unseen by the blocker, unknown to the sender), staff mutes, the emails owed."""

import pytest
from django.urls import reverse

from games.exceptions import Forbidden, InvalidRequest
from social.conversations import emails, selectors, services
from social.conversations.announce import message_sent
from social.conversations.models import Conversation, DirectMessage, MessagePreference
from social.moderation.models import Restriction
from social.relations import services as blocks

pytestmark = pytest.mark.django_db

NASTY = '<script>alert("x")</script> & <b>bold</b>'


@pytest.fixture
def sent(monkeypatch):
    """What message_sent announced (sender, recipient, email owed), in order (it is sent by the worker's
    task after the message's commit)."""
    heard = []

    def receiver(sender, message, recipient_id, email, **kwargs):
        heard.append((message.sender.username, recipient_id, email))

    message_sent.connect(receiver, dispatch_uid="test-heard")
    yield heard
    message_sent.disconnect(dispatch_uid="test-heard")


def test_a_conversation_through_the_pages(client, make_user, django_capture_on_commit_callbacks, sent):
    alice, bob = make_user("alice"), make_user("bob")
    client.force_login(alice)
    form = client.get(reverse("conversations:write_to", args=["bob"])).content.decode()
    assert "Write to bob" in form
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("conversations:inbox"), {"to": "bob", "text": f"Hi bob\n\n\n\n{NASTY}"})
    conversation = Conversation.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/messages/{conversation.pk}/#newest"
    assert DirectMessage.objects.get().text == f"Hi bob\n\n{NASTY}"
    assert sent == [("alice", bob.pk, "immediate")]
    # bob: one unread in the list and the header tag; reading the page marks it read.
    client.force_login(bob)
    inbox = client.get(reverse("conversations:inbox")).content.decode()
    assert "1 new" in inbox and ">alice<" in inbox
    assert selectors.unread_count(bob) == 1 and selectors.unread_count(alice) == 0
    page = client.get(reverse("conversations:conversation", args=[conversation.pk])).content.decode()
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;" in page
    assert "<script>alert" not in page and "<b>bold" not in page
    assert selectors.unread_count(bob) == 0
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("conversations:conversation", args=[conversation.pk]), {"text": "hello alice"})
    assert sent[-1] == ("bob", alice.pk, "immediate")
    # From a profile, an existing conversation opens directly; a stranger cannot open it.
    client.force_login(alice)
    assert client.get(reverse("conversations:write_to", args=["bob"]))["Location"].startswith(
        f"/messages/{conversation.pk}/"
    )
    carol = make_user("carol")
    client.force_login(carol)
    assert client.get(reverse("conversations:conversation", args=[conversation.pk])).status_code == 404
    assert client.get("/messages/99999999999999999999999/").status_code == 404


def test_one_email_per_run_of_unread_messages_and_the_preference(make_user, django_capture_on_commit_callbacks, sent):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol", email="")
    with django_capture_on_commit_callbacks(execute=True):
        first = services.send(alice, bob, "one")
        services.send(alice, bob, "two")
    assert [e for *_r, e in sent] == ["immediate", None]  # the second waits with the first, unread
    built = emails.new_message_email(bob, first.conversation_id, "https://guildhall.example")
    assert built["subject"] == "alice sent you 2 private messages"
    assert "> one" in built["text"] and "> two" in built["text"]
    assert f"https://guildhall.example/messages/{first.conversation_id}/" in built["html"]
    services.mark_read(first.conversation_id, bob)
    assert emails.new_message_email(bob, first.conversation_id) is None  # read meanwhile: nothing to send
    with django_capture_on_commit_callbacks(execute=True):
        services.send(alice, bob, "three")
    assert sent[-1][2] == "immediate"  # a new run
    assert [line for line, _url in emails.digest_lines(bob, first.created_at)] == ["alice: 1 unread private message"]
    services.set_email_choice(bob, MessagePreference.DIGEST)
    services.set_email_choice(alice, MessagePreference.NEVER)
    with django_capture_on_commit_callbacks(execute=True):
        services.send(alice, bob, "four")
        services.send(bob, alice, "back")
        services.send(alice, carol, "no address")
    assert [e for *_r, e in sent[-3:]] == ["digest", None, None]
    with pytest.raises(InvalidRequest):
        services.set_email_choice(bob, "hourly")


def test_what_is_refused_stores_nothing(make_user, settings):
    alice, bob = make_user("alice"), make_user("bob")
    with pytest.raises(InvalidRequest):
        services.send(alice, bob, " \u202e\x00 ")
    with pytest.raises(InvalidRequest):
        services.send(alice, bob, "x" * 2001)
    with pytest.raises(InvalidRequest):
        services.send(alice, alice, "me")
    assert services.send(alice, bob, "x" * 2000).text == "x" * 2000
    settings.MESSAGE_THROTTLE_RATE = "2/min"
    services.send(alice, bob, "fast")
    with pytest.raises(services.Throttled):
        services.send(alice, bob, "too fast")
    settings.MESSAGE_THROTTLE_RATE = None
    settings.MESSAGE_NEW_CONVERSATIONS_PER_DAY = 1
    with pytest.raises(services.Throttled):
        services.send(alice, make_user("carol"), "a second new conversation today")
    services.send(bob, make_user("dave"), "bob has started none")
    assert DirectMessage.objects.count() == 3 and Conversation.objects.count() == 2


def test_a_block_withholds_silently_and_a_staff_mute_refuses(
    client, make_user, django_capture_on_commit_callbacks, sent
):
    alice, bob = make_user("alice"), make_user("bob")
    with django_capture_on_commit_callbacks(execute=True):
        services.send(bob, alice, "before the block")
    blocks.block(alice, bob)
    with django_capture_on_commit_callbacks(execute=True):
        withheld = services.send(bob, alice, "after the block")
    assert withheld.withheld and sent == [("bob", alice.pk, "immediate")]  # the first only: no email, no news
    # bob sees it as sent; alice never sees it.
    client.force_login(bob)
    url = reverse("conversations:conversation", args=[withheld.conversation_id])
    assert "after the block" in client.get(url).content.decode()
    client.force_login(alice)
    page = client.get(url).content.decode()
    assert "after the block" not in page and "before the block" in page and 'id="you-blocked"' in page
    assert selectors.unread_count(alice) == 0
    with pytest.raises(Forbidden):
        services.send(alice, bob, "alice blocked bob: she unblocks first")
    # A conversation a blocked player started shows nothing to the blocker.
    carol = make_user("carol")
    blocks.block(alice, carol)
    services.send(carol, alice, "hello?")
    assert [row["other"].username for row in selectors.describe(selectors.conversation_rows(alice), alice)] == ["bob"]
    blocks.unblock(alice, bob)
    assert selectors.unread_count(alice) == 0  # withheld stays withheld
    Restriction.objects.create(user=bob, scope=Restriction.Scope.MESSAGES, reason="spam")
    with pytest.raises(Forbidden) as refused:
        services.send(bob, alice, "muted")
    assert "until further notice" in str(refused.value.detail)


def test_the_api_lists_sends_reads_and_marks_read(make_user, api_client_for):
    alice, bob = make_user("alice"), make_user("bob")
    api, bob_api = api_client_for(alice), api_client_for(bob)
    response = api.post("/api/v1/messages/", {"to": "bob", "text": NASTY}, format="json")
    assert response.status_code == 201
    body = response.json()
    assert body["text"] == NASTY and body["sender"] == "alice"  # plain text: the client escapes it
    conversation, first_id = body["conversation"], body["id"]
    listing = bob_api.get("/api/v1/messages/").json()
    assert listing["count"] == 1
    [row] = listing["results"]
    assert (row["with_player"], row["unread"], row["last_message"]["text"]) == ("alice", 1, NASTY)
    detail = bob_api.get(f"/api/v1/messages/{conversation}/").json()
    assert detail["unread"] == 1 and [m["text"] for m in detail["messages"]] == [NASTY]
    read = bob_api.post(f"/api/v1/messages/{conversation}/read/", {}, format="json")
    assert read.status_code == 200 and read.json()["unread"] == 0
    assert bob_api.get("/api/v1/messages/").json()["results"][0]["unread"] == 0
    for body, status, code in [
        ({"to": "nobody", "text": "hi"}, 404, "no_player"),
        ({"to": "bob", "text": ""}, 400, "invalid"),
        ({"to": "bob", "text": "   "}, 400, "empty"),
        ({"to": "bob", "text": "y" * 2001}, 400, "too_long"),
        ({"to": "alice", "text": "me"}, 400, "self"),
        ({"text": "to whom?"}, 400, "invalid"),
    ]:
        response = api.post("/api/v1/messages/", body, format="json")
        assert (response.status_code, response.json()["error"]) == (status, code), body
    assert api.post("/api/v1/messages/", "{", content_type="application/json").json()["error"] == "malformed_json"
    assert api.post(f"/api/v1/messages/{conversation}/read/", {"upto": -1}, format="json").status_code == 400
    assert api.get(f"/api/v1/messages/{conversation}/?before=x").json()["error"] == "before"
    assert api.get(f"/api/v1/messages/{conversation}/?before={first_id}").json()["messages"] == []
    stranger = api_client_for(make_user("carol"))
    assert stranger.get(f"/api/v1/messages/{conversation}/").status_code == 404
    assert stranger.post(f"/api/v1/messages/{conversation}/read/", {}, format="json").status_code == 404
    assert api_client_for(None).get("/api/v1/messages/").status_code == 401
    assert DirectMessage.objects.count() == 1


def test_the_open_page_asks_for_what_is_new(client, make_user, django_capture_on_commit_callbacks):
    alice, bob, mallory = make_user("alice"), make_user("bob"), make_user("mallory")
    first = services.send(alice, bob, "one")
    url = reverse("conversations:new_messages", args=[first.conversation_id])
    client.force_login(bob)
    assert client.get(url, {"after": first.pk}).status_code == 204  # nothing new: one indexed query
    second = services.send(alice, bob, "two")
    fresh = client.get(url, {"after": first.pk})
    assert fresh.status_code == 200 and "two" in fresh.content.decode() and ">one<" not in fresh.content.decode()
    assert f"?after={second.pk}" in fresh.content.decode()  # the next question starts after it
    assert selectors.unread_count(bob) == 2  # fetched into a page nobody looks at: still unread
    looked_at = client.get(url, {"after": first.pk, "read": "1"}).content.decode()
    assert selectors.unread_count(bob) == 0 and 'id="messages-nav"' in looked_at and "hx-swap-oob" in looked_at
    for bad in ("", "x", "-1", "9" * 30):
        assert client.get(url, {"after": bad}).status_code == 400
    client.force_login(mallory)
    assert client.get(url, {"after": 0}).status_code == 404
