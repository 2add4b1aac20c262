"""Reports and the staff's queue: reports of private messages and profiles, the content in context,
mutes with an end, suspension (no sign-in, no session, no API token) and lifting it, each action with a
reason in a log nobody can change, and the reporter's one-line outcome."""

import datetime

import pytest
from django.contrib.auth.models import Permission
from django.db import DatabaseError, transaction
from django.urls import reverse
from django.utils import timezone

from games.exceptions import Forbidden, InvalidRequest
from social.chat import services as chat
from social.conversations import services as conversations
from social.moderation import services
from social.moderation.models import AuditEntry, Report, Restriction
from tests.games.helpers import started_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def moderator(make_user):
    user = make_user("mod", is_staff=True)
    user.user_permissions.add(Permission.objects.get(codename="moderate"))
    return user


def test_a_private_message_report_shows_its_context_and_the_mute_ends_in_time(client, make_user, moderator):
    alice, bob = make_user("alice"), make_user("bob")
    for i in range(8):
        conversations.send(bob, alice, f"line {i}")
    bad = conversations.send(bob, alice, "send me your password")
    conversations.send(alice, bob, "no")
    client.force_login(alice)
    page = client.get(reverse("conversations:conversation", args=[bad.conversation_id])).content.decode()
    url = reverse("moderation:report_message", args=[bad.pk])
    assert url in page
    assert client.post(url, {"reason": "abuse", "comment": "phishing"}).status_code == 302
    # bob cannot report his own message; a stranger cannot report it at all.
    client.force_login(bob)
    assert client.post(url, {"reason": "spam"}).status_code == 302 and Report.objects.count() == 1
    client.force_login(make_user("carol"))
    assert client.get(url).status_code == 404
    # The queue shows the message with the five before and after it, and the reason.
    client.force_login(moderator)
    queue = client.get(reverse("moderation:queue")).content.decode()
    assert "send me your password" in queue and "phishing" in queue and "line 3" in queue
    assert "line 2" not in queue  # five before, not more
    report = Report.objects.get()
    response = client.post(
        reverse("moderation:act", args=[report.pk]), {"action": "mute-messages", "days": "1", "reason": "phishing"}
    )
    assert response.status_code == 302
    mute = Restriction.objects.get(user=bob)
    assert mute.scope == "messages" and mute.ends_at - timezone.now() < datetime.timedelta(days=1, minutes=1)
    with pytest.raises(Forbidden):
        conversations.send(bob, alice, "again")
    game = started_game([bob, alice])
    chat.post_message(game.pk, bob, "the chat is another matter")  # muted from messages only
    mute.ends_at = timezone.now() - datetime.timedelta(seconds=1)
    mute.save()
    conversations.send(bob, alice, "a day later")
    [entry] = AuditEntry.objects.all()
    assert (entry.moderator, entry.action, entry.player, entry.reason) == (moderator, "mute", bob, "phishing")
    assert "send me your password" in entry.subject and entry.report_id == report.pk
    client.force_login(alice)
    mine = client.get(reverse("moderation:mine")).content.decode()
    assert "The staff stopped the player from writing for a while." in mine


def test_suspension_ends_sign_in_sessions_and_tokens_until_lifted(client, make_user, moderator, api_client_for):
    alice, bob = make_user("alice"), make_user("bob")
    services.report_profile(alice, bob, "other", "rude name")
    report, created = services.report_profile(alice, bob, "spam")
    assert not created  # a profile once while a report of it is open
    bob_api = api_client_for(bob)
    assert bob_api.get("/api/v1/games/").status_code == 200
    bob_browser = client.__class__()
    bob_browser.force_login(bob)
    with pytest.raises(InvalidRequest):
        services.suspend(bob, moderator, "   ", report_id=report.pk)  # a reason is needed
    with pytest.raises(Forbidden):
        services.suspend(moderator, moderator, "oops")  # not one's own account
    with pytest.raises(Forbidden):
        services.suspend(bob, alice, "alice is no moderator")
    services.suspend(bob, moderator, "impersonation", report_id=report.pk)
    bob.refresh_from_db()
    assert not bob.is_active
    assert bob_api.get("/api/v1/games/").status_code == 401
    assert bob_browser.get(reverse("games:mine")).status_code == 302  # signed out
    response = client.post(reverse("account_login"), {"login": "bob", "password": bob.raw_password})
    assert "_auth_user_id" not in client.session
    assert response.status_code in (200, 302) and response.get("Location", "") != "/"
    client.force_login(alice)
    assert "The staff suspended the player&#x27;s account." in client.get(reverse("moderation:mine")).content.decode()
    # Lifting it, with a reason, lets bob in again.
    restriction = Restriction.objects.get(user=bob, scope="account")
    client.force_login(moderator)
    assert "impersonation" in client.get(reverse("moderation:player", args=["bob"])).content.decode()
    client.post(reverse("moderation:lift", args=[restriction.pk]), {"reason": "apologised"})
    bob.refresh_from_db()
    assert bob.is_active
    assert [e.action for e in AuditEntry.objects.order_by("id")] == ["suspend", "unsuspend"]
    assert "apologised" in client.get(reverse("moderation:log")).content.decode()


def test_the_log_cannot_be_changed_and_the_queue_is_for_moderators(client, make_user, moderator, admin_user):
    alice, bob = make_user("alice"), make_user("bob")
    report, _ = services.report_profile(alice, bob, "abuse")
    services.dismiss(report.pk, moderator, "nothing wrong")
    entry = AuditEntry.objects.get()
    for change in (
        lambda: AuditEntry.objects.filter(pk=entry.pk).update(reason="forged"),
        lambda: AuditEntry.objects.filter(pk=entry.pk).delete(),
    ):
        with pytest.raises(DatabaseError), transaction.atomic():
            change()
    assert AuditEntry.objects.get().reason == "nothing wrong"
    # The admin shows it and offers no change or delete, even to a superuser.
    client.force_login(admin_user)
    change_page = client.get(reverse("admin:moderation_auditentry_change", args=[entry.pk]))
    assert change_page.status_code == 200 and 'name="reason"' not in change_page.content.decode()
    assert client.get(reverse("admin:moderation_auditentry_delete", args=[entry.pk])).status_code == 403
    # Staff without the permission and players are kept out of the queue.
    for user in (make_user("helper", is_staff=True), alice):
        client.force_login(user)
        assert client.get(reverse("moderation:queue")).status_code == 403
        act = client.post(reverse("moderation:act", args=[report.pk]), {"action": "dismiss", "reason": "x"})
        assert act.status_code == 403
    client.force_login(alice)
    assert "found nothing against the rules" in client.get(reverse("moderation:mine")).content.decode()


def test_old_chat_reports_are_in_the_queue_with_the_chat_around_them(client, make_user, moderator):
    alice, bob = make_user("alice"), make_user("bob")
    game = started_game([alice, bob])
    chat.post_message(game.pk, alice, "good luck")
    rude = chat.post_message(game.pk, bob, "you cheat")
    report, _ = services.report_chat(alice, rude.pk, "abuse")
    client.force_login(moderator)
    queue = client.get(reverse("moderation:queue")).content.decode()
    assert "good luck" in queue and "you cheat" in queue and f"/games/{game.pk}/#chat" in queue
    client.post(reverse("moderation:act", args=[report.pk]), {"action": "mute-chat", "days": "", "reason": "abuse"})
    with pytest.raises(Forbidden):
        chat.post_message(game.pk, bob, "muted until lifted")
    assert Restriction.objects.get(user=bob).ends_at is None
