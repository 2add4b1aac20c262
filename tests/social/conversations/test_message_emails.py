"""The private-message email through the site's outbox, end to end: a message is written, its outbox row
commits with it, the in-process worker delivers it to a real SMTP server once. The recipient's choice
(at once, digest, never) counts when the email is sent, a blocked sender's message sends nothing, a
message read before delivery sends nothing, and the one-click unsubscribe turns these emails off."""

import datetime
import re
from urllib.parse import urlparse

import pytest
import time_machine
from django.db import transaction
from django.test import Client

from games.notifications import outbox
from games.notifications.models import Notification
from social.conversations import announce, services
from social.conversations.models import MessagePreference
from social.relations import services as blocks

pytestmark = pytest.mark.django_db


def _rows():
    return list(Notification.objects.filter(kind="message").order_by("id"))


def test_one_email_for_a_run_of_unread_messages_delivered_once(make_user, commit, smtp_server):
    alice, bob = make_user("alice"), make_user("bob")
    with commit():
        first = services.send(alice, bob, 'Hello bob <b>"there"</b>')
    (row,) = _rows()
    assert row.game_id is None and row.user_id == bob.pk
    assert row.key == f"{first.conversation_id}:{first.pk}" and row.status == "sent"
    (message,) = smtp_server.to(bob.email)
    assert message["Subject"] == "alice sent you 1 private message"
    assert message["Message-ID"] == f"<notification-{row.pk}@{urlparse(_site()).hostname}>"
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    text = message.get_body(("plain",)).get_content()
    html = message.get_body(("html",)).get_content()
    assert '> Hello bob <b>"there"</b>' in text
    assert "&lt;b&gt;&quot;there&quot;&lt;/b&gt;" in html and "<b>" not in html
    assert f"/messages/{first.conversation_id}/" in text

    # The second message waits with the first, unread: no second row, no second email.
    with commit():
        services.send(alice, bob, "are you there?")
    assert len(_rows()) == 1
    # The relay (beat) and a second delivery of the same row send nothing more; the key is written once.
    with commit():
        outbox.relay()
        outbox.deliver(row.pk)
        outbox.enqueue("message", bob.pk, row.key, data={"conversation": first.conversation_id})
    assert len(_rows()) == 1 and len(smtp_server.to(bob.email)) == 1

    # Once bob has read, the next message starts a new run: one more email.
    services.mark_read(first.conversation_id, bob)
    with commit():
        services.send(alice, bob, "new run")
    assert len(_rows()) == 2 and len(smtp_server.to(bob.email)) == 2
    assert smtp_server.to(alice.email) == []


def _unsubscribe_path(message):
    link = re.fullmatch(r"<([^>]+)>", str(message["List-Unsubscribe"]).strip()).group(1)
    return urlparse(link).path


def _site():
    from django.conf import settings

    return settings.SITE_URL


def test_a_rolled_back_message_writes_no_email(make_user, commit, smtp_server):
    alice, bob = make_user("alice"), make_user("bob")

    class Abort(Exception):
        pass

    with pytest.raises(Abort), commit(), transaction.atomic():
        services.send(alice, bob, "never stored")
        raise Abort  # its task was to run after a commit that never comes
    assert _rows() == [] and smtp_server.messages == []


def test_a_message_from_a_blocked_player_sends_nothing(make_user, commit, smtp_server):
    alice, bob = make_user("alice"), make_user("bob")
    blocks.block(bob, alice)
    with commit():
        message = services.send(alice, bob, "let me in")
    assert message.withheld
    assert _rows() == [] and Notification.objects.filter(user=bob).count() == 0
    assert smtp_server.messages == []


