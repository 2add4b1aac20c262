"""Table chat: players write, spectators read; what a player typed is stored tidied, shown escaped
everywhere, limited in length and rate; the server never writes into it."""

import re

import pytest
from django.core.cache import caches
from django.urls import reverse

from games import services
from games.exceptions import Forbidden, InvalidRequest
from social.chat import services as chat
from social.chat.models import Message
from social.moderation import services as moderation
from tests.games.helpers import play, started_game

pytestmark = pytest.mark.django_db

NASTY = '<script>alert("x")</script> & <b>bold</b> <img src=x onerror=alert(1)>'


@pytest.fixture
def table(make_user):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    game = started_game([alice, bob])
    return game, alice, bob, carol


def _page(client, user, game):
    client.force_login(user)
    return client.get(reverse("games:game", args=[game.pk])).content.decode()


def _chat_section(html):
    return re.search(r'<section class="zone chat" id="chat".*?</section>', html, re.S).group(0)


def _posted(client, user, game, text, htmx=False):
    client.force_login(user)
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(reverse("chat:post", args=[game.pk]), {"text": text}, **headers)


def test_players_write_and_spectators_read(client, table):
    game, alice, bob, carol = table
    response = _posted(client, alice, game, "Good luck, have fun")
    assert response.status_code == 302 and response["Location"].endswith(f"/games/{game.pk}/#chat")
    response = _posted(client, bob, game, "You too", htmx=True)
    assert response.status_code == 200 and 'id="chat"' in response.content.decode()
    for user in (alice, bob, carol):
        section = _chat_section(_page(client, user, game))
        assert "Good luck, have fun" in section and "You too" in section
    # The players have the form; a spectator reads and is told so.
    assert 'id="chat-form"' in _page(client, alice, game)
    spectator = _page(client, carol, game)
    assert 'id="chat-form"' not in spectator and 'id="chat-spectator"' in spectator
    # A spectator's post is refused and stores nothing.
    assert _posted(client, carol, game, "Psst, alice has the Assassin").status_code == 403
    with pytest.raises(Forbidden):
        chat.post_message(game.pk, carol, "Psst")
    assert list(Message.objects.values_list("author__username", "text")) == [
        ("alice", "Good luck, have fun"),
        ("bob", "You too"),
    ]


def test_signed_out_readers_are_sent_to_sign_in(client, table):
    game, *_ = table
    assert client.post(reverse("chat:post", args=[game.pk]), {"text": "hi"}).status_code == 302
    response = client.get(reverse("chat:poll", args=[game.pk]) + "?after=0", HTTP_HX_REQUEST="true")
    assert response.status_code == 204 and "/accounts/login/" in response["HX-Redirect"]
    assert not Message.objects.exists()


def test_the_chat_opens_when_the_game_starts(client, make_user):
    alice, _bob = make_user("alice"), make_user("bob")
    game = services.create_game(alice, seats=2, invite=["bob"])
    with pytest.raises(InvalidRequest, match="opens when the game starts"):
        chat.post_message(game.pk, alice, "anyone?")
    assert not Message.objects.exists()


def test_user_text_is_escaped_on_every_page(client, table, django_user_model):
    game, alice, bob, carol = table
    message = chat.post_message(game.pk, alice, NASTY)
    assert message.text == NASTY  # stored as typed; escaped where shown
    escaped = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;"
    pages = {
        "table": _page(client, bob, game),
        "spectator": _page(client, carol, game),
        "poll": client.get(reverse("chat:poll", args=[game.pk]) + "?after=0").content.decode(),
        "replay": client.get(reverse("game-replay", args=[game.pk])).content.decode(),
        "report": client.get(reverse("moderation:report_chat", args=[message.pk])).content.decode(),
    }
    moderation.report_chat(bob, message.pk, "abuse", comment="<i>look</i>")
    staff = django_user_model.objects.create_superuser("staff", "staff@example.com", "pw-staff-123")
    client.force_login(staff)
    pages["queue"] = client.get(reverse("moderation:queue")).content.decode()
    pages["admin list"] = client.get(reverse("admin:chat_message_changelist")).content.decode()
    pages["admin report"] = client.get(
        reverse("admin:moderation_report_change", args=[message.reports.get().pk])
    ).content.decode()
    for name, html in pages.items():
        assert escaped in html, name
        assert "<script>alert" not in html and "<b>bold" not in html and "<img src=x" not in html, name


