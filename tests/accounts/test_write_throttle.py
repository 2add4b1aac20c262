"""Writes through the pages are throttled like the API's, from one budget per player (per address when
signed out): THROTTLE_WRITE_RATE. Counting is atomic, so requests at once are each counted."""

import json
import threading

import pytest
from django.db import connections
from django.test import Client
from django.urls import reverse

from accounts.throttles import hit, parse_rate
from games.models import Game
from tests.games.helpers import choose, started_game

pytestmark = pytest.mark.django_db

CREATE = {"seats": "2", "option_mode": "printed", "visibility": "open", "bots": "0", "bot_kind": "greedy",
          "time_per_move": "", "timeout_policy": "bot"}


def test_lobby_creations_stop_at_the_rate(client, make_user, settings):
    settings.GUILDHALL_WRITE_THROTTLE_RATE = "30/min"
    client.force_login(make_user())
    codes = [client.post(reverse("games:create"), CREATE).status_code for _ in range(40)]
    assert codes[:30] == [302] * 30 and codes[30:] == [429] * 10
    assert Game.objects.count() == 30
    refused = client.post(reverse("games:create"), CREATE)
    assert int(refused["Retry-After"]) >= 1 and b"Too many requests" in refused.content
    assert client.get(reverse("games:mine")).status_code == 200  # reading goes on


def test_every_page_write_spends_the_same_budget_as_the_api(client, make_user, api_client_for, settings):
    settings.GUILDHALL_WRITE_THROTTLE_RATE = "6/min"
    me, other = make_user(), make_user()
    client.force_login(me)
    api = api_client_for(me)
    open_game = started_game([other, make_user()]).pk  # a game I may not act in: the answer does not matter
    writes = [
        lambda: client.post(reverse("games:join", args=[open_game])),
        lambda: client.post(reverse("games:leave", args=[open_game])),
        lambda: client.post(reverse("profile_settings"), {"language": "en"}),
        lambda: client.post(reverse("clock:vacation"), {"starts_at": "x", "ends_at": "y"}),
        lambda: api.post("/api/v1/games/", {"seats": 9}, format="json"),
        lambda: client.post(reverse("games:decide", args=[open_game]), {"expected_seq": "0", "decision": "{}"}),
    ]
    assert all(write().status_code != 429 for write in writes)
    for write in writes:
        assert write().status_code == 429
    # Another player's budget is their own.
    other_client = Client()
    other_client.force_login(other)
    assert other_client.post(reverse("games:create"), CREATE).status_code == 302


def test_a_refused_decision_changes_nothing_and_htmx_gets_the_page_again(client, make_user, settings):
    settings.GUILDHALL_WRITE_THROTTLE_RATE = "1/min"
    alice, bob = make_user(), make_user()
    game = started_game([alice, bob])
    seat, decision = choose(game)
    client.force_login(seat.user)
    client.post(reverse("profile_settings"), {"language": "en"})  # spends the budget
    response = client.post(
        reverse("games:decide", args=[game.pk]),
        {"expected_seq": "0", "decision": json.dumps(decision)},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 429 and response["HX-Refresh"] == "true"
    game.refresh_from_db()
    assert game.seq == 0
    page = client.get(reverse("games:game", args=[game.pk]))
    assert b"Too many requests" in page.content  # the message, shown on the refreshed page


def test_signed_out_writes_count_per_address_whatever_the_client_claims(settings):
    settings.GUILDHALL_WRITE_THROTTLE_RATE = "5/min"
    codes = [
        Client(REMOTE_ADDR="198.51.100.4", HTTP_X_FORWARDED_FOR=f"10.0.0.{i}").post(
            reverse("set_language"), {"language": "de", "next": "/"}
        ).status_code
        for i in range(8)
    ]
    assert codes == [302] * 5 + [429] * 3
    assert Client(REMOTE_ADDR="198.51.100.5").post(reverse("set_language"), {"language": "de"}).status_code == 302


@pytest.mark.django_db(transaction=True)
def test_forty_writes_at_once_are_each_counted(make_user, settings):
    settings.GUILDHALL_WRITE_THROTTLE_RATE = "10/min"
    signed_in = Client()
    signed_in.force_login(make_user())
    cookie = signed_in.cookies["sessionid"].value
    barrier = threading.Barrier(40, timeout=30)
    codes = []

    def write():
        try:
            client = Client()
            client.cookies["sessionid"] = cookie
            barrier.wait()
            # A form that does not validate: counted, and nothing written (SQLite takes no concurrent writers).
            codes.append(client.post(reverse("clock:vacation"), {"starts_at": "soon"}).status_code)
        finally:
            connections.close_all()  # the thread's own; left open it would outlive the test database

    threads = [threading.Thread(target=write) for _ in range(40)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert sorted(codes) == [400] * 10 + [429] * 30


def test_the_window_slides():
    # 10 a minute: a full previous window weighs on the next one in proportion to their overlap.
    limit, period = parse_rate("10/min")
    start = 6000 * period  # the start of a window
    assert all(hit("t", "a", limit, period, now=start + 50 + i).allowed for i in range(10))
    assert not hit("t", "a", limit, period, now=start + 61).allowed  # 9.8 of the last minute still count
    assert hit("t", "a", limit, period, now=start + 112).allowed  # most of them have slid out
    verdict = hit("t", "b", 0, period, now=start + 1)
    assert not verdict.allowed and verdict.wait >= 1


def test_no_rate_means_no_limit(client, make_user, settings):
    settings.GUILDHALL_WRITE_THROTTLE_RATE = ""
    client.force_login(make_user())
    assert {client.post(reverse("games:create"), CREATE).status_code for _ in range(5)} == {302}
