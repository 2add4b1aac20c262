"""The REST API contract: status codes, JSON errors, filters, throttling. Clients authenticate with
real API tokens."""

import json

import pytest
from django.urls import reverse

from games.models import Game, LogEntry

from .helpers import choose, play, started_game

pytestmark = pytest.mark.django_db

GAMES = "/api/v1/games/"


def assert_error(response, status, code=None):
    assert response.status_code == status, response.content
    body = response.json()
    assert set(body) >= {"error", "detail"} and isinstance(body["detail"], str) and body["detail"]
    if code:
        assert body["error"] == code
    return body


def test_token_endpoint_by_username_and_email(client, make_user):
    user = make_user("tokenuser")
    for login in ("tokenuser", "tokenuser@example.com"):
        response = client.post(
            "/api/v1/auth/token/", {"username": login, "password": user.raw_password}, content_type="application/json"
        )
        assert response.status_code == 200
        token = response.json()["token"]
    games = client.get(GAMES, HTTP_AUTHORIZATION=f"Token {token}")
    assert games.status_code == 200
    bad = client.post(
        "/api/v1/auth/token/", {"username": "tokenuser", "password": "wrong"}, content_type="application/json"
    )
    assert_error(bad, 400, "invalid_credentials")


def test_anonymous_gets_401_json(client):
    assert_error(client.get(GAMES), 401, "not_authenticated")
    assert_error(client.get(GAMES, HTTP_AUTHORIZATION="Token nonsense"), 401, "authentication_failed")


def test_create_join_start_flow(make_user, api_client_for):
    alice, bob = make_user("alice"), make_user("bob")
    a, b = api_client_for(alice), api_client_for(bob)
    created = a.post(GAMES, {"seats": 2, "mode": "yucata"}, format="json")
    assert created.status_code == 201
    body = created.json()
    assert body["status"] == "open" and body["mode"] == "yucata" and len(body["seed_commitment"]) == 64
    assert "seed" not in json.dumps(body).replace('"seed": null', "").replace("seed_commitment", "")
    game_id = body["id"]
    assert [g["id"] for g in b.get(GAMES, {"filter": "open"}).json()["results"]] == [game_id]
    joined = b.post(f"{GAMES}{game_id}/join/")
    assert joined.status_code == 200 and joined.json()["status"] == "active"
    detail = a.get(f"{GAMES}{game_id}/").json()
    assert {p["username"] for p in detail["players"]} == {"alice", "bob"}
    assert detail["to_move"] in {"alice", "bob"}
    mover = a if detail["to_move"] == "alice" else b
    waiter = b if mover is a else a
    assert mover.get(f"{GAMES}{game_id}/").json()["legal"]
    assert waiter.get(f"{GAMES}{game_id}/").json()["legal"] == []
    assert [g["id"] for g in mover.get(GAMES, {"filter": "my_turn"}).json()["results"]] == [game_id]
    assert waiter.get(GAMES, {"filter": "my_turn"}).json()["results"] == []
    for name in ("mine", "active"):
        assert [g["id"] for g in a.get(GAMES, {"filter": name}).json()["results"]] == [game_id]
    assert a.get(GAMES, {"filter": "finished"}).json()["results"] == []
    assert_error(a.get(GAMES, {"filter": "bogus"}), 400, "bad_filter")


def test_create_validation(make_user, api_client_for):
    a = api_client_for(make_user())
    for body in ({}, {"seats": 7}, {"seats": "two"}, {"seats": 2, "mode": "x"}, {"seats": 2, "invite": "bob"},
                 {"seats": 2, "invite": ["ghost"]}, {"seats": 2, "bots": 5}, []):
        assert_error(a.post(GAMES, body, format="json"), 400)
    assert Game.objects.count() == 0


