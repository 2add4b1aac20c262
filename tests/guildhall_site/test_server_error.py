"""A 500 names the request's id, the one in the X-Request-ID header and in the log lines, so that a
player's report leads to what went wrong: on the page, and in the API's JSON body."""

import re

import pytest
from django.test import Client

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.guildhall_site.urls_failing")]


@pytest.fixture
def client():
    return Client(raise_request_exception=False)


def test_the_error_page_shows_the_request_id(client):
    response = client.get("/boom/")
    assert response.status_code == 500
    page = response.content.decode()
    shown = re.search(r"Reference: <code data-request-id>([^<]+)</code>", page).group(1)
    assert shown == response["X-Request-ID"]
    assert "Something went wrong on our side." in page
    assert "a bug" not in page  # nothing of the error itself


def test_the_proxys_request_id_is_the_one_shown(client):
    response = client.get("/boom/", headers={"X-Request-ID": "nginx-4f6e2a9c1b"})
    assert response["X-Request-ID"] == "nginx-4f6e2a9c1b"
    assert "<code data-request-id>nginx-4f6e2a9c1b</code>" in response.content.decode()


def test_a_request_id_a_client_made_up_is_replaced(client):
    response = client.get("/boom/", headers={"X-Request-ID": "<script>"})
    assert "<script>" not in response.content.decode()
    assert f"<code data-request-id>{response['X-Request-ID']}</code>" in response.content.decode()


def test_the_api_answers_json_with_the_request_id(client):
    response = client.get("/api/v1/boom/")
    assert response.status_code == 500
    body = response.json()
    assert body["error"] == "server_error"
    assert body["request_id"] == response["X-Request-ID"]
