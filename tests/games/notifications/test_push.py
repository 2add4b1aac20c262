"""Web Push from the outbox, against a push service played by the test (pushservice.PushService: an HTTP
server on loopback that checks the VAPID signature and decrypts each message with the subscription's
private key, as a browser's push service and the browser would). Tasks in-process (both CI passes)."""

import json

import pytest
from django.test import Client
from django.utils import timezone

from accounts.models import profile_for
from games.live.publish import mark_present
from games.notifications import outbox, push
from games.notifications.models import Notification, PushSubscription
from tests.games.helpers import play_until_turn_changes, start_game
from tests.games.notifications.pushservice import PushService, b64url, unb64url

pytestmark = pytest.mark.django_db


@pytest.fixture
def push_service(settings):
    # The test's push service: plain HTTP on loopback, allowed by name; tests only (check --deploy
    # refuses these allowances, and production settings leave them off).
    settings.WEBPUSH_ALLOW_HTTP_ENDPOINTS = True
    settings.WEBPUSH_ALLOW_LOOPBACK_ENDPOINTS = True
    settings.WEBPUSH_ALLOWED_HOSTS = ["127.0.0.1"]
    service = PushService()
    yield service
    service.close()


def subscribe(user, subscription):
    client = Client()
    client.force_login(user)
    return client.post("/notifications/push/subscribe/", json.dumps(subscription), content_type="application/json")


def to_move(game):
    game.refresh_from_db()
    return game.to_move_user


def push_rows(user):
    return Notification.objects.filter(user=user, kind=Notification.Kind.TURN_PUSH)


def test_your_turn_is_pushed_once_encrypted_for_the_device_and_says_nothing_hidden(make_user, commit, push_service):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(commit, [alice, bob])
    first = to_move(game)
    second = bob if first == alice else alice
    assert subscribe(second, push_service.subscription()).status_code == 201

    play_until_turn_changes(game, commit=commit)
    assert to_move(game) == second
    [(path, headers, body, _status)] = push_service.received
    assert path == "/push/device-1"
    message = push_service.open(headers, body)
    assert message == {
        "title": "Guildhall",
        "body": f"It is your turn in game {game.pk}.",
        "url": f"/games/{game.pk}/",
        "tag": f"guildhall-game-{game.pk}",
    }
    assert headers["topic"] == f"g{game.pk}t{game.turn}" and int(headers["ttl"]) > 0
    [row] = push_rows(second)
    assert row.status == Notification.Status.SENT and row.attempts == 1
    # The relay and a second delivery attempt find nothing more to do: sent once.
    outbox.relay(now=timezone.now() + timezone.timedelta(hours=1))
    assert outbox.deliver(row.pk) is None
    assert len(push_service.received) == 1
    # The first player never subscribed: no push row at all for them.
    assert not push_rows(first).exists()


def test_a_push_service_down_is_tried_again_later_and_a_gone_subscription_is_deleted(make_user, commit, push_service):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(commit, [alice, bob])
    first = to_move(game)
    second = bob if first == alice else alice
    subscribe(second, push_service.subscription("phone"))
    subscribe(second, push_service.subscription("laptop"))
    push_service.answers.put(503)  # the first device's push service is down
    play_until_turn_changes(game, commit=commit)
    [row] = push_rows(second)
    assert row.status == Notification.Status.PENDING and row.attempts == 1
    assert row.due_at > timezone.now() and row.enqueued_at is None
    assert "503" in row.last_error
    assert len(push_service.delivered()) == 1  # the other device has it

    # Due again: only the device that missed it gets it now; then it is sent, once everywhere.
    later = row.due_at + timezone.timedelta(seconds=1)
    Notification.objects.filter(pk=row.pk).update(due_at=timezone.now())
    outbox.relay(now=later)
    row.refresh_from_db()
    assert row.status == Notification.Status.SENT and row.attempts == 2
    assert sorted(r[0] for r in push_service.delivered()) == ["/push/laptop", "/push/phone"]

    # Next time, one device's subscription has expired (410): deleted, the other still served.
    push_service.answers.put(410)
    play_until_turn_changes(game, commit=commit)
    play_until_turn_changes(game, commit=commit)
    assert to_move(game) == second
    assert PushSubscription.objects.filter(user=second).count() == 1
    assert push_rows(second).order_by("-id").first().status == Notification.Status.SENT