def test_start_early_and_leave(make_user, api_client_for):
    alice, bob = make_user(), make_user()
    a, b = api_client_for(alice), api_client_for(bob)
    game_id = a.post(GAMES, {"seats": 4}, format="json").json()["id"]
    assert_error(a.post(f"{GAMES}{game_id}/start/"), 409, "too_few_players")
    b.post(f"{GAMES}{game_id}/join/")
    assert_error(b.post(f"{GAMES}{game_id}/start/"), 403, "not_creator")
    started = a.post(f"{GAMES}{game_id}/start/")
    assert started.status_code == 200 and started.json()["status"] == "active" and started.json()["seats"] == 2
    assert_error(b.post(f"{GAMES}{game_id}/leave/"), 409, "not_open")


def _decide(client, game_id, expected_seq, decision):
    return client.post(
        f"{GAMES}{game_id}/decisions/", {"expected_seq": expected_seq, "decision": decision}, format="json"
    )


def test_decisions_201_409_403_400(make_user, api_client_for):
    alice, bob, eve = make_user(), make_user(), make_user()
    game = started_game([alice, bob])
    seat, decision = choose(game)
    mover = api_client_for(seat.user)
    waiter = api_client_for(bob if seat.user == alice else alice)
    assert_error(_decide(waiter, game.pk, 0, decision), 403, "not_your_turn")
    assert_error(_decide(api_client_for(eve), game.pk, 0, decision), 403, "not_a_player")
    assert_error(_decide(mover, game.pk, 0, {"type": "play", "card": 999}), 400)
    assert_error(_decide(mover, game.pk, 0, {"type": "warp"}), 400, "malformed")
    stale = assert_error(_decide(mover, game.pk, 3, decision), 409, "stale_seq")
    assert stale["seq"] == 0
    assert LogEntry.objects.filter(game=game).count() == 0
    ok = _decide(mover, game.pk, 0, decision)
    assert ok.status_code == 201 and ok.json()["seq"] == 1
    again = assert_error(_decide(mover, game.pk, 0, decision), 409, "stale_seq")
    assert again["seq"] == 1
    assert LogEntry.objects.filter(game=game).count() == 1


@pytest.mark.parametrize(
    "body",
    [b"{", b"", b"null", b"[]", b'"x"', b"{\"expected_seq\": 0}", b"{\"decision\": {}}",
     b"{\"expected_seq\": -1, \"decision\": {}}", b"{\"expected_seq\": \"zero\", \"decision\": {}}",
     b"{\"expected_seq\": 0, \"decision\": []}", b"{\"expected_seq\": 0, \"decision\": \"end\"}",
     b"{\"expected_seq\": 1e400, \"decision\": {}}",
     "{\"expected_seq\": 0, \"decision\": {\"type\": \"\u00e9\"}}".encode(),
     b"\xff\xfe"],
)
def test_malformed_decision_bodies_are_400_and_change_nothing(make_user, api_client_for, body):
    alice, bob = make_user(), make_user()
    game = started_game([alice, bob])
    seat, _decision = choose(game)
    client = api_client_for(seat.user)
    response = client.generic("POST", f"{GAMES}{game.pk}/decisions/", body, content_type="application/json")
    assert_error(response, 400)
    assert LogEntry.objects.filter(game=game).count() == 0


@pytest.mark.parametrize(
    ("seq_as", "decision_as", "status"),
    [
        (lambda seq: seq, lambda d: d, 201),  # the body every client sends: taken as it is
        (str, lambda d: d, 400),  # a number in a string is not an integer, as the schema says
        (lambda seq: True, lambda d: d, 400),  # a boolean is not a whole number
        (float, lambda d: d, 400),  # nor is 3.0
        (lambda seq: seq + 0.5, lambda d: d, 400),
        (lambda seq: seq, lambda d: [d], 400),
    ],
)
def test_a_decision_body_reads_the_same_on_the_fast_path_and_through_the_serializer(
    make_user, api_client_for, seq_as, decision_as, status
):
    alice, bob = make_user(), make_user()
    game = started_game([alice, bob])
    seat, decision = choose(game)
    body = {"expected_seq": seq_as(game.seq), "decision": decision_as(decision), "extra": "ignored"}
    response = api_client_for(seat.user).post(f"{GAMES}{game.pk}/decisions/", body, format="json")
    assert response.status_code == status, response.content
    assert LogEntry.objects.filter(game=game).count() == (1 if status == 201 else 0)
    if status == 400:
        assert_error(response, 400, "invalid")


