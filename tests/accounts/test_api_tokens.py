"""API tokens: hashed at rest, one per client with a name, listed and revocable on the settings page,
revoked by DELETE, all ended by a password change or reset, optionally expiring."""

import datetime
import hashlib
import re

import pytest
import time_machine
from django.core import mail
from django.test import Client
from django.urls import reverse

from accounts import tokens
from accounts.models import ApiToken

pytestmark = pytest.mark.django_db

TOKEN = "/api/v1/auth/token/"
GAMES = "/api/v1/games/"


def sign_in(user, **extra):
    response = Client().post(
        TOKEN, {"username": user.username, "password": user.raw_password, **extra}, content_type="application/json"
    )
    assert response.status_code == 200, response.content
    return response.json()


def works(token):
    return Client().get(GAMES, HTTP_AUTHORIZATION=f"Token {token}").status_code == 200


def test_tokens_are_stored_hashed_and_shown_once(make_user):
    user = make_user()
    body = sign_in(user, name="laptop")
    raw = body["token"]
    assert body["name"] == "laptop" and body["expires_at"] is None and len(raw) >= 40
    row = ApiToken.objects.get(user=user)
    assert row.digest == hashlib.sha256(raw.encode()).hexdigest()
    stored = [str(getattr(row, f.attname)) for f in ApiToken._meta.concrete_fields]
    assert not any(raw in value for value in stored)  # only a 6-character hint is kept
    assert works(raw)
    assert not works(raw[:-1] + ("A" if raw[-1] != "A" else "B"))


def test_one_token_per_client_name(make_user):
    user = make_user()
    laptop = sign_in(user, name="laptop")["token"]
    phone = sign_in(user, name="phone")["token"]
    assert works(laptop) and works(phone)
    laptop_again = sign_in(user, name="laptop")["token"]
    assert not works(laptop), "a new token for a client replaces that client's old one"
    assert works(laptop_again) and works(phone)
    assert sorted(ApiToken.objects.filter(user=user).values_list("name", flat=True)) == ["laptop", "phone"]


def test_delete_signs_this_client_out(make_user):
    user = make_user()
    one, other = sign_in(user, name="one")["token"], sign_in(user, name="other")["token"]
    response = Client().delete(TOKEN, HTTP_AUTHORIZATION=f"Token {one}")
    assert response.status_code == 204
    assert not works(one) and works(other)
    assert Client().delete(TOKEN).status_code == 401


def test_a_stale_token_header_does_not_stop_signing_in(make_user):
    user = make_user()
    response = Client().post(
        TOKEN,
        {"username": user.username, "password": user.raw_password},
        content_type="application/json",
        HTTP_AUTHORIZATION="Token revoked-long-ago",
    )
    assert response.status_code == 200


def test_a_password_change_ends_every_token(make_user):
    user = make_user()
    a, b = sign_in(user, name="a")["token"], sign_in(user, name="b")["token"]
    browser = Client()
    browser.force_login(user)
    response = browser.post(
        reverse("account_change_password"),
        {"oldpassword": user.raw_password, "password1": "a-new-phrase-7", "password2": "a-new-phrase-7"},
    )
    assert response.status_code == 302
    assert not works(a) and not works(b)
    body = Client().get(GAMES, HTTP_AUTHORIZATION=f"Token {a}")
    assert body.status_code == 401 and body.json()["error"] == "authentication_failed"


def test_a_password_reset_ends_every_token(make_user):
    user = make_user()
    token = sign_in(user)["token"]
    browser = Client()
    browser.post(reverse("account_reset_password"), {"email": user.email})
    link = re.search(r"https?://[^/]+(/accounts/password/reset/key/\S+/)", mail.outbox[-1].body).group(1)
    form_url = browser.get(link, follow=True).redirect_chain[-1][0]
    response = browser.post(form_url, {"password1": "reset-to-this-phrase-9", "password2": "reset-to-this-phrase-9"})
    assert response.status_code == 302
    assert not works(token)


def test_other_saves_of_the_user_keep_the_tokens(make_user):
    user = make_user()
    token = sign_in(user)["token"]
    user.first_name = "Ada"
    user.save()
    Client().post(reverse("account_login"), {"login": user.username, "password": user.raw_password})  # last_login
    assert works(token)


def test_tokens_may_expire(make_user):
    user = make_user()
    body = sign_in(user, name="ci", expires_in_days=1)
    assert body["expires_at"]
    with time_machine.travel(datetime.datetime.now(datetime.UTC) + datetime.timedelta(hours=23)):
        assert works(body["token"])
    with time_machine.travel(datetime.datetime.now(datetime.UTC) + datetime.timedelta(hours=25)):
        response = Client().get(GAMES, HTTP_AUTHORIZATION=f"Token {body['token']}")
        assert response.status_code == 401 and "expired" in response.json()["detail"]
    for bad in (0, -1, 3651, "soon", 1.5):
        response = Client().post(
            TOKEN,
            {"username": user.username, "password": user.raw_password, "expires_in_days": bad},
            content_type="application/json",
        )
        assert response.status_code == 400, bad


def test_settings_page_lists_creates_and_revokes(make_user):
    user = make_user()
    script = sign_in(user, name="my script")["token"]
    browser = Client()
    browser.force_login(user)
    page = browser.get(reverse("profile_settings"))
    assert page.status_code == 200
    html = page.content.decode()
    assert "my script" in html and script[:6] in html and script not in html

    created = browser.post(reverse("api_token_create"), {"name": "phone", "expires_in_days": "30"})
    assert created.status_code == 200
    raw = re.search(r'id="new-token-value"[^>]*value="([^"]+)"', created.content.decode()).group(1)
    assert works(raw)
    again = browser.get(reverse("profile_settings")).content.decode()
    assert "phone" in again and raw not in again  # shown once

    token = ApiToken.objects.get(user=user, name="my script")
    response = browser.post(reverse("api_token_revoke", args=[token.pk]))
    assert response.status_code == 302
    assert not works(script) and works(raw)

    # Someone else's token cannot be revoked from my page; nonsense ids change nothing.
    other = make_user()
    theirs = sign_in(other, name="theirs")["token"]
    theirs_pk = ApiToken.objects.get(user=other).pk
    assert browser.post(reverse("api_token_revoke", args=[theirs_pk])).status_code == 302
    assert browser.post(f"/settings/api-tokens/{2**70}/revoke/").status_code == 302
    assert works(theirs)


def test_a_user_has_at_most_so_many_tokens(make_user):
    user = make_user()
    for i in range(tokens.MAX_TOKENS_PER_USER):
        tokens.issue(user, f"client {i}")
    response = Client().post(
        TOKEN, {"username": user.username, "password": user.raw_password, "name": "one more"},
        content_type="application/json",
    )
    assert response.status_code == 409 and response.json()["error"] == "too_many_tokens"
    # A client signing in again under its own name is always possible.
    assert sign_in(user, name="client 3")["token"]


def test_an_inactive_user_s_tokens_do_not_work(make_user):
    user = make_user()
    token = sign_in(user)["token"]
    user.is_active = False
    user.save()
    assert not works(token)
