"""Delivery under outages and changed minds, tasks in-process (both CI passes), a real SMTP server:
- the mail server down for longer than any number of attempts: the email waits, with backoff, for as
  long as it is relevant, and arrives once when the server is back; a turn that ended meanwhile drops it;
- a permanent refusal (5xx for the recipient) fails the row at once;
- the preferences at sending time count (an unsubscribed user gets no more digests);
- emails go to confirmed addresses only."""

import datetime

import pytest
import time_machine
from django.test import Client
from django.utils import timezone

from accounts.models import profile_for
from games.notifications import emails, outbox
from games.notifications.models import Notification
from tests.games.helpers import play_until_turn_changes, start_game

pytestmark = pytest.mark.django_db


def _relay_rounds(clock, rounds, step, commit):
    """What beat does, ``rounds`` times, ``step`` apart."""
    for _i in range(rounds):
        clock.shift(step)
        with commit():
            outbox.relay()


def test_an_outage_longer_than_any_retry_budget_delays_the_email_and_loses_nothing(
    make_user, commit, smtp_server, settings
):
    from tests.games.conftest import free_port

    alice, bob = make_user("alice"), make_user("bob")
    up_port = settings.EMAIL_PORT
    with time_machine.travel(datetime.datetime(2027, 3, 1, 9, 0, tzinfo=datetime.UTC), tick=False) as clock:
        settings.EMAIL_PORT = free_port()  # the mail server is down: nothing listens there
        game = start_game(commit, [alice, bob])
        row = Notification.objects.get(kind="turn")
        assert row.status == "pending" and row.attempts == 1 and "Connection refused" in row.last_error
        # Ten hours of outage, beat relaying every minute: far more than the old 20 attempts' worth.
        delays = []
        for _i in range(60 * 10 // 10):
            before = Notification.objects.get(pk=row.pk)
            _relay_rounds(clock, 1, datetime.timedelta(minutes=10), commit)
            after = Notification.objects.get(pk=row.pk)
            if after.attempts > before.attempts:
                delays.append(after.due_at - timezone.now())
        row.refresh_from_db()
        assert row.status == "pending" and row.attempts >= 20, (row.status, row.attempts)
        assert max(delays) <= settings.NOTIFY_RETRY_LONGEST * 1.1  # backoff, capped
        assert delays[0] < delays[3]
        assert smtp_server.messages == []

        settings.EMAIL_PORT = up_port  # back
        _relay_rounds(clock, 4, datetime.timedelta(minutes=10), commit)
        _relay_rounds(clock, 3, datetime.timedelta(hours=1), commit)
    row.refresh_from_db()
    assert row.status == "sent"
    assert [rcpts for rcpts, _m in smtp_server.messages] == [[game.to_move_user.email]]


def test_an_email_whose_turn_ended_during_the_outage_is_dropped_not_failed(make_user, commit, smtp_server, settings):
    from tests.games.conftest import free_port

    alice, bob = make_user("alice"), make_user("bob")
    up_port = settings.EMAIL_PORT
    with time_machine.travel(datetime.datetime(2027, 3, 1, 9, 0, tzinfo=datetime.UTC), tick=False) as clock:
        settings.EMAIL_PORT = free_port()
        game = start_game(commit, [alice, bob])
        first = Notification.objects.get(kind="turn")
        play_until_turn_changes(game, commit=commit)  # the move is made while the mail is down
        settings.EMAIL_PORT = up_port
        _relay_rounds(clock, 6, datetime.timedelta(minutes=10), commit)
    first.refresh_from_db()
    assert first.status == "skipped"  # it would say "your turn" when it no longer is
    game.refresh_from_db()
    assert [rcpts for rcpts, _m in smtp_server.messages] == [[game.to_move_user.email]]


def test_a_permanent_refusal_fails_at_once(make_user, commit, smtp_server):
    async def handle_RCPT(server, session, envelope, address, rcpt_options):
        return "550 5.1.1 no such mailbox"

    smtp_server.handle_RCPT = handle_RCPT
    alice, bob = make_user("alice"), make_user("bob")
    start_game(commit, [alice, bob])
    row = Notification.objects.get(kind="turn")
    assert row.status == "failed" and row.attempts == 1 and "550" in row.last_error


def test_a_4xx_answer_is_tried_again(make_user, commit, smtp_server):
    async def handle_RCPT(server, session, envelope, address, rcpt_options):
        return "451 4.3.0 try again later"

    smtp_server.handle_RCPT = handle_RCPT
    start_game(commit, [make_user(), make_user()])
    row = Notification.objects.get(kind="turn")
    assert row.status == "pending" and row.due_at > timezone.now() and row.enqueued_at is None


def test_a_digest_honours_the_preference_when_it_is_sent(make_user, commit, smtp_server):
    alice, bob = make_user("alice"), make_user("bob")
    for user in (alice, bob):
        profile = profile_for(user)
        profile.turn_email = "digest"
        profile.save()
    with time_machine.travel(datetime.datetime(2027, 3, 1, 9, 30, tzinfo=datetime.UTC), tick=False) as clock:
        game = start_game(commit, [alice, bob])
        game.refresh_from_db()
        waiting = game.to_move_user
        digest = Notification.objects.get(kind="digest", user=waiting)
        assert digest.status == "pending" and digest.due_at > timezone.now()
        # One click on the unsubscribe link of an earlier email: no more turn emails, digests included.
        token = emails.unsubscribe_token(waiting.pk, "turn")
        assert Client().post(f"/notifications/unsubscribe/{token}/").status_code == 200
        clock.move_to(digest.due_at + datetime.timedelta(minutes=1))
        with commit():
            outbox.relay()
    digest.refresh_from_db()
    assert digest.status == "skipped" and smtp_server.messages == []
    assert not Notification.objects.filter(kind="digest", user=waiting, status="pending").exists()


def test_a_digest_still_wanted_is_sent(make_user, commit, smtp_server):
    alice, bob = make_user("alice"), make_user("bob")
    for user in (alice, bob):
        profile = profile_for(user)
        profile.turn_email = "digest"
        profile.save()
    with time_machine.travel(datetime.datetime(2027, 3, 1, 9, 30, tzinfo=datetime.UTC), tick=False) as clock:
        game = start_game(commit, [alice, bob])
        game.refresh_from_db()
        digest = Notification.objects.get(kind="digest", user=game.to_move_user)
        clock.move_to(digest.due_at + datetime.timedelta(minutes=1))
        with commit():
            outbox.relay()
    digest.refresh_from_db()
    assert digest.status == "sent" and [r for r, _m in smtp_server.messages] == [[game.to_move_user.email]]


def test_emails_go_to_confirmed_addresses_only(make_user, commit, smtp_server):
    confirmed, unconfirmed = make_user("confirmed"), make_user("unconfirmed", verified=False)
    game = start_game(commit, [confirmed, unconfirmed])
    for _turn in range(4):
        play_until_turn_changes(game, commit=commit)
    recipients = {r[0] for r, _m in smtp_server.messages}
    assert recipients == {confirmed.email}
    assert set(
        Notification.objects.filter(user=unconfirmed, kind="turn").values_list("status", flat=True)
    ) == {"skipped"}
    # Confirming it later: from then on the emails come.
    from allauth.account.models import EmailAddress

    EmailAddress.objects.filter(user=unconfirmed).update(verified=True)
    for _turn in range(2):  # a turn of each: one of them is a new turn of the newly confirmed player
        play_until_turn_changes(game, commit=commit)
    assert unconfirmed.email in {r[0] for r, _m in smtp_server.messages}


def test_a_row_written_for_a_confirmed_address_is_not_sent_once_it_changed(make_user, commit, smtp_server, settings):
    from tests.games.conftest import free_port

    alice, bob = make_user("alice"), make_user("bob")
    up_port = settings.EMAIL_PORT
    with time_machine.travel(datetime.datetime(2027, 3, 1, 9, 0, tzinfo=datetime.UTC), tick=False) as clock:
        settings.EMAIL_PORT = free_port()
        game = start_game(commit, [alice, bob])
        game.refresh_from_db()
        mover = game.to_move_user
        mover.email = "new-and-unconfirmed@example.com"  # changed, not confirmed yet
        mover.save()
        settings.EMAIL_PORT = up_port
        _relay_rounds(clock, 3, datetime.timedelta(minutes=10), commit)
    assert smtp_server.messages == []
    assert Notification.objects.get(kind="turn").status == "skipped"
