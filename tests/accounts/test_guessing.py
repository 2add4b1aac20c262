"""Password guessing: the API's token endpoint shares the sign-in form's lockout and limits (allauth's
"login" and "login_failed"), every per-address limit keys on the address seen through the trusted
proxies (not on what a client writes in X-Forwarded-For), counting holds under concurrency, and a
refused guess costs at most one password hash (none once the account is locked)."""

import datetime
import threading

import pytest
import time_machine
from django.db import connections
from django.test import Client

from accounts.adapter import client_ip

from . import hashers

pytestmark = pytest.mark.django_db

TOKEN = "/api/v1/auth/token/"
LOGIN = "/accounts/login/"


def guess(client, login, password, forwarded_for=None, remote_addr="127.0.0.1"):
    headers = {"REMOTE_ADDR": remote_addr}
    if forwarded_for:
        headers["HTTP_X_FORWARDED_FOR"] = forwarded_for
    return client.post(TOKEN, {"username": login, "password": password}, content_type="application/json", **headers)


def test_rotating_forwarded_for_does_not_reset_the_count_and_the_account_locks(make_user):
    user = make_user("victim")
    client = Client()
    t0 = datetime.datetime.now(datetime.UTC)
    with time_machine.travel(t0, tick=False) as clock:
        codes = [guess(client, "victim", f"wrong-{i}", forwarded_for=f"10.{i // 250}.{i % 250}.1") for i in range(300)]
        wrong = [r for r in codes if r.status_code == 400]
        locked = [r for r in codes if r.status_code == 429]
        assert len(wrong) == 5, "5 wrong guesses per account, then the lockout"
        assert len(wrong) + len(locked) == 300
        assert all(r.json()["error"] == "invalid_credentials" for r in wrong)
        assert {r.json()["error"] for r in locked} == {"too_many_attempts"}

        # The right password, from another address altogether: still refused while the lockout lasts,
        # by its email address as well as by its username, and on the sign-in form too.
        for login in ("victim", "victim@example.com", "VICTIM"):
            refused = guess(client, login, user.raw_password, remote_addr="192.0.2.7")
            assert refused.status_code == 429, refused.content
        form = Client(REMOTE_ADDR="192.0.2.8").post(LOGIN, {"login": "victim", "password": user.raw_password})
        assert form.status_code == 200 and "_auth_user_id" not in form.wsgi_request.session
        assert b"Too many failed login attempts" in form.content

        clock.shift(datetime.timedelta(minutes=4, seconds=50))
        assert guess(client, "victim", user.raw_password, remote_addr="192.0.2.9").status_code == 429
        clock.shift(datetime.timedelta(seconds=15))  # five minutes after the failures
        ok = guess(client, "victim", user.raw_password, remote_addr="192.0.2.9")
        assert ok.status_code == 200 and ok.json()["token"]


def test_a_lockout_earned_on_the_form_holds_on_the_api(make_user):
    user = make_user("formvictim")
    browser = Client(REMOTE_ADDR="198.51.100.1")
    for i in range(5):
        response = browser.post(LOGIN, {"login": "formvictim", "password": f"nope-{i}"})
        assert response.status_code == 200 and b"Too many" not in response.content
    refused = guess(Client(), "formvictim", user.raw_password, remote_addr="198.51.100.2")
    assert refused.status_code == 429 and refused.json()["error"] == "too_many_attempts"


def test_a_host_header_per_guess_does_not_reset_the_count(make_user, settings):
    settings.ALLOWED_HOSTS = ["guildhall.example"]
    make_user("hostvictim")
    codes = []
    for port in range(1, 12):
        response = Client(HTTP_HOST=f"guildhall.example:{port}", REMOTE_ADDR=f"203.0.113.{port}").post(
            TOKEN, {"username": "hostvictim", "password": "wrong"}, content_type="application/json"
        )
        codes.append(response.status_code)
    assert codes.count(400) == 5 and codes.count(429) == 6


