"""Accounts: sign-up with email verification, login by username or email, password reset, email change,
the profile (created for everyone), its settings page, the public profile and the profile's language."""

import re

import pytest
from django.core import mail
from django.urls import reverse

from accounts.models import Profile, profile_for
from games.models import Game, Seat
from tests.games.helpers import started_game

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-pass-phrase-42"


def test_every_user_gets_a_profile_with_the_defaults(make_user):
    user = make_user()
    profile = Profile.objects.get(user=user)
    assert (profile.language, profile.time_zone, profile.turn_email, profile.digest_hour) == (
        "en",
        "UTC",
        "immediate",
        8,
    )
    assert profile.reminder_emails and profile.result_emails and profile.display_name == ""
    assert profile_for(user) == profile
    Profile.objects.filter(user=user).delete()
    user.refresh_from_db()
    assert profile_for(user).pk is not None  # recreated on demand


def _sign_up(client, username="newbie", language=None):
    headers = {"HTTP_ACCEPT_LANGUAGE": language} if language else {}
    return client.post(
        reverse("account_signup"),
        {"username": username, "email": f"{username}@example.com", "password1": PASSWORD, "password2": PASSWORD},
        **headers,
    )


def test_sign_up_with_mandatory_verification(client, settings):
    settings.ACCOUNT_EMAIL_VERIFICATION = "mandatory"
    response = _sign_up(client)
    assert response.status_code == 302
    # Not signed in before the link is followed.
    assert "_auth_user_id" not in client.session
    assert client.get(reverse("games:mine"))["Location"].startswith(reverse("account_login"))
    assert len(mail.outbox) == 1
    link = re.search(r"https?://[^/]+(/accounts/confirm-email/\S+/)", mail.outbox[0].body).group(1)
    page = client.get(link)
    assert page.status_code == 200 and b"site-header" in page.content
    client.post(link)
    client.post(reverse("account_login"), {"login": "newbie", "password": PASSWORD})
    assert client.get(reverse("games:mine")).status_code == 200


def test_login_by_username_or_email_and_logout(client, make_user):
    user = make_user("carol", password=PASSWORD)
    for login in ("carol", "carol@example.com"):
        client.post(reverse("account_login"), {"login": login, "password": PASSWORD})
        assert int(client.session["_auth_user_id"]) == user.pk
        client.post(reverse("account_logout"))
        assert "_auth_user_id" not in client.session
    response = client.post(reverse("account_login"), {"login": "carol", "password": "wrong"})
    assert response.status_code == 200 and "_auth_user_id" not in client.session


def test_allauth_pages_wear_the_site_look(client, make_user):
    for name in ("account_login", "account_signup", "account_reset_password"):
        html = client.get(reverse(name)).content.decode()
        assert 'class="site-header"' in html and 'class="form panel"' in html
    client.force_login(make_user())
    for name in ("account_email", "account_change_password"):
        html = client.get(reverse(name)).content.decode()
        assert 'class="site-header"' in html


def test_password_reset_sends_a_link(client, make_user):
    make_user("dave")
    client.post(reverse("account_reset_password"), {"email": "dave@example.com"})
    assert len(mail.outbox) == 1 and "/accounts/password/reset/key/" in mail.outbox[0].body


def test_email_change_needs_login_and_adds_an_address(client, make_user):
    assert client.get(reverse("account_email"))["Location"].startswith(reverse("account_login"))
    user = make_user("erin")
    client.force_login(user)
    client.post(reverse("account_email"), {"action_add": "", "email": "erin.new@example.com"})
    from allauth.account.models import EmailAddress

    assert EmailAddress.objects.filter(user=user, email="erin.new@example.com").exists()


def test_settings_page(client, make_user):
    user = make_user()
    client.force_login(user)
    assert client.get(reverse("profile_settings")).status_code == 200
    response = client.post(
        reverse("profile_settings"),
        {
            "display_name": "Erin the Bold",
            "language": "de",
            "time_zone": "Europe/Berlin",
            "turn_email": "digest",
            "digest_hour": "19",
            "reminder_emails": "",
            "result_emails": "on",
        },
    )
    assert response.status_code == 302
    profile = Profile.objects.get(user=user)
    assert (profile.display_name, profile.language, profile.time_zone, profile.turn_email, profile.digest_hour) == (
        "Erin the Bold",
        "de",
        "Europe/Berlin",
        "digest",
        19,
    )
    assert not profile.reminder_emails and profile.result_emails
    assert response.cookies["django_language"].value == "de"


@pytest.mark.parametrize(
    "field,value", [("time_zone", "Mars/Olympus"), ("digest_hour", "24"), ("language", "fr"), ("turn_email", "x")]
)
def test_settings_refuse_bad_values(client, make_user, field, value):
    user = make_user()
    client.force_login(user)
    data = {
        "display_name": "",
        "language": "en",
        "time_zone": "UTC",
        "turn_email": "immediate",
        "digest_hour": "8",
        "reminder_emails": "on",
        "result_emails": "on",
        field: value,
    }
    response = client.post(reverse("profile_settings"), data)
    assert response.status_code == 400 and b"errorlist" in response.content
    assert Profile.objects.get(user=user).language == "en"


