"""The staff's decisions reach the player concerned (an email, once, and their reports page: what was done,
to what, until when, the report's reason; never who reported them nor the moderator's notes), a moderator
acts without a report (from a player's page), and the queue marks the reported message in its context."""

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse

from games.notifications.models import Notification
from social.chat import services as chat
from social.chat.models import Message
from social.moderation import services
from social.moderation.models import AuditEntry, Report, Restriction
from tests.games.helpers import started_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def moderator(make_user):
    user = make_user("mod", is_staff=True)
    user.user_permissions.add(Permission.objects.get(codename="moderate"))
    return type(user).objects.get(pk=user.pk)


@pytest.fixture
def table(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    return started_game([alice, bob]), alice, bob


def test_the_player_is_told_of_each_decision_by_email_and_on_their_page(client, moderator, table, commit,
                                                                         smtp_server):
    game, alice, bob = table
    line = chat.post_message(game.pk, bob, "you cheat")
    report, _created = services.report_chat(alice, line.pk, "abuse", "alice's own words")
    with commit():
        services.hide(report.pk, moderator, "mod notes: third time this week")
        mute = services.mute(bob, moderator, "chat", 3, "mod notes")
        services.lift(mute.pk, moderator, "mod notes")
    emails = smtp_server.to(bob.email)
    assert len(emails) == 3 and smtp_server.to(alice.email) == []
    first = emails[0].get_body(("plain",)).get_content()
    assert "The staff removed a message you wrote in a table's chat." in first
    assert "It was reported as: Insults or harassment." in first
    assert "The staff stopped you from writing (Table chat) until" in emails[1].get_body(("plain",)).get_content()
    for email in emails:  # never the reporter, their words, the moderator or their notes
        text = email.get_body(("plain",)).get_content()
        assert "alice" not in text and "mod notes" not in text and "mod" not in text.split("--")[0].split()
    client.force_login(bob)
    page = client.get(reverse("moderation:mine")).content.decode()
    assert 'id="decisions"' in page and "The staff let you write again (Table chat)." in page
    assert "alice" not in page and "mod notes" not in page
    # Each email once (one outbox row per entry), and the player may turn them off.
    assert Notification.objects.filter(user=bob, kind="moderation").count() == 3
    client.post(reverse("moderation:notice_preference"), {})
    with commit():
        services.suspend(bob, moderator, "mod notes")
    assert len(smtp_server.to(bob.email)) == 3
    assert Notification.objects.get(user=bob, kind="moderation", key__endswith=str(
        AuditEntry.objects.latest("id").pk)).status == "skipped"


def test_a_moderator_acts_without_a_report(client, moderator, table):
    game, alice, bob = table
    line = chat.post_message(game.pk, bob, "spam spam spam")
    client.force_login(moderator)
    found = client.get(reverse("moderation:find_player"), {"name": "bob"})
    assert found.status_code == 302 and found["Location"] == reverse("moderation:player", args=["bob"])
    page = client.get(found["Location"]).content.decode()
    assert "spam spam spam" in page and reverse("moderation:hide_chat", args=[line.pk]) in page
    client.post(reverse("moderation:hide_chat", args=[line.pk]), {"reason": "spam"})
    assert Message.objects.get(pk=line.pk).hidden
    client.post(reverse("moderation:act_on_player", args=["bob"]), {"action": "mute-chat", "days": "1",
                                                                       "reason": "spam"})
    assert Restriction.objects.get(user=bob).scope == "chat"
    assert [e.action for e in AuditEntry.objects.order_by("id")] == ["hide-chat", "mute"]
    assert all(e.report_id is None for e in AuditEntry.objects.all())
    # Not without a reason, not by a player.
    client.post(reverse("moderation:act_on_player", args=["bob"]), {"action": "suspend", "reason": ""})
    bob.refresh_from_db()
    assert bob.is_active
    client.force_login(alice)
    assert client.post(reverse("moderation:act_on_player", args=["bob"]),
                       {"action": "suspend", "reason": "x"}).status_code == 403
    assert client.get(reverse("moderation:find_player"), {"name": "bob"}).status_code == 403


def test_the_queue_marks_the_reported_message_in_its_context(client, moderator, table):
    game, alice, bob = table
    lines = [chat.post_message(game.pk, bob if i % 2 else alice, f"line {i}") for i in range(7)]
    services.report_chat(alice, lines[3].pk, "abuse")
    client.force_login(moderator)
    page = client.get(reverse("moderation:queue")).content.decode()
    marked = page.split('aria-current="true"')
    assert len(marked) == 2 and "line 3" in marked[1].split("</li>")[0] and "Reported" in marked[1].split("</li>")[0]
    assert Report.objects.count() == 1


def test_what_other_rooms_ask_a_suspended_or_deleted_player_may_not_be_invited(moderator, table):
    """The selector the invitations ask (social.moderation.restrictions), and the one the lobby asks before it
    shows an open game as open (social.relations.selectors.kept_apart)."""
    from accounts import services as accounts
    from social.moderation.restrictions import may_receive_invitations
    from social.relations import services as relations
    from social.relations.selectors import kept_apart

    _game, alice, bob = table
    assert may_receive_invitations(bob)
    restriction = services.suspend(bob, moderator, "again")
    bob.refresh_from_db()
    assert not may_receive_invitations(bob)
    services.lift(restriction.pk, moderator, "apologised")
    bob.refresh_from_db()
    assert may_receive_invitations(bob)
    accounts.erase_account(bob)
    bob.refresh_from_db()
    assert not may_receive_invitations(bob)
    carol, dave = type(alice).objects.create(username="carol"), type(alice).objects.create(username="dave")
    relations.block(carol, dave)
    assert kept_apart(dave, [alice, carol]) and kept_apart(carol.pk, [dave.pk])
    assert not kept_apart(alice, [carol, dave]) and not kept_apart(dave, [])
