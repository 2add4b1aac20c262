"""Your-turn emails through the real service layer, tasks in-process (both CI passes), delivered to a
real SMTP server on a free local port."""

import random
import re

import pytest
from django.core import signing
from django.test import Client

import engine
from accounts.models import profile_for
from games import cache as state_cache
from games.models import Game
from games.notifications import emails, outbox
from games.notifications.models import Notification
from tests.games.helpers import bodies, play_until_turn_changes, start_game

GUILDHALL = engine.get("guildhall")

pytestmark = pytest.mark.django_db


def _user_to_move(game):
    game.refresh_from_db()
    return game.to_move_user


def test_a_move_sends_exactly_one_email_to_the_next_player_with_the_content(make_user, commit, smtp_server, settings):
    settings.SITE_URL = "https://guildhall.example"
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(commit, [alice, bob])
    first = _user_to_move(game)
    # The start of the game: one email, to whoever does their setup first.
    assert [rcpts for rcpts, _m in smtp_server.messages] == [[first.email]]

    play_until_turn_changes(game, commit=commit)
    second = _user_to_move(game)
    assert second != first
    assert len(smtp_server.messages) == 2
    rcpts, message = smtp_server.messages[1]
    assert rcpts == [second.email]
    assert message["To"] == second.email
    assert f"game {game.pk}" in message["Subject"]
    text, html = bodies(message)
    table = f"https://guildhall.example/games/{game.pk}/"
    assert table in text and table in html
    assert "https://guildhall.example/settings/" in text  # the preferences
    # The log since the recipient's last turn, in words, as the engine tells it to the recipient's seat.
    state = state_cache.load_state(game, events_after=0)
    seat = game.seats.get(user=second).position
    names = emails.seat_names(game)
    for seq in range(1, game.seq + 1):
        assert GUILDHALL.describe(state, seq, seat, names) in text
    assert "Time left:" in text and "2 days" in text.replace("\xa0", " ")
    # The position, from the recipient's own view (the game's presentation's turn_lines): everyone's VP.
    view = engine.get(game.game).view(state_cache.load_state(game), seat)
    standing = ", ".join(f"{names[p['seat']]} {p['vp']} VP" for p in view["players"])
    assert f"Victory points: {standing}." in text and f"Victory points: {standing}." in html
    # One-click unsubscribe (RFC 8058) with a signed token for this user.
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    unsubscribe = str(message["List-Unsubscribe"]).strip()
    url = re.fullmatch(r"<(https://guildhall\.example/notifications/unsubscribe/[^>]+/)>", unsubscribe)
    assert url, message["List-Unsubscribe"]
    token = url.group(1).rstrip("/").rsplit("/", 1)[1]
    assert emails.read_unsubscribe_token(token) == (second.pk, "turn")
    assert url.group(1) in text
    # Exactly once: the relay and a second delivery attempt send nothing more.
    assert outbox.relay() == 0
    for n in Notification.objects.all():
        assert outbox.deliver(n.pk) is None
    assert len(smtp_server.messages) == 2
    rows = Notification.objects.filter(kind="turn")
    assert sorted((r.user_id, r.status) for r in rows) == sorted([(first.pk, "sent"), (second.pk, "sent")])


def test_emails_are_in_the_recipients_language(make_user, commit, smtp_server):
    alice, bob = make_user("alice"), make_user("bob")
    for user in (alice, bob):
        profile = profile_for(user)
        profile.language = "de"
        profile.save()
    game = start_game(commit, [alice, bob])
    play_until_turn_changes(game, commit=commit)
    message = smtp_server.messages[-1][1]
    text, html = bodies(message)
    # Django's own German catalogue translates the time left ("2 Tage, 23 Stunden"): the email was
    # rendered under the recipient's language.
    assert "Tage" in text and "Tage" in html
    assert '<html lang="de">' in html
    assert "days" not in text


