"""Blocking cannot be detected by writing to the blocker: a first message to a player who blocked the
sender is answered by the same work as a first message to anyone else (the same statements in the same
order, the same work left for after the commit), so it takes as long and looks the same. What the message
sets going (an email, a badge, or nothing for a withheld message) is decided after the answer, in a worker.
"""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from social.conversations.models import DirectMessage
from social.relations import services as relations

pytestmark = pytest.mark.django_db


def _shape(sql):
    """A statement without its values: what it does, not with which ids and times."""
    sql = re.sub(r"'[^']*'", "?", sql)
    sql = re.sub(r'"s\d+_x\d+"', "savepoint", sql)  # Django numbers its savepoints
    sql = re.sub(r"\b(true|false)\b", "?", sql, flags=re.I)
    return re.sub(r"\b\d+(\.\d+)?\b", "?", sql)


def _first_message(client, sender, recipient, django_capture_on_commit_callbacks):
    client.force_login(sender)
    client.get(reverse("conversations:inbox"))  # the session and the profile read once, as on any page
    with CaptureQueriesContext(connection) as queries, django_capture_on_commit_callbacks() as after_commit:
        response = client.post(reverse("conversations:inbox"), {"to": recipient.username, "text": "hello there"})
    assert response.status_code == 302
    statements = [_shape(q["sql"]) for q in queries.captured_queries]  # before the next request resets them
    assert statements
    page = client.get(response["Location"]).content.decode()
    page = re.sub(r'(csrfmiddlewaretoken" value=|X-CSRFToken": )"[^"]+"', r"\1?", page)  # new per request
    page = re.sub(r"\d+", "?", page)  # ids and times
    return statements, [c.__qualname__ for c in after_commit], page


def test_a_first_message_to_a_blocker_takes_the_same_way_as_to_anyone(client, make_user,
                                                                        django_capture_on_commit_callbacks):
    mallory, alice, bob = make_user("mallory"), make_user("alice"), make_user("bob")
    relations.block(alice, mallory)
    to_blocker = _first_message(client, mallory, alice, django_capture_on_commit_callbacks)
    to_anyone = _first_message(client, mallory, bob, django_capture_on_commit_callbacks)
    assert to_blocker[0] == to_anyone[0]  # the same statements, in the same order
    assert to_blocker[1] == to_anyone[1] and len(to_anyone[1]) == 1  # one task after the commit
    # And what the sender sees after it is the same page.
    assert to_blocker[2].replace("alice", "bob") == to_anyone[2]
    withheld, delivered = DirectMessage.objects.order_by("id")
    assert withheld.withheld and not delivered.withheld


def test_a_withheld_message_leaves_the_conversations_time_as_it_was(make_user, commit):
    from social.conversations import services

    mallory, alice = make_user("mallory"), make_user("alice")
    with commit():
        first = services.send(alice, mallory, "before the block")
    relations.block(alice, mallory)
    with commit():
        services.send(mallory, alice, "after the block")
    first.conversation.refresh_from_db()
    assert first.conversation.last_message_at == first.created_at
