"""Everything the app server writes, as the shipped unit starts it (deploy/systemd/guildhall-web.service's
command, production settings, a real SMTP server), through a whole session of a player: signing up,
confirming the address from the email, a forgotten password reset from the email, signing in, an API
token, a game played by decisions, the live socket, and the errors clients meet (not found, stale, malformed,
refused, a wrong token, a page with a query string and with a bogus key in its path).

Every line of its stdout and stderr must be one JSON object with the request id of the request or socket
it is about, and none may hold anything that lets a reader of the journal act as the player or learn who
they are: no email-confirmation or password-reset key, no API token, session or CSRF cookie, no password,
no query string, no email address."""

import json
import re
import secrets

import pytest
from django.db import connection

from tests.ops.servers import (
    ROOT,
    Browser,
    Inbox,
    Server,
    WebSocket,
    clean_environment,
    daphne_as_the_unit_starts_it,
    free_port,
)

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

HOST = "guildhall.example"
LINK = re.compile(r"https?://[^\s/]+(/\S+)")


def _database_url():
    db = connection.settings_dict
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    return f"postgres://{db['USER']}{password}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


@pytest.fixture
def served(tmp_path):
    with Inbox() as inbox:
        port = free_port()
        env = clean_environment(
            DJANGO_SETTINGS_MODULE="guildhall_site.settings.production", DATABASE_URL=_database_url(),
            SECRET_KEY=secrets.token_urlsafe(50), ALLOWED_HOSTS=HOST, SITE_URL=f"https://{HOST}",
            EMAIL_URL=inbox.url, DEFAULT_FROM_EMAIL=f"Guildhall <noreply@{HOST}>", TRUSTED_PROXY_COUNT="1",
        )
        server = Server(daphne_as_the_unit_starts_it(port), env, ROOT, port, tmp_path)
        with server:
            yield server, inbox


def _links(texts, fragment):
    return [path for text in texts for path in LINK.findall(text) if fragment in path]