def test_no_email_to_bots_nor_to_who_wants_none(make_user, commit, smtp_server):
    alice, carol = make_user("alice"), make_user("carol")
    profile = profile_for(carol)
    profile.turn_email = "never"
    profile.save()
    game = start_game(commit, [alice, carol], bots=1)
    rng = random.Random(3)
    for _i in range(8):
        play_until_turn_changes(game, rng, commit=commit)
    recipients = {r for rcpts, _m in smtp_server.messages for r in rcpts}
    assert recipients <= {alice.email}
    assert Notification.objects.filter(user=carol, kind="turn").exists()
    assert not Notification.objects.filter(user=carol, kind="turn").exclude(status="skipped").exists()
    # Every turn of alice gave exactly one email, and only those.
    alice_turns = Notification.objects.filter(user=alice, kind="turn").count()
    assert alice_turns >= 1
    assert len(smtp_server.to(alice.email)) == alice_turns


def test_a_turn_email_already_moved_past_is_not_sent(make_user, commit, smtp_server, settings):
    """The SMTP server is down while a move is made: the move succeeds, the row stays pending; once the
    turn has passed, delivering it sends nothing (it would say "your turn" when it no longer is)."""
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(commit, [alice, bob])
    smtp_settings_port = settings.EMAIL_PORT
    from tests.games.conftest import free_port

    settings.EMAIL_PORT = free_port()  # nothing listens there
    play_until_turn_changes(game, commit=commit)
    pending = Notification.objects.get(status="pending")
    assert pending.attempts == 1 and pending.last_error
    settings.EMAIL_PORT = smtp_settings_port
    sent_before = len(smtp_server.messages)
    assert outbox.relay(now=pending.enqueued_at or pending.created_at) in (0, 1)
    # The relay, once the row is due again (its retry after the failure), sends it now that the server is
    # back: exactly one email.
    from datetime import timedelta

    import time_machine
    from django.utils import timezone

    with time_machine.travel(timezone.now() + timedelta(minutes=5)), commit():
        assert outbox.relay() == 1
    pending.refresh_from_db()
    assert pending.status == "sent"
    assert len(smtp_server.messages) == sent_before + 1


def test_one_click_unsubscribe(make_user, settings):
    alice = make_user("alice")
    client = Client()
    token = emails.unsubscribe_token(alice.pk, "turn")
    page = client.get(f"/notifications/unsubscribe/{token}/")
    assert page.status_code == 200
    assert profile_for(alice).turn_email == "immediate"  # GET changes nothing
    response = client.post(f"/notifications/unsubscribe/{token}/", {"List-Unsubscribe": "One-Click"})
    assert response.status_code == 200
    alice.refresh_from_db()
    assert alice.profile.turn_email == "never"
    token = emails.unsubscribe_token(alice.pk, "reminders")
    client.post(f"/notifications/unsubscribe/{token}/")
    alice.refresh_from_db()
    assert alice.profile.reminder_emails is False
    forged = signing.dumps({"u": alice.pk, "c": "results"}, salt="another salt")
    assert client.post(f"/notifications/unsubscribe/{forged}/").status_code == 400
    alice.refresh_from_db()
    assert alice.profile.result_emails is True


def test_rows_are_unique_per_game_turn_user_kind(make_user, commit):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(commit, [alice, bob])
    game.refresh_from_db()
    before = Notification.objects.count()
    row = outbox.row(game, game.to_move_user_id, Notification.Kind.TURN, game.updated_at)
    outbox.write([row, outbox.row(game, game.to_move_user_id, Notification.Kind.TURN, game.updated_at)])
    assert Notification.objects.count() == before
    assert Game.objects.filter(pk=game.pk, deadline__isnull=False).exists()


def test_the_row_is_written_in_the_decisions_own_transaction(make_user, commit, smtp_server):
    from django.db import transaction

    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(commit, [alice, bob])
    seq, rows, sent = game.seq, Notification.objects.count(), len(smtp_server.messages)
    with pytest.raises(RuntimeError), transaction.atomic():
        play_until_turn_changes(game)
        assert Notification.objects.count() == rows + 1  # written with the decision ...
        raise RuntimeError("the decision's transaction rolls back")
    assert Notification.objects.count() == rows  # ... and gone with it
    game.refresh_from_db()
    assert game.seq == seq
    assert len(smtp_server.messages) == sent