def test_wrong_content_type_and_method(make_user, api_client_for):
    game = started_game([make_user(), make_user()])
    client = api_client_for(game.created_by)
    r = client.generic("POST", f"{GAMES}{game.pk}/decisions/", b"expected_seq=0", content_type="text/plain")
    assert_error(r, 415, "unsupported_media_type")
    assert_error(client.delete(f"{GAMES}{game.pk}/"), 405, "method_not_allowed")


@pytest.mark.parametrize("path", ["999999/", "0/", "abc/", "99999999999999999999999/", "1/../", "-1/"])
def test_unknown_games_are_404_json(make_user, api_client_for, path):
    client = api_client_for(make_user())
    for suffix in ("", "log/"):
        response = client.get(f"{GAMES}{path}{suffix}")
        assert_error(response, 404)
    assert_error(client.post(f"{GAMES}{path}join/"), 404)


def test_log_in_words(make_user, api_client_for):
    alice, bob = make_user(), make_user()
    game = started_game([alice, bob])
    play(game, 6)
    client = api_client_for(alice)
    log = client.get(f"{GAMES}{game.pk}/log/").json()
    assert log["seq"] == 6 and [e["seq"] for e in log["entries"]] == [1, 2, 3, 4, 5, 6]
    assert all(e["text"] and e["player"] in {alice.username, bob.username} for e in log["entries"])
    tail = client.get(f"{GAMES}{game.pk}/log/", {"after": 4}).json()
    assert [e["seq"] for e in tail["entries"]] == [5, 6]
    assert_error(client.get(f"{GAMES}{game.pk}/log/", {"after": "x"}), 400)


def test_write_throttle(make_user, api_client_for, settings):
    settings.GUILDHALL_WRITE_THROTTLE_RATE = "3/min"
    client = api_client_for(make_user())
    codes = [client.post(GAMES, {"seats": 9}, format="json").status_code for _ in range(4)]
    assert codes == [400, 400, 400, 429]
    assert_error(client.post(GAMES, {"seats": 2}, format="json"), 429, "throttled")
    assert client.get(GAMES).status_code == 200  # reads are not throttled


def test_session_auth_needs_csrf(make_user):
    from django.test import Client

    user = make_user()
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(user)
    assert browser.get(GAMES).status_code == 200
    response = browser.post(GAMES, {"seats": 2}, content_type="application/json")
    assert_error(response, 403, "forbidden")
    assert Game.objects.count() == 0


