"""Web Push goes to the browsers' push services at public addresses only, checked when a browser
subscribes and again before each send, and the send connects to the address that was checked.

The DNS is the test's (pushservice.resolve, named by WEBPUSH_RESOLVER): it answers the private,
loopback, link-local, IPv6 and IPv4-mapped addresses an attacker's host could have. The push services
are real servers on loopback (HTTP, and HTTPS with a certificate of a test authority)."""

import ipaddress
import json

import pytest
from django.core.management import call_command
from django.core.management.base import SystemCheckError
from django.test import Client

from games.notifications import endpoints
from games.notifications.checks import push_endpoints_guarded
from games.notifications.models import Notification, PushSubscription
from tests.games.helpers import play_until_turn_changes, start_game
from tests.games.notifications import pushservice
from tests.games.notifications.pushservice import PushService, device_keys, make_authority

pytestmark = pytest.mark.django_db

NOT_PUBLIC = [
    "10.0.0.1",
    "172.16.5.4",
    "192.168.1.1",
    "127.0.0.1",
    "127.1.2.3",
    "169.254.169.254",  # the cloud's metadata service
    "100.64.0.1",  # shared address space (carrier-grade NAT)
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "198.18.0.1",
    "::1",
    "::",
    "fe80::1",
    "fc00::1",
    "fd12:3456::1",
    "fec0::1",
    "ff02::1",
    "::ffff:127.0.0.1",  # IPv4-mapped
    "::ffff:10.0.0.1",
    "::ffff:169.254.169.254",
    "::127.0.0.1",  # IPv4-compatible (deprecated)
    "2002:a00:1::1",  # 6to4 of 10.0.0.1
    "64:ff9b::a9fe:a9fe",  # NAT64 of 169.254.169.254
    "2001:db8::1",  # documentation
    "2001::1",  # Teredo
]
PUBLIC = ["142.250.74.42", "2a00:1450:4001:82b::200a", "::ffff:8.8.8.8", "64:ff9b::808:808"]


@pytest.fixture
def dns(settings):
    settings.WEBPUSH_RESOLVER = "tests.games.notifications.pushservice.resolve"
    pushservice.ANSWERS.clear()
    pushservice.LOOKUPS.clear()
    yield pushservice.ANSWERS
    pushservice.ANSWERS.clear()
    pushservice.LOOKUPS.clear()


def subscription(endpoint):
    return {"endpoint": endpoint, "keys": device_keys()[2]}


def subscribe(user, data):
    client = Client()
    client.force_login(user)
    return client.post("/notifications/push/subscribe/", json.dumps(data), content_type="application/json")


@pytest.mark.parametrize("address", NOT_PUBLIC)
def test_a_push_service_host_at_an_address_that_is_not_public_is_refused(dns, address):
    dns["fcm.googleapis.com"] = [address]
    with pytest.raises(endpoints.BadEndpoint, match="not at a public address"):
        endpoints.check("https://fcm.googleapis.com/fcm/send/abc")
    # One public address among them does not help: every address must be public.
    dns["fcm.googleapis.com"] = [PUBLIC[0], address]
    with pytest.raises(endpoints.BadEndpoint, match="not at a public address"):
        endpoints.check("https://fcm.googleapis.com/fcm/send/abc")


@pytest.mark.parametrize("address", PUBLIC)
def test_a_push_service_at_public_addresses_is_accepted_and_the_first_is_where_the_send_goes(dns, address):
    dns["wns2-by3p.notify.windows.com"] = [address, "8.8.4.4"]
    endpoint = endpoints.check("https://wns2-by3p.notify.windows.com/w/?token=abc")
    assert endpoint[:3] == ("https", "wns2-by3p.notify.windows.com", 443)
    assert ipaddress.ip_address(endpoint.address) == ipaddress.ip_address(address)
    assert endpoint.host_header == "wns2-by3p.notify.windows.com"


def test_only_the_browsers_push_services_by_default(dns):
    hosts = ("fcm.googleapis.com", "updates.push.services.mozilla.com", "web.push.apple.com", "a.notify.windows.com")
    for host in hosts:
        dns[host] = ["8.8.8.8"]
        assert endpoints.check(f"https://{host}/x").host == host
    for url in (
        "https://notify.windows.com/x",  # "*." covers the hosts under it only
        "https://fcm.googleapis.com.evil.example/x",
        "https://evilfcm.googleapis.com/x",
        "https://push.example.org/x",
        "https://8.8.8.8/x",
    ):
        with pytest.raises(endpoints.BadEndpoint, match="only to the push service of a browser"):
            endpoints.check(url)
    assert pushservice.LOOKUPS == list(dns)  # a host that is not allowed is not even looked up


