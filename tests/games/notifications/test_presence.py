"""No "your turn" email or push to a player who sits at that game's table; one when they have left.

Through the pages (the lobby, the table, its poll, its decisions: each says the player is at the table),
the service layer, the outbox and its tasks in-process (both CI passes), a real SMTP server on a free
local port and the test's push service. Leaving is the clock moving past NOTIFY_PRESENCE_SECONDS with
no sign of the player.
"""

import contextlib
import datetime
import json
import random
import time

import pytest
import time_machine
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import cache as state_cache
from games.models import Game
from games.notifications import outbox, presence
from games.notifications.models import Notification
from games.rules import rules_of
from tests.games.helpers import play_until_turn_changes, start_game
from tests.games.notifications.test_push import push_service, subscribe  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db

LOBBY_FORM = {"game": "guildhall", "seats": "2", "option_mode": "printed", "time_per_move": "3",
              "timeout_policy": "bot", "visibility": "open", "invite": "", "bots": "1", "bot_kind": "greedy"}


def _at_the_table(user):
    client = Client()
    client.force_login(user)
    return client


def _decide_at_the_table(client, game, rng, commit):
    """The page's decision (htmx), with its after-commit work: the bot's reply, the outbox's deliveries."""
    game.refresh_from_db()
    seat = game.seats.get(position=game.to_move_position)
    decision = rules_of(game).bots.choose(state_cache.load_state(game), seat.position, "greedy", rng)
    with commit():
        response = client.post(reverse("games:decide", args=[game.pk]),
                               {"expected_seq": game.seq, "decision": json.dumps(decision)}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and b'role="alert"' not in response.content


def _play_turns_at_the_table(client, game, user, turns, commit):
    """``user`` plays ``turns`` of their turns at the page (the bot answering in between), looking at the
    table between decisions as the page does."""
    rng = random.Random(5)
    played = 0
    while played < turns:
        game.refresh_from_db()
        assert game.status == Game.Status.ACTIVE and game.to_move_user_id == user.pk
        turn = game.turn
        assert client.get(reverse("games:table", args=[game.pk])).status_code == 200
        while True:
            _decide_at_the_table(client, game, rng, commit)
            game.refresh_from_db()
            if game.to_move_user_id != user.pk or game.turn != turn:
                break
        played += 1
        game.refresh_from_db()
    return game


def _turn_rows(user, **kwargs):
    return Notification.objects.filter(user=user, kind=Notification.Kind.TURN, **kwargs)


def test_at_the_table_no_email_for_the_turns_that_come_back_and_one_after_leaving(make_user, commit, smtp_server):
    alice = make_user("alice")
    client = _at_the_table(alice)
    with commit():
        response = client.post(reverse("games:create"), LOBBY_FORM)
    game = Game.objects.get()
    assert response["Location"] == reverse("games:game", args=[game.pk])
    assert client.get(response["Location"]).status_code == 200
    game = _play_turns_at_the_table(client, game, alice, 8, commit)
    assert game.to_move_user_id == alice.pk
    # Eight turns came back to her while she sat there: the page showed each; no email said so.
    assert smtp_server.messages == []
    assert _turn_rows(alice).count() >= 9
    assert not _turn_rows(alice, status=Notification.Status.SENT).exists()
    # The rows are not dropped: each waits until a while after she was last seen at the table.
    held = _turn_rows(alice).get(turn=game.turn)
    assert held.status == Notification.Status.PENDING and held.due_at > timezone.now()

    # She leaves. Once the window has passed with no sign of her, the relay hands the row to the worker
    # again, and the one email for the turn still waiting goes out.
    later = timezone.now() + presence.window() + datetime.timedelta(seconds=61)
    with time_machine.travel(later, tick=False):
        with commit():
            outbox.relay()
        with commit():
            outbox.relay()
    [(recipients, message)] = smtp_server.messages
    assert recipients == [alice.email] and f"game {game.pk}" in str(message["Subject"])
    held.refresh_from_db()
    assert held.status == Notification.Status.SENT
    # The turns she played at the table are past: their rows are dropped, unsent.
    assert set(_turn_rows(alice).exclude(pk=held.pk).values_list("status", flat=True)) == {"skipped"}


def test_the_poll_keeps_the_player_at_the_table_and_the_email_waits_for_them_to_go(make_user, commit, smtp_server):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(commit, [alice, bob])
    game.refresh_from_db()
    first = game.to_move_user
    second = bob if first == alice else alice
    smtp_server.messages.clear()
    looking = _at_the_table(second)
    start = timezone.now()
    with time_machine.travel(start, tick=False):
        assert looking.get(reverse("games:game", args=[game.pk])).status_code == 200
        play_until_turn_changes(game, commit=commit)
    game.refresh_from_db()
    assert game.to_move_user == second and smtp_server.messages == []
    [row] = _turn_rows(second, turn=game.turn)
    assert abs(row.due_at - (start + presence.window())) < datetime.timedelta(milliseconds=1)
    # Two minutes on, the page's poll (once a minute, even with the socket open) says they are there.
    with time_machine.travel(start + datetime.timedelta(minutes=2), tick=False):
        assert looking.get(reverse("games:poll", args=[game.pk]), {"seq": game.seq}).status_code == 204
    # When the row comes due it is decided again and waits on; when they are gone, it goes.
    with time_machine.travel(row.due_at + datetime.timedelta(seconds=1), tick=False):
        with commit():
            outbox.relay()
    row.refresh_from_db()
    assert row.status == Notification.Status.PENDING and smtp_server.messages == []
    assert abs(row.due_at - (start + datetime.timedelta(minutes=2) + presence.window())) < datetime.timedelta(
        milliseconds=1)
    with time_machine.travel(row.due_at + datetime.timedelta(seconds=1), tick=False):
        with commit():
            outbox.relay()
    assert [r for r, _m in smtp_server.messages] == [[second.email]]


def test_a_player_at_one_table_still_hears_of_another_game(make_user, commit, smtp_server):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    elsewhere = start_game(commit, [alice, carol])
    presence.seen(alice, elsewhere)  # alice sits at that game's table
    smtp_server.messages.clear()
    game = start_game(commit, [alice, bob])
    for _i in range(4):
        game.refresh_from_db()
        if game.to_move_user == alice:
            break
        play_until_turn_changes(game, commit=commit)
    assert game.to_move_user == alice
    assert [r for r, _m in smtp_server.messages][-1] == [alice.email]


def test_the_push_follows_the_same_rule(make_user, commit, push_service):  # noqa: F811 (the fixture)
    alice = make_user("alice")
    assert subscribe(alice, push_service.subscription()).status_code == 201
    client = _at_the_table(alice)
    with commit():
        client.post(reverse("games:create"), LOBBY_FORM)
    game = Game.objects.get()
    client.get(reverse("games:game", args=[game.pk]))
    game = _play_turns_at_the_table(client, game, alice, 3, commit)
    assert push_service.received == []
    later = timezone.now() + presence.window() + datetime.timedelta(seconds=61)
    with time_machine.travel(later, tick=False):
        with commit():
            outbox.relay()
    [(path, headers, body, _status)] = push_service.received
    assert push_service.open(headers, body)["url"] == f"/games/{game.pk}/"


@pytest.mark.redis
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_through_redis_and_a_real_worker_the_email_waits_while_the_player_is_at_the_table(
    make_user, smtp_server, settings
):
    """The same with the real parts: presence in Redis (the cache the pages and the workers share), the
    rows published to Redis and sent by a real Celery worker, committed transactions on PostgreSQL, and
    beat's relay. The window is a few seconds here, so that leaving can be waited for."""
    from games.notifications.tasks import relay_outbox
    from guildhall_site.celery import app
    from tests.games.conftest import real_worker
    from tests.games.notifications.test_real_services import settle, wait_until

    settings.NOTIFY_PRESENCE_SECONDS = 4
    alice, bob = make_user("alice"), make_user("bob")
    with real_worker(app):
        game = start_game(contextlib.nullcontext, [alice, bob])
        assert wait_until(lambda: len(smtp_server.messages) == 1)
        game.refresh_from_db()
        second = bob if game.to_move_user == alice else alice
        looking = _at_the_table(second)
        assert looking.get(reverse("games:game", args=[game.pk])).status_code == 200
        play_until_turn_changes(game)
        game.refresh_from_db()
        assert game.to_move_user == second
        row = _turn_rows(second).get(turn=game.turn)
        # The worker decided it while they were at the table: it waits, nothing was sent.
        def held():
            now = Notification.objects.get(pk=row.pk)
            return now.enqueued_at is None and now.due_at - now.created_at > datetime.timedelta(seconds=2)

        assert wait_until(held, timeout=30)
        assert settle(smtp_server) == 1
        # They have gone: once the window has passed, beat's relay hands the row over again and it goes.
        time.sleep(max(0.0, (Notification.objects.get(pk=row.pk).due_at - timezone.now()).total_seconds()) + 0.5)
        relay_outbox.delay()
        assert wait_until(lambda: len(smtp_server.messages) == 2, timeout=30)
    assert smtp_server.messages[1][0] == [second.email]
    assert Notification.objects.get(pk=row.pk).status == Notification.Status.SENT

