"""JSON log lines: one per request with its id, user, game, view, status and duration; the id in error
bodies; nothing secret or personal."""

import io
import json
import logging

import pytest

from games import services
from ops.logs import ContextFilter, Formatter

pytestmark = pytest.mark.django_db


@pytest.fixture
def log_lines():
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(Formatter())
    handler.addFilter(ContextFilter())
    loggers = [logging.getLogger("guildhall.access"), logging.getLogger("django.request")]
    levels = [lg.level for lg in loggers]
    for lg in loggers:
        lg.addHandler(handler)
        lg.setLevel(logging.INFO)
    yield lambda: [json.loads(line) for line in stream.getvalue().splitlines()]
    for lg, level in zip(loggers, levels, strict=True):
        lg.removeHandler(handler)
        lg.setLevel(level)


def test_one_json_line_per_request_with_its_id_user_and_game(client, make_user, api_client_for, log_lines):
    alice = make_user(email="alice.secret@example.com")
    game = services.create_game(alice, seats=2)
    response = api_client_for(alice).get(f"/api/v1/games/{game.pk}/", HTTP_X_REQUEST_ID="nginx-req-0123456789")
    assert response.status_code == 200
    assert response["X-Request-ID"] == "nginx-req-0123456789"
    [line] = [entry for entry in log_lines() if entry["logger"] == "guildhall.access"]
    assert line["request_id"] == "nginx-req-0123456789"
    assert line["user_id"] == alice.pk and line["game_id"] == game.pk
    assert line["view"] == "game-detail" and line["status"] == 200 and line["method"] == "GET"
    assert line["level"] == "INFO" and line["time"].startswith("20") and line["duration_ms"] >= 0


def test_error_bodies_carry_the_request_id_and_logs_no_secret(client, make_user, api_client_for, log_lines):
    alice = make_user(email="alice.secret@example.com")
    missing = api_client_for(alice).get("/api/v1/games/999999/", HTTP_X_REQUEST_ID="<script>")  # not kept
    assert missing.status_code == 404
    body = missing.json()
    assert body["error"] == "not_found"
    assert body["request_id"] == missing["X-Request-ID"] and len(body["request_id"]) == 32
    # An unsubscribe link carries a signed token: the path is not logged, and a message is scrubbed.
    client.get("/notifications/unsubscribe/eyJ1IjoxLCJrIjoidHVybiJ9:1abcdEFGH:signaturepart/?email=a@b.example")
    logging.getLogger("django.request").warning("Not Found: /notifications/unsubscribe/eyJ1IjoxLCJrIjoidHVybiJ9:1abcd/ "
                                                "for alice.secret@example.com")
    text = json.dumps(log_lines())
    assert "alice.secret" not in text and "a@b.example" not in text and "eyJ1Ijox" not in text
    assert body["request_id"] in text