def test_no_push_while_a_page_is_open_nor_once_the_turn_has_passed(make_user, commit, push_service, settings):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(commit, [alice, bob])
    first = to_move(game)
    second = bob if first == alice else alice
    subscribe(second, push_service.subscription())
    mark_present(second.pk)  # a socket of theirs spoke just now
    play_until_turn_changes(game, commit=commit)
    [row] = push_rows(second)
    assert row.status == Notification.Status.PENDING and push_service.received == []
    assert row.due_at >= timezone.now() + timezone.timedelta(seconds=settings.LIVE_PRESENCE_SECONDS - 5)
    # They play their turn at the open page: the push is no longer wanted.
    play_until_turn_changes(game, commit=commit)
    Notification.objects.filter(pk=row.pk).update(due_at=timezone.now())
    outbox.relay()
    row.refresh_from_db()
    assert row.status == Notification.Status.SKIPPED and push_service.received == []


def test_the_preference_turns_pushes_off(make_user, commit, push_service):
    alice, bob = make_user("alice"), make_user("bob")
    for user in (alice, bob):
        profile = profile_for(user)
        profile.turn_push = False
        profile.save()
        subscribe(user, push_service.subscription(user.username))
    game = start_game(commit, [alice, bob])
    play_until_turn_changes(game, commit=commit)
    assert push_service.received == [] and not Notification.objects.filter(kind="turn-push").exists()


def test_subscriptions_are_checked_and_each_user_manages_only_their_own(make_user, push_service, settings):
    alice, bob = make_user("alice"), make_user("bob")
    good = push_service.subscription()
    bad = [
        None,
        [],
        {"endpoint": good["endpoint"]},
        {**good, "endpoint": "javascript:alert(1)"},
        {**good, "endpoint": "https://" + "x" * 1000 + ".example/"},
        {**good, "keys": {"p256dh": "not base64!", "auth": good["keys"]["auth"]}},
        {**good, "keys": {"p256dh": b64url(b"\x04" + b"x" * 10), "auth": good["keys"]["auth"]}},
        {**good, "keys": {"p256dh": good["keys"]["p256dh"], "auth": b64url(b"short")}},
    ]
    for data in bad:
        response = subscribe(alice, data)
        assert response.status_code == 400, data
        assert response.json()["error"] == "bad_subscription" and response.json()["detail"]
    assert not PushSubscription.objects.exists()
    settings.WEBPUSH_ALLOW_HTTP_ENDPOINTS = False
    assert subscribe(alice, good).status_code == 400  # push services are HTTPS
    settings.WEBPUSH_ALLOW_HTTP_ENDPOINTS = True
    assert subscribe(alice, good).status_code == 201
    # Bob cannot remove Alice's; the browser's next user takes the endpoint over.
    client = Client()
    client.force_login(bob)
    response = client.post(
        "/notifications/push/unsubscribe/", json.dumps({"endpoint": good["endpoint"]}), content_type="application/json"
    )
    assert response.json() == {"removed": 0} and PushSubscription.objects.get().user == alice
    assert subscribe(bob, good).status_code == 201
    assert PushSubscription.objects.get().user == bob
    response = client.post(
        "/notifications/push/unsubscribe/", json.dumps({"endpoint": good["endpoint"]}), content_type="application/json"
    )
    assert response.json() == {"removed": 1} and not PushSubscription.objects.exists()
    # Signed out: nothing.
    assert (
        Client().post("/notifications/push/subscribe/", json.dumps(good), content_type="application/json").status_code
        == 302
    )


def test_the_service_worker_is_served_for_the_whole_site(client):
    response = client.get("/notifications/push/worker.js")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert b"showNotification" in response.content


def test_the_settings_page_offers_this_device_a_button_and_the_preference(make_user, client):
    alice = make_user("alice")
    client.force_login(alice)
    html = client.get("/settings/").content.decode()
    assert f'data-key="{push.public_key()}"' in html and len(unb64url(push.public_key())) == 65
    assert '<button type="button" id="push-toggle" aria-pressed="false">' in html
    assert 'name="turn_push"' in html
    assert "<script>" not in html  # the button's script is a static file (CSP)