def test_every_line_of_a_whole_session_is_json_with_its_request_id_and_no_secret(served):
    server, inbox = served
    name = f"logscan{secrets.token_hex(3)}"
    address = f"{name}.private@example.net"
    password, new_password = "Tr0ub4dor&3-" + secrets.token_hex(4), "C0rrect-h0rse-" + secrets.token_hex(4)
    secrets_seen = {address, password, new_password}
    web = Browser(server.base, host=HOST)

    # Sign up; confirm the address with the emailed key.
    web.form_token("/accounts/signup/")
    signed_up = web.post("/accounts/signup/", data={"username": name, "email": address, "password1": password,
                                                    "password2": password})
    assert signed_up.status_code == 302, signed_up.text[:500]
    [confirmation] = _links(inbox.wait_for(address, 1), "/accounts/confirm-email/")
    key = confirmation.rstrip("/").rsplit("/", 1)[-1]
    secrets_seen.add(key)
    assert web.get(confirmation).status_code == 200
    assert web.post(confirmation, data={}).status_code == 302
    assert web.post("/accounts/logout/", data={}).status_code == 302

    # A password reset from the emailed key, then signing in with the new password.
    web.form_token("/accounts/password/reset/")
    assert web.post("/accounts/password/reset/", data={"email": address}).status_code == 302
    [reset] = _links(inbox.wait_for(address, 2)[1:], "/accounts/password/reset/key/")
    secrets_seen.add(reset.rstrip("/").rsplit("/", 1)[-1])
    secrets_seen.update(part for part in reset.rstrip("/").rsplit("/", 1)[-1].split("-") if len(part) > 12)
    opened = web.get(reset)
    # The form at once, or (allauth keeping the key in the session) a redirect to it.
    form = opened.headers["Location"] if opened.status_code == 302 else reset
    web.form_token(form)
    assert web.post(form, data={"password1": new_password, "password2": new_password}).status_code == 302
    web.sign_in(name, new_password)
    secrets_seen.update(value for value in (web.cookies.get("sessionid"), web.cookies.get("csrftoken")) if value)

    # An API token; a game against a bot played by decisions; the errors clients meet.
    api = Browser(server.base, host=HOST)
    issued = api.post("/api/v1/auth/token/", json={"username": name, "password": new_password, "name": "log scan"})
    assert issued.status_code == 200, issued.text
    token = issued.json()["token"]
    secrets_seen.add(token)
    api.headers["Authorization"] = f"Token {token}"
    created = api.post("/api/v1/games/", json={"seats": 2, "bots": 1})
    assert created.status_code == 201, created.text
    game_id = created.json()["id"]
    for _ in range(6):
        game = api.get(f"/api/v1/games/{game_id}/").json()
        if game["status"] != "active" or not game["legal"]:
            break
        answer = api.post(f"/api/v1/games/{game_id}/decisions/",
                          json={"expected_seq": game["seq"], "decision": game["legal"][0]})
        assert answer.status_code in (200, 201), answer.text
    game = api.get(f"/api/v1/games/{game_id}/").json()
    stale = api.post(f"/api/v1/games/{game_id}/decisions/", json={"expected_seq": 0, "decision": {"type": "x"}})
    assert stale.status_code in (400, 409) and stale.json()["request_id"]
    assert api.get("/api/v1/games/99999999/").status_code == 404
    malformed = api.post("/api/v1/games/", data=b"{not json", headers={"Content-Type": "application/json"})
    assert malformed.status_code == 400
    assert api.get(f"/api/v1/games/?status=active&note=querysecret{secrets.token_hex(4)}").status_code == 200
    secrets_seen.add("querysecret")
    stranger = Browser(server.base, host=HOST)
    wrong = "x" * 43
    assert stranger.get("/api/v1/games/", headers={"Authorization": f"Token {wrong}"}).status_code == 401
    secrets_seen.add(wrong)
    assert web.get(f"/nowhere/?email={address}&key=querysecret").status_code == 404
    bogus_key = "MQ:1tbogus:" + secrets.token_urlsafe(30)
    assert web.get(f"/accounts/confirm-email/{bogus_key}/").status_code in (200, 404)
    secrets_seen.add(bogus_key)
    assert web.get(f"/games/{game_id}/").status_code == 200

    # The live socket of the table's page, with the session.
    socket = WebSocket(server.port, "/ws/live/", HOST, {"sessionid": web.cookies["sessionid"]}, f"https://{HOST}")
    assert socket.status == 101
    socket.send({"ping": 1})
    assert socket.receive() == {"pong": 1}
    socket.close()
    assert api.delete("/api/v1/auth/token/").status_code == 204

    server.stop()
    lines = server.lines()
    assert len(lines) >= 20, lines  # the requests' own lines at least
    problems = []
    for stream, line in lines:
        try:
            entry = json.loads(line)
        except ValueError:
            problems.append(f"{stream}: not JSON: {line[:300]}")
            continue
        if not isinstance(entry, dict) or not entry.get("request_id"):
            problems.append(f"{stream}: no request id: {line[:300]}")
        for secret in secrets_seen:
            if secret in line:
                problems.append(f"{stream}: holds a secret ({secret[:6]}…): {line[:300]}")
        if re.search(r"\?\w+=", line):
            problems.append(f"{stream}: a query string: {line[:300]}")
        if re.search(r"[\w.+-]+@[\w-]+\.[\w.]+", line):
            problems.append(f"{stream}: an email address: {line[:300]}")
    assert problems == [], "\n".join(problems)
    entries = [json.loads(line) for _stream, line in lines]
    access = [e for e in entries if e.get("logger") == "guildhall.access"]
    assert {e.get("method") for e in access} >= {"GET", "POST", "DELETE", "WEBSOCKET"}
    assert {e.get("status") for e in access} >= {200, 302, 400, 401, 404, 101}
    # The answers' ids are the lines' ids: a player's report leads to them.
    assert stale.json()["request_id"] in {e["request_id"] for e in access}
