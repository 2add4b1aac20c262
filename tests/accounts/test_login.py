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