def test_profile_language_is_honoured(client, make_user):
    user = make_user()
    profile = profile_for(user)
    profile.language = "de"
    profile.save()
    client.force_login(user)
    response = client.get(reverse("games:mine"), HTTP_ACCEPT_LANGUAGE="en")
    assert response["Content-Language"] == "de"
    assert '<html lang="de">' in response.content.decode()


def test_time_zone_is_honoured(client, make_user):
    import datetime

    user, other = make_user(), make_user()
    profile = profile_for(user)
    profile.time_zone = "Asia/Tokyo"
    profile.save()
    game = started_game([user, other])
    Game.objects.filter(pk=game.pk).update(deadline=datetime.datetime(2030, 1, 1, 12, 0, tzinfo=datetime.UTC))
    client.force_login(user)
    html = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert "Jan. 1, 2030, 9 p.m." in html  # 12:00 UTC is 21:00 in Tokyo


def test_language_switcher_for_anonymous_and_signed_in(client, make_user):
    response = client.post(reverse("set_language"), {"language": "es", "next": "/"})
    assert response.status_code == 302 and response.cookies["django_language"].value == "es"
    assert '<html lang="es">' in client.get("/").content.decode()
    user = make_user()
    client.force_login(user)
    client.post(reverse("set_language"), {"language": "de", "next": "/"})
    assert Profile.objects.get(user=user).language == "de"
    assert client.get(reverse("set_language")).status_code == 405


def test_sign_up_keeps_the_language_of_the_page(client):
    client.cookies["django_language"] = "es"
    _sign_up(client, "sofia")
    assert Profile.objects.get(user__username="sofia").language == "es"


def test_public_profile(client, make_user):
    winner, loser = make_user("winner"), make_user("loser")
    profile = profile_for(winner)
    profile.display_name = "The Winner"
    profile.save()
    finished = started_game([winner, loser])
    Game.objects.filter(pk=finished.pk).update(status=Game.Status.FINISHED)
    Seat.objects.filter(game=finished, user=winner).update(final_place=1)
    Seat.objects.filter(game=finished, user=loser).update(final_place=2)
    started_game([winner, loser])
    for viewer in (None, loser, winner):
        if viewer:
            client.force_login(viewer)
        html = client.get(reverse("public_profile", args=["winner"])).content.decode()
        assert "The Winner" in html
        assert "1 game played" in html and "1 won" in html and "1 in progress" in html
        assert f'href="/games/{finished.pk}/"' in html
        assert "winner@example.com" not in html  # emails are not public
    assert "0 won" in client.get(reverse("public_profile", args=["loser"])).content.decode()
    assert client.get(reverse("public_profile", args=["nobody"])).status_code == 404


def test_the_settings_page_leads_to_the_blocked_players_and_the_reports(client, make_user):
    from social.relations import services as relations

    user = make_user()
    relations.block(user, make_user())
    client.force_login(user)
    html = client.get(reverse("profile_settings")).content.decode()
    assert f'href="{reverse("relations:blocked")}" id="blocked-players-link">Blocked players</a> (1)' in html
    assert f'href="{reverse("moderation:mine")}" id="my-reports-link">' in html
    for name in ("relations:blocked", "moderation:mine"):
        assert client.get(reverse(name)).status_code == 200


def test_the_profile_does_not_count_lessons_as_games(client, make_user):
    from games import services
    from games.learn import services as learn

    player, other = make_user("learner"), make_user("other")
    finished_lesson, _new = learn.start_or_resume(player)
    services.resign(finished_lesson.pk, player)
    assert Game.objects.get(pk=finished_lesson.pk).status == Game.Status.FINISHED
    lesson, _new = learn.start_or_resume(player)  # a second one, in progress
    assert Game.objects.filter(lesson=True, seats__user=player).count() == 2
    game = started_game([player, other])
    html = client.get(reverse("public_profile", args=["learner"])).content.decode()
    assert "0 games played" in html and "0 won" in html and "1 in progress" in html
    assert f'href="/games/{game.pk}/"' in html
    for practice in (finished_lesson, lesson):
        assert f"/games/{practice.pk}/" not in html  # neither in the latest games nor in the statistics


def test_email_verification_is_mandatory_under_production_settings():
    import os
    import subprocess
    import sys

    def verification(module, extra=None):
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": module, "SECRET_KEY": "x" * 50, "ALLOWED_HOSTS": "example.org",
               "EMAIL_URL": "smtp://127.0.0.1:25"}
        env.pop("ACCOUNT_EMAIL_VERIFICATION", None)
        env.update(extra or {})
        code = (
            "import django; django.setup(); "
            "from django.conf import settings; print(settings.ACCOUNT_EMAIL_VERIFICATION)"
        )
        return subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        ).stdout.strip()

    assert verification("guildhall_site.settings.production") == "mandatory"
    assert verification("guildhall_site.settings") == "optional"
    assert verification("guildhall_site.settings.production", {"ACCOUNT_EMAIL_VERIFICATION": "optional"}) == "optional"


@pytest.mark.parametrize(
    "language,words",
    [("de", ["Registrieren", "Anmelden", "Sprache"]), ("es", ["Registrarse", "Iniciar sesión", "Idioma"])],
)
def test_allauth_pages_in_german_and_spanish(client, language, words):
    client.cookies["django_language"] = language
    html = client.get(reverse("account_signup")).content.decode()
    assert f'<html lang="{language}">' in html
    for word in words:
        assert word in html, word
