"""django-allauth is wired in: login by username or by email starts a session the API accepts."""

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("login", ["dora", "dora@example.com"])
def test_login_by_username_or_email(make_user, login):
    user = make_user("dora")
    browser = Client()
    response = browser.post("/accounts/login/", {"login": login, "password": user.raw_password})
    assert response.status_code == 302
    assert browser.get("/api/v1/games/").status_code == 200


def test_wrong_password_is_refused(make_user):
    make_user("erin")
    browser = Client()
    response = browser.post("/accounts/login/", {"login": "erin", "password": "nope"})
    assert response.status_code == 200  # the form again, with an error
    assert browser.get("/api/v1/games/").status_code in (401, 403)


def test_signup_page_renders(client):
    response = client.get("/accounts/signup/")
    assert response.status_code == 200 and b"csrfmiddlewaretoken" in response.content


def test_a_signed_in_request_reads_its_user_and_profile_in_one_query(make_user):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    user = make_user("fay")
    user.profile.language = "de"
    user.profile.save()
    browser = Client()
    browser.force_login(user)
    with CaptureQueriesContext(connection) as queries:
        response = browser.get("/games/")
    assert response.status_code == 200
    assert response["Content-Language"] == "de"  # the profile's language, read with the user
    sql = [q["sql"] for q in queries.captured_queries]
    from_profile = [s for s in sql if s.startswith('SELECT') and 'FROM "accounts_profile"' in s]
    assert from_profile == [], sql
    assert any('FROM "accounts_user"' in s and 'JOIN "accounts_profile"' in s for s in sql), sql


def test_a_signed_in_user_without_a_profile_row_gets_one(make_user):
    from accounts.models import Profile

    user = make_user("gil")
    Profile.objects.filter(user=user).delete()
    browser = Client()
    browser.force_login(user)
    assert browser.get("/games/").status_code == 200
    assert Profile.objects.filter(user=user).exists()
