"""Floods: one account cannot file reports by the dozen (a rate, and a cap on reports waiting for the staff)
nor write faster than a person (the chat's and the private messages' rates). Every refusal stores nothing
and says when to come back: ``Retry-After`` on the 429, and the number of seconds in the words."""

import pytest
from django.urls import reverse

from social.chat.models import Message
from social.conversations.models import DirectMessage
from social.moderation.models import Report
from tests.games.helpers import started_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(make_user):
    spammer, alice = make_user("spammer"), make_user("alice")
    game = started_game([spammer, alice])
    return game, spammer, alice


def _lines(game, author, n):
    return [Message.objects.create(game=game, author=author, text=f"line {i}", seq=0) for i in range(n)]


def test_reports_stop_at_the_rate_with_a_retry_after(client, settings, table):
    game, spammer, alice = table
    settings.REPORT_THROTTLE_RATE, settings.REPORTS_OPEN_MAX = "5/h", 0
    client.force_login(alice)
    lines = _lines(game, spammer, 8)
    answers = [client.post(reverse("moderation:report_chat", args=[m.pk]), {"reason": "spam"}) for m in lines]
    assert [a.status_code for a in answers] == [302] * 5 + [429] * 3
    refused = answers[-1]
    assert 1 <= int(refused["Retry-After"]) <= 3600
    assert f"Wait {refused['Retry-After']} second" in refused.content.decode()  # "1 second", "2 seconds"...
    assert Report.objects.count() == 5  # nothing stored for a refused report


def test_reports_waiting_for_the_staff_are_capped(client, settings, table):
    game, spammer, alice = table
    settings.REPORT_THROTTLE_RATE, settings.REPORTS_OPEN_MAX = None, 3
    client.force_login(alice)
    lines = _lines(game, spammer, 4)
    for line in lines[:3]:
        assert client.post(reverse("moderation:report_chat", args=[line.pk]), {"reason": "spam"}).status_code == 302
    refused = client.post(reverse("moderation:report_chat", args=[lines[3].pk]), {"reason": "spam"})
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert "3 reports waiting for the staff" in refused.content.decode()
    assert Report.objects.count() == 3
    Report.objects.update(status=Report.Status.DISMISSED)  # the staff looked into them
    assert client.post(reverse("moderation:report_chat", args=[lines[3].pk]), {"reason": "spam"}).status_code == 302


def test_private_messages_over_the_rate_say_when_to_come_back(client, settings, make_user, api_client_for):
    alice, _bob = make_user("alice"), make_user("bob")
    settings.MESSAGE_THROTTLE_RATE = "2/min"
    api = api_client_for(alice)
    assert [api.post("/api/v1/messages/", {"to": "bob", "text": "hi"}, format="json").status_code
            for _ in range(2)] == [201, 201]
    refused = api.post("/api/v1/messages/", {"to": "bob", "text": "hi"}, format="json")
    assert refused.status_code == 429 and refused.json()["error"] == "throttled"
    assert 1 <= int(refused["Retry-After"]) <= 60
    assert f"Wait {refused['Retry-After']} second" in refused.json()["detail"]
    client.force_login(alice)
    page = client.post(reverse("conversations:inbox"), {"to": "bob", "text": "hi"})
    assert page.status_code == 429 and int(page["Retry-After"]) >= 1
    assert DirectMessage.objects.count() == 2


def test_the_chat_over_the_rate_says_how_long_to_wait(client, settings, table):
    game, spammer, _alice = table
    settings.CHAT_THROTTLE_RATE = "2/min"
    client.force_login(spammer)
    for _ in range(2):
        client.post(reverse("chat:post", args=[game.pk]), {"text": "buy now"}, HTTP_HX_REQUEST="true")
    panel = client.post(reverse("chat:post", args=[game.pk]), {"text": "buy now"}, HTTP_HX_REQUEST="true")
    assert "You are writing too fast. Wait" in panel.content.decode()
    assert Message.objects.count() == 2