def test_schema_and_docs_page(client, make_user):
    schema = client.get(reverse("api-schema"), HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert schema.status_code == 200
    paths = json.loads(schema.content)["paths"]
    for path in ("/api/v1/games/", "/api/v1/games/{id}/decisions/", "/api/v1/games/{id}/log/", "/api/v1/auth/token/"):
        assert path in paths
    docs = client.get(reverse("api-docs"))
    assert docs.status_code == 200 and b"/api/v1/games/{id}/decisions/" in docs.content


def test_unknown_api_urls_are_json_even_with_debug_on(make_user, api_client_for, settings):
    settings.DEBUG = True
    client = api_client_for(make_user())
    for path in ("/api/nothing-here/", "/api/v1/games/abc/", "/api/v1/games/1/unknown-action/"):
        assert_error(client.get(path), 404, "not_found")


def test_create_takes_the_lobby_s_time_limit_and_timeout_policy(make_user, api_client_for, settings):
    import datetime

    from games.clock.models import TimeControl

    client = api_client_for(make_user())
    cases = [
        ({"time_per_move_days": 3, "timeout_policy": "end"}, datetime.timedelta(days=3), "end"),
        ({"time_per_move_days": 14}, datetime.timedelta(days=14), "bot"),
        ({"time_per_move_days": None, "timeout_policy": "bot"}, None, "bot"),  # no time limit
        ({}, settings.CLOCK_DEFAULT_PER_MOVE, "bot"),  # the site's default
    ]
    for extra, per_move, policy in cases:
        response = client.post(GAMES, {"seats": 2, **extra}, format="json")
        assert response.status_code == 201, response.content
        clock = TimeControl.objects.get(game_id=response.json()["id"])
        assert (clock.per_move, clock.policy) == (per_move, policy), extra
    for bad in ({"time_per_move_days": 4}, {"time_per_move_days": 0}, {"time_per_move_days": "week"},
                {"time_per_move_days": "14"}, {"time_per_move_days": 14.0}, {"timeout_policy": "pause"}):
        body = assert_error(client.post(GAMES, {"seats": 2, **bad}, format="json"), 400)
        assert set(body["fields"]) <= {"time_per_move_days", "timeout_policy"}
    assert Game.objects.count() == len(cases)


def test_a_new_game_s_body_takes_only_what_its_schema_allows(make_user, api_client_for, client):
    """Each field is of the schema's JSON type (no 0 for false, no "2" for 2), and the schema's allowed
    (seats, bots, invitations) combinations are exactly those accepted."""
    api = api_client_for(make_user())
    friend = make_user()
    for bad in ({"seats": 2, "rated": 0}, {"seats": 2, "rated": "true"}, {"seats": "2"}, {"seats": 2.0},
                {"seats": True}, {"seats": 2, "bots": False}, {"seats": 2, "mode": 1}, {"seats": 2, "invite": [7]},
                {"seats": 2, "bots": 2}, {"seats": 4, "bots": 2, "invite": [friend.username, "x"]}):
        assert_error(api.post(GAMES, bad, format="json"), 400, "invalid")
    assert Game.objects.count() == 0
    schema = json.loads(client.get(reverse("api-schema"), HTTP_ACCEPT="application/vnd.oai.openapi+json").content)
    allowed = schema["components"]["schemas"]["GameCreateRequest"]["anyOf"]
    pairs = {(a["properties"]["seats"]["const"], a["properties"]["bots"]["const"]):
             a["properties"]["invite"]["maxItems"] for a in allowed}
    assert pairs == {(s, b): s - 1 - b for s in (2, 3, 4) for b in range(s)}
    assert (2, 2) not in pairs
    response = api.post(GAMES, {"seats": 3, "bots": 1, "invite": [friend.username], "rated": False}, format="json")
    assert response.status_code == 201, response.content


def test_a_rated_game_is_refused_a_bot_without_a_calibration_rating(make_user, api_client_for, settings):
    api = api_client_for(make_user())
    settings.RATINGS_BOT_CALIBRATION = {"strong": (33.0, 3.0)}
    refused = api.post(GAMES, {"seats": 2, "bots": 1, "bot_kind": "greedy", "rated": True}, format="json")
    assert refused.status_code == 400 and "rated" in refused.json()["fields"], refused.content
    assert Game.objects.count() == 0
    accepted = api.post(GAMES, {"seats": 2, "bots": 1, "bot_kind": "strong", "rated": True}, format="json")
    assert accepted.status_code == 201 and accepted.json()["rated"] is True, accepted.content


def test_the_token_endpoint_documents_wrong_credentials(client):
    schema = json.loads(client.get(reverse("api-schema"), HTTP_ACCEPT="application/vnd.oai.openapi+json").content)
    token_400 = schema["paths"]["/api/v1/auth/token/"]["post"]["responses"]["400"]
    ref = token_400["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1]
    assert "invalid_credentials" in json.dumps(schema["components"]["schemas"][ref])


def test_list_paging_parameters_are_checked(make_user, api_client_for):
    client = api_client_for(make_user())
    for query in ({"page": ""}, {"page": "x"}, {"page": "0"}, {"page_size": ""}, {"page_size": "-3"},
                  {"filter": ""}):
        assert_error(client.get(GAMES, query), 400)
    assert_error(client.get(GAMES, {"page": "2"}), 404)  # past the last page
    assert_error(client.get(f"{GAMES}?filter=mine&filter=open"), 400, "repeated_parameter")
    assert client.get(GAMES, {"page": "1", "page_size": "1000"}).json()["results"] == []
