"""Production hardening in the responses: a Content-Security-Policy with no inline script (and pages that
need none), Cache-Control: private, no-store on everything that may carry a player's hand, the language
cookie Secure under HTTPS, and a development secret key that is random per checkout."""

import re
import subprocess

import pytest
from django.conf import settings as django_settings
from django.test import Client
from django.urls import reverse

from guildhall_site.settings import _development_secret_key
from tests.games.helpers import play, started_game

pytestmark = pytest.mark.django_db

# A <script> without src that the browser would run (a JSON data block is not run).
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>", re.I)
EVENT_HANDLER = re.compile(r"<[^>]+\son[a-z]+\s*=", re.I)


def _policy(response):
    policy = response["Content-Security-Policy"]
    return {part.split()[0]: part.split()[1:] for part in policy.split(";") if part.strip()}


@pytest.fixture
def pages(make_user, client):
    """Every kind of page, as a player of a game in play and of a finished one sees them."""
    alice, bob = make_user("alice"), make_user("bob")
    game = started_game([alice, bob])
    play(game, 6)
    client.force_login(alice)
    from games import services

    waiting = services.create_game(alice, seats=3)
    return client, [
        "/", reverse("games:mine"), reverse("games:open"), reverse("games:create"), f"/games/{game.pk}/",
        f"/games/{game.pk}/table/", f"/games/{waiting.pk}/", f"/games/{game.pk}/replay/", reverse("history"),
        reverse("profile_settings"), reverse("public_profile", args=["bob"]),
        reverse("guide:cards", args=["guildhall"]),
        reverse("guide:how-to-play"), reverse("clock:vacation"), "/api/docs/", "/no-such-page/",
        reverse("account_email"), "/games/live/", "/leaderboards/guildhall/printed/",
    ]


def test_every_page_has_a_policy_without_inline_script_and_needs_none(pages):
    client, urls = pages
    anonymous = Client()
    for url in [*urls, reverse("account_login"), reverse("account_signup")]:
        response = (anonymous if url in (reverse("account_login"), reverse("account_signup")) else client).get(url)
        assert response.status_code in (200, 404), url
        policy = _policy(response)
        assert policy["script-src"] == ["'self'"], url
        assert policy["object-src"] == ["'none'"] and policy["frame-ancestors"] == ["'none'"]
        assert "'unsafe-inline'" not in policy.get("default-src", [])
        html = response.content.decode()
        assert not INLINE_SCRIPT.search(html), (url, INLINE_SCRIPT.search(html).group(0))
        assert not EVENT_HANDLER.search(html), (url, EVENT_HANDLER.search(html).group(0))
        assert "javascript:" not in html, url


def test_htmx_runs_without_eval(client):
    html = client.get("/").content.decode()
    assert """<meta name="htmx-config" content='{"allowEval": false}'>""" in html


def test_pages_and_json_with_a_hand_are_private_and_not_stored(pages, make_user, api_client_for):
    client, urls = pages
    for url in urls:
        assert client.get(url)["Cache-Control"] == "private, no-store", url
    game = started_game([make_user(), make_user()])
    api = api_client_for(game.created_by)
    for url in (f"/api/v1/games/{game.pk}/", f"/api/v1/games/{game.pk}/log/", "/api/v1/games/"):
        response = api.get(url)
        assert response.status_code == 200 and response["Cache-Control"] == "private, no-store", url
    user = make_user()
    token = Client().post(
        "/api/v1/auth/token/", {"username": user.username, "password": user.raw_password},
        content_type="application/json",
    )
    assert token.status_code == 200 and token["Cache-Control"] == "private, no-store"


def test_language_cookie_is_secure_under_https_settings(client, make_user, settings):
    settings.LANGUAGE_COOKIE_SECURE = True
    response = Client().post(reverse("set_language"), {"language": "de", "next": "/"})
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME]["secure"]
    client.force_login(make_user())
    data = {"language": "es", "time_zone": "UTC", "turn_email": "immediate", "digest_hour": "8"}
    response = client.post(reverse("profile_settings"), data)
    assert response.status_code == 302
    cookie = response.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie.value == "es" and cookie["secure"] and cookie["httponly"] and cookie["samesite"] == "Lax"


def test_development_secret_key_is_random_per_checkout_and_kept(tmp_path):
    first = _development_secret_key(tmp_path / "one" / "var" / "development-secret-key")
    assert len(first) >= 50
    assert _development_secret_key(tmp_path / "one" / "var" / "development-secret-key") == first  # kept
    assert _development_secret_key(tmp_path / "two" / "var" / "development-secret-key") != first  # per checkout
    assert oct((tmp_path / "one" / "var" / "development-secret-key").stat().st_mode & 0o777) == "0o600"


def test_this_checkout_uses_its_own_key_not_one_from_the_repository():
    key_file = django_settings.BASE_DIR / "var" / "development-secret-key"
    assert django_settings.SECRET_KEY == key_file.read_text().strip()
    tracked = subprocess.run(
        ["git", "grep", "-l", "-F", django_settings.SECRET_KEY], cwd=django_settings.BASE_DIR,
        capture_output=True, text=True,
    )
    assert tracked.stdout == "", "the secret key is in a tracked file"
    ignored = subprocess.run(
        ["git", "check-ignore", "-q", str(key_file)], cwd=django_settings.BASE_DIR, capture_output=True
    )
    assert ignored.returncode == 0, "var/development-secret-key must be ignored by git"