def test_the_endpoint_is_https_on_the_standard_port_with_no_credentials(dns):
    dns["fcm.googleapis.com"] = ["8.8.8.8"]
    for url in (
        "http://fcm.googleapis.com/x",
        "https://fcm.googleapis.com:6379/x",
        "https://user:secret@fcm.googleapis.com/x",
        "ftp://fcm.googleapis.com/x",
        "https:///x",
    ):
        with pytest.raises(endpoints.BadEndpoint, match="not an HTTPS address"):
            endpoints.check(url)
    assert endpoints.check("https://fcm.googleapis.com:443/x").port == 443


def test_subscribing_to_an_internal_address_is_a_400_and_stores_nothing(make_user, dns, settings):
    alice = make_user("alice")
    # What an attacker tried: each is refused with a clear JSON error, whatever the allowed hosts say.
    attempts = [
        "https://169.254.169.254/latest/meta-data/",
        "https://127.0.0.1:6379/",
        "https://10.0.0.1/x",
        "https://[::1]:8143/x",
        "https://[::ffff:127.0.0.1]/x",
    ]
    for endpoint in attempts:
        response = subscribe(alice, subscription(endpoint))
        assert response.status_code == 400, endpoint
        assert response.json()["error"] == "bad_subscription"
        assert "only to the push service of a browser" in response.json()["detail"]
    settings.WEBPUSH_ALLOWED_HOSTS = ["169.254.169.254", "10.0.0.1", "::1", "::ffff:127.0.0.1", "127.0.0.1"]
    for literal in settings.WEBPUSH_ALLOWED_HOSTS:
        dns[literal] = [literal]  # as a resolver answers an address
    for endpoint in attempts:
        response = subscribe(alice, subscription(endpoint.replace(":6379", "").replace(":8143", "")))
        assert response.status_code == 400, endpoint
        assert "is not at a public address" in response.json()["detail"]
    # An allowed push service whose name an attacker made resolve inside the network.
    settings.WEBPUSH_ALLOWED_HOSTS = ["fcm.googleapis.com"]
    dns["fcm.googleapis.com"] = ["10.1.2.3"]
    response = subscribe(alice, subscription("https://fcm.googleapis.com/fcm/send/x"))
    assert response.status_code == 400
    assert response.json()["error"] == "bad_subscription"
    assert response.json()["detail"] == "The push service fcm.googleapis.com is not at a public address."
    del dns["fcm.googleapis.com"]
    response = subscribe(alice, subscription("https://fcm.googleapis.com/fcm/send/x"))
    assert response.json()["detail"] == "The push service fcm.googleapis.com cannot be found."
    assert not PushSubscription.objects.exists()
    dns["fcm.googleapis.com"] = ["142.250.74.42"]
    assert subscribe(alice, subscription("https://fcm.googleapis.com/fcm/send/x")).status_code == 201


def test_the_error_is_in_the_users_language(make_user, dns):
    from accounts.models import profile_for

    alice = make_user("alice")
    client = Client(headers={"accept-language": "de"})
    client.force_login(alice)
    profile = profile_for(alice)
    profile.language = "de"
    profile.save()
    data = subscription("ftp://fcm.googleapis.com/x")
    response = client.post("/notifications/push/subscribe/", json.dumps(data), content_type="application/json")
    assert response.status_code == 400
    assert response.json()["detail"] == "Der Endpunkt des Abonnements ist keine HTTPS-Adresse."


def two_players(make_user, commit):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(commit, [alice, bob])
    game.refresh_from_db()
    second = bob if game.to_move_user == alice else alice
    return game, second


@pytest.fixture
def service():
    services = []

    def start(**kwargs):
        services.append(PushService(**kwargs))
        return services[-1]

    yield start
    for started in services:
        started.close()


def test_a_name_that_resolves_inside_the_network_at_send_time_gets_nothing(
    make_user, commit, dns, service, settings, caplog
):
    """Public when the browser subscribed, loopback when the turn passes (DNS rebinding): the check at
    send time refuses it, and the server listening there receives nothing."""
    settings.WEBPUSH_ALLOW_HTTP_ENDPOINTS = True
    settings.WEBPUSH_ALLOW_LOOPBACK_ENDPOINTS = True  # the test's service is on a port of its own
    settings.WEBPUSH_ALLOWED_HOSTS = ["push.test"]
    inside = service(host="push.test")
    game, second = two_players(make_user, commit)
    dns["push.test"] = ["142.250.74.42"]
    assert subscribe(second, inside.subscription()).status_code == 201
    for answer in (["127.0.0.1"], ["10.0.0.7"], ["::ffff:127.0.0.1"], ["142.250.74.42", "169.254.169.254"]):
        dns["push.test"] = answer
        settings.WEBPUSH_ALLOW_LOOPBACK_ENDPOINTS = False
        play_until_turn_changes(game, commit=commit)
        row = Notification.objects.filter(user=second, kind=Notification.Kind.TURN_PUSH).order_by("-id").first()
        assert row.status == Notification.Status.SKIPPED and row.data["delivered"] == 0
        assert "push.test is not at a public address" in caplog.text
        assert inside.received == []
        caplog.clear()
        settings.WEBPUSH_ALLOW_LOOPBACK_ENDPOINTS = True
        play_until_turn_changes(game, commit=commit)  # the other player's turn: no push
    assert PushSubscription.objects.filter(user=second).count() == 1  # kept: checked again next time


