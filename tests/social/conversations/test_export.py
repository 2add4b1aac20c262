"""A player's copy of their data holds the conversations they took part in, both sides, as they read them
on the site: the other player by display name, and nothing of a message withheld from them (its text,
its time, or a conversation it alone began)."""

import datetime

import pytest
import time_machine
from django.utils import timezone

from accounts import services as accounts
from accounts.models import profile_for
from social.conversations import services
from social.relations import services as relations

pytestmark = pytest.mark.django_db


def _export(user):
    return accounts.export(user)["apps"]["conversations"]


def test_the_export_has_both_sides_and_nothing_withheld(make_user):
    alice, bob, mallory = make_user("alice"), make_user("bob"), make_user("mallory")
    profile = profile_for(bob)
    profile.display_name = "Bobby Tables"
    profile.save()
    start = timezone.now()
    with time_machine.travel(start, tick=False):
        services.send(alice, bob, "hi bob")
        services.send(mallory, alice, "before the block")
    with time_machine.travel(start + datetime.timedelta(minutes=1), tick=False):
        services.send(bob, alice, "hi alice")
    relations.block(alice, mallory)
    with time_machine.travel(start + datetime.timedelta(minutes=5), tick=False):
        services.send(mallory, alice, "after the block")  # withheld
        services.send(make_user("eve"), alice, "x")
    relations.block(alice, type(alice).objects.get(username="eve"))
    document = _export(alice)
    texts = [(m["from"], m["text"]) for m in document["messages"]]
    assert texts == [("you", "hi bob"), ("Bobby Tables", "hi alice"), ("mallory", "before the block"), ("eve", "x")]
    by_name = {c["with"][0]: c for c in document["conversations"]}
    assert by_name["Bobby Tables"]["started_by_you"] and by_name["Bobby Tables"]["last_message_at"] == (
        (start + datetime.timedelta(minutes=1)).isoformat()
    )
    # The withheld message moved nothing: not the time of mallory's conversation, nor anything else.
    assert by_name["mallory"]["last_message_at"] == start.isoformat()
    assert "after the block" not in str(document) and "withheld" not in str(document)
    # What mallory's copy says of it: her message, sent, like any other.
    assert [m["text"] for m in _export(mallory)["messages"]] == ["before the block", "after the block"]


def test_a_conversation_begun_by_a_withheld_message_is_not_in_the_blockers_copy(make_user):
    alice, mallory = make_user("alice"), make_user("mallory")
    relations.block(alice, mallory)
    services.send(mallory, alice, "let me in")
    assert _export(alice)["conversations"] == [] and _export(alice)["messages"] == []
    assert len(_export(mallory)["conversations"]) == 1