def test_the_per_address_limit_uses_the_trusted_proxy_count(rf, settings):
    request = rf.get("/", REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.5")
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 0
    assert client_ip(request) == "10.0.0.1"  # no proxy trusted: what the client wrote is ignored
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 1
    assert client_ip(request) == "203.0.113.5"  # what our proxy appended; 6.6.6.6 is the client's own
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 2
    assert client_ip(request) == "6.6.6.6"
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 3  # fewer entries than proxies: the connection's address
    assert client_ip(request) == "10.0.0.1"
    ipv6 = rf.get("/", REMOTE_ADDR="2001:db8:1:2:3:4:5:6")
    assert client_ip(ipv6) == "2001:db8:1:2::"  # counted per /64, as allauth does


def test_behind_one_proxy_the_address_it_saw_is_counted(make_user, settings):
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 1
    for i in range(3):
        make_user(f"spray{i}")
    client = Client()
    codes = []
    for i in range(15):  # one address, many accounts: the per-address lockout (10 failures a minute)
        codes.append(
            guess(client, f"spray{i % 3}", "wrong", forwarded_for=f"6.6.{i}.6, 203.0.113.77", remote_addr="10.0.0.1")
            .status_code
        )
    assert codes.count(400) <= 10 and codes[-1] == 429


@pytest.mark.django_db(transaction=True)
def test_thirty_guesses_at_once_are_counted_one_by_one(make_user):
    make_user("racevictim")
    barrier = threading.Barrier(30)
    results = []

    def attempt(i):
        try:
            client = Client()
            barrier.wait()
            response = guess(client, "racevictim", f"wrong-{i}", forwarded_for=f"10.9.{i}.1", remote_addr=f"10.8.{i}.1")
            results.append(response.status_code)
        finally:
            connections.close_all()  # the thread's own; left open it would outlive the test database

    threads = [threading.Thread(target=attempt, args=(i,)) for i in range(30)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert len(results) == 30 and set(results) <= {400, 429}
    assert results.count(400) <= 5, results


@pytest.fixture
def counting_hasher(settings):
    settings.PASSWORD_HASHERS = ["tests.accounts.hashers.CountingHasher"]
    hashers.reset()
    return hashers


@pytest.mark.parametrize("login", ["hashme", "hashme@example.com", "nobody", "nobody@example.com"])
def test_a_refused_guess_costs_one_hash_and_a_locked_out_one_none(make_user, counting_hasher, login):
    make_user("hashme")
    client = Client()
    for i in range(5):
        counting_hasher.reset()
        assert guess(client, login, f"wrong-{i}").status_code == 400
        assert counting_hasher.hashes == 1, f"guess {i} cost {counting_hasher.hashes} hashes"
    counting_hasher.reset()
    assert guess(client, login, "wrong-again").status_code == 429
    assert counting_hasher.hashes == 0
    counting_hasher.reset()
    form = client.post(LOGIN, {"login": login, "password": "wrong-on-the-form"})
    assert b"Too many failed login attempts" in form.content and counting_hasher.hashes == 0


def test_the_right_password_costs_one_hash_and_gives_back_the_attempt(make_user, counting_hasher):
    user = make_user("rightone")
    client = Client()
    for i in range(4):
        assert guess(client, "rightone", f"wrong-{i}").status_code == 400
    counting_hasher.reset()
    assert guess(client, "rightone", user.raw_password).status_code == 200
    assert counting_hasher.hashes == 1
    # A success does not wipe the failures (an attacker holding one password cannot reset the count for
    # another), but it does not count as one either.
    assert guess(client, "rightone", "wrong-5").status_code == 400
    assert guess(client, "rightone", "wrong-6").status_code == 429


def test_the_admin_has_no_password_form_of_its_own(make_user, counting_hasher):
    make_user("staffer", is_staff=True, is_superuser=True)
    counting_hasher.reset()
    response = Client().post("/admin/login/", {"username": "staffer", "password": "guess"})
    assert response.status_code == 302 and response["Location"].startswith(LOGIN)
    assert counting_hasher.hashes == 0  # no password looked at: the sign-in form (and its lockout) it is