def test_the_send_connects_to_the_checked_address_without_a_second_lookup(make_user, commit, dns, service, settings):
    """push.test is known to the test's DNS only: a send that looked the name up again (the system's
    resolver, a proxy) could not reach the service. It is reached once per send, as push.test."""
    settings.WEBPUSH_ALLOW_HTTP_ENDPOINTS = True
    settings.WEBPUSH_ALLOW_LOOPBACK_ENDPOINTS = True
    settings.WEBPUSH_ALLOWED_HOSTS = ["push.test"]
    receiver = service(host="push.test")
    dns["push.test"] = ["127.0.0.1"]
    game, second = two_players(make_user, commit)
    assert subscribe(second, receiver.subscription()).status_code == 201
    play_until_turn_changes(game, commit=commit)
    [(path, headers, body, _status)] = receiver.received
    assert headers["host"] == f"push.test:{receiver.port}"
    assert receiver.open(headers, body)["url"] == f"/games/{game.pk}/"
    assert pushservice.LOOKUPS == ["push.test", "push.test"]


def test_https_names_the_host_and_checks_its_certificate_while_connecting_to_the_checked_address(
    make_user, commit, dns, service, settings, tmp_path
):
    ca, certificate, key = make_authority(tmp_path, "push.test")
    settings.WEBPUSH_TLS_VERIFY = ca
    settings.WEBPUSH_ALLOW_LOOPBACK_ENDPOINTS = True
    settings.WEBPUSH_ALLOWED_HOSTS = ["push.test", "other.test"]
    receiver = service(host="push.test", tls=(certificate, key))
    dns["push.test"] = ["127.0.0.1"]
    game, second = two_players(make_user, commit)
    assert subscribe(second, receiver.subscription()).status_code == 201
    play_until_turn_changes(game, commit=commit)
    [(path, headers, body, _status)] = receiver.received
    assert receiver.server_names == ["push.test"]  # SNI: the host, not the address
    assert headers["host"] == f"push.test:{receiver.port}"
    assert receiver.open(headers, body)["body"] == f"It is your turn in game {game.pk}."
    [row] = Notification.objects.filter(user=second, kind=Notification.Kind.TURN_PUSH)
    assert row.status == Notification.Status.SENT

    # The same server under another name: its certificate is not for that name, nothing is sent.
    PushSubscription.objects.all().delete()
    dns["other.test"] = ["127.0.0.1"]
    elsewhere = {**receiver.subscription(), "endpoint": f"https://other.test:{receiver.port}/x"}
    assert subscribe(second, elsewhere).status_code == 201
    play_until_turn_changes(game, commit=commit)
    play_until_turn_changes(game, commit=commit)
    row = Notification.objects.filter(user=second, kind=Notification.Kind.TURN_PUSH).order_by("-id").first()
    assert row.status == Notification.Status.PENDING and "certificate" in row.last_error.lower()
    assert len(receiver.received) == 1


def test_a_redirect_is_not_followed(make_user, commit, service, settings):
    settings.WEBPUSH_ALLOW_HTTP_ENDPOINTS = True
    settings.WEBPUSH_ALLOW_LOOPBACK_ENDPOINTS = True
    settings.WEBPUSH_ALLOWED_HOSTS = ["127.0.0.1"]
    receiver, elsewhere = service(), service()
    game, second = two_players(make_user, commit)
    assert subscribe(second, receiver.subscription()).status_code == 201
    receiver.answers.put((307, {"Location": f"{elsewhere.url}/push/device-1"}))
    play_until_turn_changes(game, commit=commit)
    [row] = Notification.objects.filter(user=second, kind=Notification.Kind.TURN_PUSH)
    assert [r[3] for r in receiver.received] == [307] and elsewhere.received == []
    assert row.status == Notification.Status.SKIPPED  # a redirect is a refusal: not tried again


def test_the_test_allowances_are_off_in_settings_and_refused_by_the_deployment_check(settings):
    from guildhall_site import settings as notifications

    assert notifications.WEBPUSH_ALLOW_LOOPBACK_ENDPOINTS is False
    assert notifications.WEBPUSH_RESOLVER == "games.notifications.endpoints.system_resolver"
    assert push_endpoints_guarded(None) == []
    settings.WEBPUSH_ALLOW_LOOPBACK_ENDPOINTS = True
    settings.WEBPUSH_ALLOW_HTTP_ENDPOINTS = True
    settings.WEBPUSH_TLS_VERIFY = False
    assert [e.id for e in push_endpoints_guarded(None)] == [
        "notifications.E001",
        "notifications.E002",
        "notifications.E003",
    ]
    with pytest.raises(SystemCheckError, match="notifications.E001"):
        call_command("check", deploy=True, tags=["security"])
