"""A player who deleted their account is offered nothing to do with them: no reply form in a conversation
with them, no Report or Mute beside what they wrote, no follow, message, block or report on their page."""

import pytest
from django.urls import reverse

from accounts import services as accounts
from social.chat import services as chat
from social.conversations import services as conversations
from tests.games.helpers import started_game

pytestmark = pytest.mark.django_db


def test_nothing_is_offered_against_a_deleted_player(client, make_user):
    alice, bob = make_user("alice"), make_user("bob")
    game = started_game([alice, bob])
    line = chat.post_message(game.pk, bob, "good game")
    message = conversations.send(bob, alice, "see you")
    client.force_login(alice)
    before = client.get(reverse("conversations:conversation", args=[message.conversation_id])).content.decode()
    assert 'id="reply"' in before and reverse("moderation:report_message", args=[message.pk]) in before
    table = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert reverse("moderation:report_chat", args=[line.pk]) in table
    assert reverse("relations:mute", args=["bob"]) in table

    accounts.erase_account(bob)
    bob.refresh_from_db()
    page = client.get(reverse("conversations:conversation", args=[message.conversation_id])).content.decode()
    assert 'id="reply"' not in page and 'id="no-reply"' in page
    assert reverse("moderation:report_message", args=[message.pk]) not in page
    refused = client.post(reverse("conversations:conversation", args=[message.conversation_id]), {"text": "hello?"})
    assert refused.status_code == 404
    table = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert reverse("moderation:report_chat", args=[line.pk]) not in table
    assert reverse("relations:mute", args=[bob.username]) not in table
    assert client.post(reverse("relations:mute", args=[bob.username])).status_code == 404