def test_messages_are_tidied_and_limited(table):
    game, alice, *_ = table
    spoofed = "  pay\u202e\u0000 me\n\n\tnow\x1b[31m  "  # a right-to-left override, NUL, an escape sequence
    assert chat.post_message(game.pk, alice, spoofed).text == "pay me now[31m"
    assert chat.post_message(game.pk, alice, "👩\u200d👩\u200d👧 ok").text == "👩\u200d👩\u200d👧 ok"
    for empty in ("", "   ", "\u202e\u200b\x00"):
        with pytest.raises(InvalidRequest, match="Write a message first"):
            chat.post_message(game.pk, alice, empty)
    assert chat.post_message(game.pk, alice, "x" * 500).text == "x" * 500
    with pytest.raises(InvalidRequest, match="at most 500 characters"):
        chat.post_message(game.pk, alice, "x" * 501)
    assert Message.objects.count() == 3


def test_a_refused_message_is_shown_back_with_the_reason(client, table):
    game, alice, *_ = table
    response = _posted(client, alice, game, "y" * 501, htmx=True)
    html = response.content.decode()
    assert response.status_code == 200 and 'id="chat-error"' in html and "at most 500 characters" in html
    assert 'value="' + "y" * 501 + '"' in html  # the draft is kept
    response = _posted(client, alice, game, "   ")
    assert response.status_code == 302
    assert "Write a message first" in client.get(response["Location"]).content.decode()
    assert not Message.objects.exists()


def test_writing_too_fast_is_refused_and_nothing_is_stored(client, table, settings):
    game, alice, bob, _carol = table
    settings.CHAT_THROTTLE_RATE = "3/min"
    caches["default"].clear()
    for i in range(3):
        chat.post_message(game.pk, alice, f"message {i}")
    response = _posted(client, alice, game, "one too many", htmx=True)
    assert "too fast" in response.content.decode()
    assert Message.objects.filter(author=alice).count() == 3
    # The rate is per player: bob still writes.
    chat.post_message(game.pk, bob, "my turn to talk")


def test_with_the_cache_down_messages_go_through(table, settings):
    from tests.games.conftest import free_port

    game, alice, *_ = table
    settings.CHAT_THROTTLE_RATE = "1/min"
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": f"redis://127.0.0.1:{free_port()}/0"}
    }
    for i in range(3):  # over the rate, but nothing can count: chat goes on
        chat.post_message(game.pk, alice, f"still here {i}")
    assert Message.objects.count() == 3


def test_the_server_never_writes_into_the_chat(client, table):
    """Playing writes nothing into the chat, and a message on any page carries only what its author typed
    (no card of anyone's hand, no card id, no log line)."""
    game, alice, bob, carol = table
    play(game, 30)
    assert not Message.objects.exists()
    typed = ["gl hf", "nice move", "I have 3 Assassins, really"]
    for user, text in zip((alice, bob, alice), typed, strict=True):
        chat.post_message(game.pk, user, text)
    for user in (alice, bob, carol):
        section = _chat_section(_page(client, user, game))
        assert "data-card-id" not in section and "card&quot;" not in section
        texts = re.findall(r'<span class="chat-text">(.*?)</span>', section)
        assert texts == typed


def test_the_poll_sends_only_what_is_new(client, table):
    game, alice, bob, _carol = table
    client.force_login(bob)
    url = reverse("chat:poll", args=[game.pk])
    assert client.get(url + "?after=0").status_code == 204
    assert client.get(url + "?after=nope").status_code == 400
    first = chat.post_message(game.pk, alice, "first")
    second = chat.post_message(game.pk, alice, "second")
    html = client.get(f"{url}?after={first.pk}").content.decode()
    assert "second" in html and ">first<" not in html
    # The poller comes back out of band, asking from the newest message on.
    assert 'hx-swap-oob="true"' in html and f"after={second.pk}" in html
    assert client.get(f"{url}?after={second.pk}").status_code == 204
    assert client.get(reverse("chat:poll", args=[987654]) + "?after=0").status_code == 404
    huge = "9" * 30  # beyond the database's integers: no such row, not a server error
    assert client.get(f"/games/{huge}/chat/?after=0").status_code == 404
    assert client.post(f"/games/{huge}/chat/post/", {"text": "hi"}).status_code == 404
    assert client.post(f"/games/{huge}/notes/", {"text": "hi"}).status_code == 404
    assert client.get(f"/chat/messages/{huge}/report/").status_code == 404


def test_the_poll_stops_once_the_game_is_over(client, table):
    game, alice, bob, _carol = table
    services.resign(game.pk, alice)
    client.force_login(bob)
    assert client.get(reverse("chat:poll", args=[game.pk]) + "?after=0").status_code == 286
    # After the game the players still talk.
    chat.post_message(game.pk, alice, "gg")
    assert "gg" in _chat_section(_page(client, bob, game))