def test_the_choice_at_sending_time_counts(make_user, commit, smtp_server):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    services.set_email_choice(carol, MessagePreference.NEVER)
    with commit():
        services.send(alice, carol, "hi carol")
    assert _rows() == [] and smtp_server.messages == []

    # Written while bob wants emails at once; he chose "never" before the worker got to it: skipped.
    with transaction.atomic():
        message = services.send(alice, bob, "hi bob")
    announce.announce(message.pk)  # the worker's task; the delivery after its commit is not run here
    (row,) = _rows()
    services.set_email_choice(bob, MessagePreference.NEVER)
    assert outbox.deliver(row.pk) == "skipped"
    # Read before the worker got to it: nothing stale is sent either.
    services.set_email_choice(bob, MessagePreference.IMMEDIATE)
    services.mark_read(row.data["conversation"], bob)
    with transaction.atomic():
        message = services.send(carol, bob, "hi from carol")
    announce.announce(message.pk)
    services.mark_read(_rows()[-1].data["conversation"], bob)
    assert outbox.deliver(_rows()[-1].pk) == "skipped"
    assert smtp_server.messages == []


def test_an_unconfirmed_address_gets_nothing(make_user, commit, smtp_server):
    alice, bob = make_user("alice"), make_user("bob", verified=False)
    with commit():
        services.send(alice, bob, "hi")
    assert [r.status for r in _rows()] == ["skipped"] and smtp_server.messages == []


def test_the_unsubscribe_link_turns_these_emails_off(make_user, commit, smtp_server):
    alice, bob = make_user("alice"), make_user("bob")
    with commit():
        services.send(alice, bob, "hi")
    (message,) = smtp_server.to(bob.email)
    page = Client().get(_unsubscribe_path(message))
    assert page.status_code == 200 and "emails about new private messages" in page.content.decode()
    response = Client().post(_unsubscribe_path(message), {"List-Unsubscribe": "One-Click"})
    assert response.status_code == 200
    assert services.email_choice(bob) == MessagePreference.NEVER


def test_the_digest_lists_unread_messages_for_those_who_chose_it(make_user, commit, smtp_server):
    alice, bob = make_user("alice"), make_user("bob")
    services.set_email_choice(bob, MessagePreference.DIGEST)
    with time_machine.travel(datetime.datetime(2027, 3, 1, 6, 0, tzinfo=datetime.UTC), tick=False) as clock:
        with commit():
            sent = services.send(alice, bob, "for the digest")
            services.send(alice, bob, "and another")
        assert _rows() == [] and smtp_server.messages == []
        (digest,) = Notification.objects.filter(user=bob, kind="digest")
        assert digest.due_at == datetime.datetime(2027, 3, 1, 8, 0, tzinfo=datetime.UTC)  # digest_hour, UTC
        clock.shift(datetime.timedelta(hours=2, minutes=1))
        with commit():
            outbox.relay()
    (message,) = smtp_server.to(bob.email)
    text = message.get_body(("plain",)).get_content()
    assert "alice: 2 unread private messages" in text and f"/messages/{sent.conversation_id}/" in text
    assert "for the digest" not in text  # the digest says who and how many, not what
    assert message["Subject"] == "Guildhall: your daily digest"
    # Its unsubscribe link is about private messages (the digest holds nothing about turns).
    Client().post(_unsubscribe_path(message), {"List-Unsubscribe": "One-Click"})
    assert services.email_choice(bob) == MessagePreference.NEVER


def test_a_message_whose_task_was_lost_is_announced_once_by_beat(make_user, commit, smtp_server):
    alice, bob = make_user("alice"), make_user("bob")
    message = services.send(alice, bob, "the broker was down")  # its task after the commit never ran
    assert _rows() == [] and announce.announce_missed() == 0  # too early: its task may still come
    with time_machine.travel(datetime.timedelta(minutes=2)), commit():
        assert announce.announce_missed() == 1
    assert [r.status for r in _rows()] == ["sent"] and len(smtp_server.to(bob.email)) == 1
    with commit():
        assert announce.announce(message.pk) is False  # the late task, after all: nothing again
        assert announce.announce_missed() == 0
    assert len(_rows()) == 1 and len(smtp_server.to(bob.email)) == 1
