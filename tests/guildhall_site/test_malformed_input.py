"""No input gives a 500. The known cases (deeply nested JSON in a decision, out-of-range dates in the
history filters and the vacation form, a NUL byte in a path, an unsubscribe token with a non-numeric
user id, a body over the size limit), then every URL of the site with malformed path parameters, query
strings and form fields: each answer is below 500, and under /api/ a JSON {error, detail}."""

import json

import pytest
from django.core import signing
from django.test import Client
from django.urls import get_resolver, reverse
from django.urls.resolvers import URLResolver

from games.clock.models import Absence
from games.models import LogEntry
from games.notifications.emails import UNSUBSCRIBE_SALT, unsubscribe_token
from tests.games.helpers import choose, started_game

pytestmark = pytest.mark.django_db

DEEP = "[" * 100_000 + "]" * 100_000
NESTED_50 = '{"type": "play", "card": ' + "[" * 50 + "1" + "]" * 50 + "}"


def assert_api_error(response, status):
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert {"error", "detail"} <= set(body) and body["detail"]
    return body


# --- the known cases ---------------------------------------------------------------------------------


@pytest.mark.parametrize("decision", [DEEP, NESTED_50])
def test_deeply_nested_decision_through_the_api(make_user, api_client_for, decision):
    game = started_game([make_user(), make_user()])
    seat, _d = choose(game)
    body = '{"expected_seq": 0, "decision": ' + decision.replace("[", '{"a":').replace("]", "}") + "}"
    response = api_client_for(seat.user).generic(
        "POST", f"/api/v1/games/{game.pk}/decisions/", body, content_type="application/json"
    )
    assert_api_error(response, 400)
    deep_list = '{"expected_seq": 0, "decision": {"type": "play", "card": ' + DEEP + "}}"
    response = api_client_for(seat.user).generic(
        "POST", f"/api/v1/games/{game.pk}/decisions/", deep_list, content_type="application/json"
    )
    assert_api_error(response, 400)
    assert not LogEntry.objects.filter(game=game).exists()


@pytest.mark.parametrize("decision", [DEEP, NESTED_50])
def test_deeply_nested_decision_through_the_form(client, make_user, decision):
    game = started_game([make_user(), make_user()])
    seat, _d = choose(game)
    client.force_login(seat.user)
    for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
        response = client.post(f"/games/{game.pk}/decide/", {"expected_seq": "0", "decision": decision}, **headers)
        assert response.status_code in (200, 302)
    assert not LogEntry.objects.filter(game=game).exists()
    page = client.get(f"/games/{game.pk}/")
    assert b"could not be read" in page.content


@pytest.mark.parametrize(
    "query",
    ["since=9999-12-31", "until=9999-12-31", "since=10000-01-01", "until=0001-01-01", "since=0001-01-01",
     "since=9999-12-31&until=9999-12-31", "page=99999999999999999999", "players=%00", "sort=%F0%9F"],
)
def test_history_filters_out_of_range(client, query):
    response = client.get(f"/games/history/?{query}")
    if "-01" in query or "-31" in query:
        assert response.status_code == 400 and b'class="error"' in response.content
    else:
        assert response.status_code in (200, 400)


@pytest.mark.parametrize(
    "starts_at,ends_at",
    [("9999-12-31T23:00", "9999-12-31T23:59"), ("2026-01-01T00:00", "9999-12-31T23:59"),
     ("10000-01-01T00:00", "10000-01-02T00:00"), ("0001-01-01T00:00", "0001-01-02T00:00")],
)
@pytest.mark.parametrize("time_zone", ["UTC", "America/Los_Angeles", "Pacific/Kiritimati"])
def test_vacation_dates_out_of_range(client, make_user, starts_at, ends_at, time_zone):
    user = make_user()
    user.profile.time_zone = time_zone
    user.profile.save()
    client.force_login(user)
    response = client.post(reverse("clock:vacation"), {"starts_at": starts_at, "ends_at": ends_at})
    assert response.status_code == 400 and b"errorlist" in response.content
    assert not Absence.objects.exists()


@pytest.mark.parametrize(
    "path",
    ["/players/a%00b/", "/games/history/player/a%00b/", "/api/v1/games/?filter=%00", "/games/history/?player=%00",
     "/notifications/unsubscribe/a%00b/", "/games/1/seq/?seq=%00", "/accounts/login/?next=%00"],
)
def test_nul_bytes_are_a_400(client, make_user, path):
    client.force_login(make_user())
    response = client.get(path)
    assert response.status_code == 400
    if path.startswith("/api/"):
        assert_api_error(response, 400)


@pytest.mark.parametrize("payload", [{"u": "x", "c": "turn"}, {"u": None, "c": "turn"}, {"u": 2**80, "c": "turn"},
                                     {"u": [1], "c": "results"}, {"u": True, "c": "turn"}, {"c": "turn"}, [1, 2]])
def test_signed_unsubscribe_tokens_with_a_bad_user_id(client, payload):
    token = signing.dumps(payload, salt=UNSUBSCRIBE_SALT, compress=True)
    for method in (client.get, client.post):
        assert method(f"/notifications/unsubscribe/{token}/").status_code == 400


def test_unsubscribe_token_of_a_deleted_user(client, make_user):
    user = make_user()
    token = unsubscribe_token(user.pk, "turn")
    user.delete()
    assert client.post(f"/notifications/unsubscribe/{token}/").status_code == 400


def test_a_body_over_the_limit_is_a_json_413(make_user, api_client_for, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 10_000
    game = started_game([make_user(), make_user()])
    seat, decision = choose(game)
    body = json.dumps({"expected_seq": 0, "decision": decision, "padding": "x" * 20_000})
    response = api_client_for(seat.user).generic(
        "POST", f"/api/v1/games/{game.pk}/decisions/", body, content_type="application/json"
    )
    assert_api_error(response, 413)
    token = Client().post(
        "/api/v1/auth/token/", {"username": "x" * 20_000, "password": "y"}, content_type="application/json"
    )
    assert_api_error(token, 413)


def test_api_errors_stay_json_where_django_answers(client):
    assert_api_error(client.post("/api/docs/"), 405)
    assert_api_error(client.get("/api/v1/nothing/"), 404)


# --- every URL of the site ------------------------------------------------------------------------------

# Every route of the site (but the admin's), with the values its path parameters are tried with. A new
# route fails test_every_route_is_fuzzed until it is added here.
ROUTES = {
    "games/history/": [""],
    "games/history/player/<str:username>/": ["{user}", "x" * 400, "%C3%A9%E2%80%AE", "..%2F..", "a b"],
    "games/<int:game_id>/replay/": ["{game}", "{open}", "0", "9" * 30],
    "api/v1/games/<int:id>/record/": ["{game}", "0", "9" * 30],
    "": [""],
    "cards/<slug:slug>/": ["guildhall", "dominion", "no-such-game", "x" * 400],
    "how-to-play/": [""],
    "how-to-play/<slug:slug>/": ["guildhall", "dominion", "no-such-game", "x" * 400],
    "games/": [""],
    "games/open/": [""],
    "games/new/": [""],
    "games/next/": [""],
    "games/<int:pk>/": ["{game}", "{open}", "0", "9" * 30],
    "games/<int:pk>/table/": ["{game}", "{open}", "9" * 30],
    "games/<int:pk>/seq/": ["{game}", "9" * 30],
    "games/<int:pk>/decide/": ["{game}", "9" * 30],
    "games/<int:pk>/join/": ["{open}", "9" * 30],
    "games/<int:pk>/leave/": ["{open}", "9" * 30],
    "games/<int:pk>/start/": ["{open}", "9" * 30],
    "settings/": [""],
    "settings/api-tokens/": [""],
    "settings/api-tokens/<int:pk>/revoke/": ["1", "9" * 30],
    "players/<str:username>/": ["{user}", "x" * 400, "%C3%A9%E2%80%AE"],
    "language/": [""],
    "vacation/": [""],
    "vacation/<int:pk>/end/": ["1", "9" * 30],
    "notifications/unsubscribe/<str:token>/": ["{token}", "garbage", "a" * 3000, "{token}x"],
    "notifications/push/subscribe/": [""],
    "notifications/push/unsubscribe/": [""],
    "notifications/push/worker.js": [""],
    "live/nav/": [""],
    "accounts/login/": [""],
    "accounts/logout/": [""],
    "accounts/inactive/": [""],
    "accounts/signup/": [""],
    "accounts/reauthenticate/": [""],
    "accounts/reauthenticate/code/": [""],
    "accounts/reauthenticate/code/confirm/": [""],
    "accounts/email/": [""],
    "accounts/confirm-email/": [""],
    "accounts/password/change/": [""],
    "accounts/password/set/": [""],
    "accounts/password/reset/": [""],
    "accounts/login/code/confirm/": [""],
    "accounts/^confirm-email/(?P<key>[-:\\w]+)/$": ["garbage", "a:b:c"],
    "accounts/password/reset/key/done/": [""],
    "accounts/^password/reset/key/(?P<uidb36>[0-9A-Za-z]+)-(?P<key>.+)/$": ["zzzzzzzzzzzzzzzzz-x", "1-set-password"],
    "accounts/password/reset/done/": [""],
    "api/v1/auth/token/": [""],
    "api/v1/^games/$": [""],
    "api/v1/^games/(?P<pk>[0-9]{1,18})/$": ["{game}", "999999999999999999"],
    "api/v1/^games/(?P<pk>[0-9]{1,18})/decisions/$": ["{game}"],
    "api/v1/^games/(?P<pk>[0-9]{1,18})/join/$": ["{open}"],
    "api/v1/^games/(?P<pk>[0-9]{1,18})/leave/$": ["{open}"],
    "api/v1/^games/(?P<pk>[0-9]{1,18})/log/$": ["{game}"],
    "api/v1/^games/(?P<pk>[0-9]{1,18})/start/$": ["{open}"],
    "api/v1/^games/catalogue/$": [""],
    "api/schema/": [""],
    "api/docs/": [""],
    "chat/messages/<int:message_id>/report/": ["1", "9" * 30],
    "chat/mute/<str:username>/": ["{user}", "x" * 400, "%C3%A9%E2%80%AE"],
    "chat/unmute/<str:username>/": ["{user}", "x" * 400],
    "games/<int:game_pk>/links/": ["{open}", "{game}", "9" * 30],
    "games/<int:game_pk>/rematch/": ["{game}", "9" * 30],
    "games/<int:game_pk>/rematch/panel/": ["{game}", "9" * 30],
    "games/<int:pk>/chat/": ["{game}", "9" * 30],
    "games/<int:pk>/chat/post/": ["{game}", "9" * 30],
    "games/<int:pk>/notes/": ["{game}", "9" * 30],
    "games/live/": [""],
    "leaderboards/": [""],
    "leaderboards/<str:mode>/": ["printed", "yucata", "x" * 400, "%C3%A9%E2%80%AE"],
    "leaderboards/<str:game>/": ["guildhall", "dominion", "printed", "x" * 400, "%C3%A9%E2%80%AE"],
    "leaderboards/<str:game>/<str:variant>/": ["printed", "x" * 400, "%C3%A9%E2%80%AE"],
    "invitations/<int:pk>/": ["1", "9" * 30],
    "invitations/<int:pk>/accept/": ["1", "9" * 30],
    "invitations/<int:pk>/decline/": ["1", "9" * 30],
    "invitations/links/<int:pk>/revoke/": ["1", "9" * 30],
    "join/<str:token>/": ["garbage", "a" * 3000, "a%00b"],
    "players/<str:username>/follow/": ["{user}", "x" * 400, "%C3%A9%E2%80%AE"],
    "players/<str:username>/unfollow/": ["{user}", "x" * 400],
    "tournaments/": [""],
    "tournaments/new/": [""],
    "tournaments/<int:tournament_id>/": ["1", "9" * 30],
    "tournaments/<int:tournament_id>/join/": ["1", "9" * 30],
    "tournaments/<int:tournament_id>/withdraw/": ["1", "9" * 30],
    "tournaments/<int:tournament_id>/start/": ["1", "9" * 30],
    "tournaments/<int:tournament_id>/rounds/<int:number>/": ["1", "9" * 30],
    "api/v1/^tournaments/$": [""],
    "api/v1/^tournaments/(?P<pk>[0-9]{1,18})/$": ["1", "999999999999999999"],
    "api/v1/^tournaments/(?P<pk>[0-9]{1,18})/join/$": ["1", "999999999999999999"],
    "api/v1/^tournaments/(?P<pk>[0-9]{1,18})/standings/$": ["1", "999999999999999999"],
    "api/v1/^tournaments/(?P<pk>[0-9]{1,18})/withdraw/$": ["1", "999999999999999999"],
    "games/<int:game_id>/analysis/": ["{game}", "{open}", "9" * 30],
    "api/v1/games/<int:id>/analysis/": ["{game}", "{open}", "9" * 30],
    "messages/": [""],
    "messages/email/": [""],
    "messages/link/": [""],
    "messages/<int:pk>/": ["1", "9" * 30],
    "messages/<int:pk>/new/": ["1", "9" * 30],
    "messages/to/<str:username>/": ["{user}", "x" * 400, "%C3%A9%E2%80%AE"],
    "api/v1/messages/": [""],
    "api/v1/messages/<int:id>/": ["1", "9" * 30],
    "api/v1/messages/<int:id>/read/": ["1", "9" * 30],
    "report/chat/<int:message_id>/": ["1", "9" * 30],
    "report/message/<int:message_id>/": ["1", "9" * 30],
    "report/player/<str:username>/": ["{user}", "x" * 400, "%C3%A9%E2%80%AE"],
    "reports/": [""],
    "reports/notices/": [""],
    "moderation/": [""],
    "moderation/log/": [""],
    "moderation/players/": [""],
    "moderation/players/<str:username>/": ["{user}", "x" * 400],
    "moderation/players/<str:username>/act/": ["{user}", "x" * 400],
    "moderation/chat/<int:message_id>/hide/": ["1", "9" * 30],
    "moderation/reports/<int:pk>/act/": ["1", "9" * 30],
    "moderation/restrictions/<int:pk>/lift/": ["1", "9" * 30],
    "privacy/": [""],
    "learn/": [""],
    "learn/offer/not-now/": [""],
    "learn/<int:pk>/coach/": ["{game}", "1", "9" * 30],
    "settings/export/": [""],
    "api/v1/me/": [""],
    "api/v1/me/export/": [""],
    "settings/blocked/": [""],
    "api/v1/blocks/": [""],
    "api/v1/blocks/<str:username>/": ["{user}", "x" * 400, "%C3%A9%E2%80%AE"],
    "players/<str:username>/block/": ["{user}", "x" * 400, "%C3%A9%E2%80%AE"],
    "players/<str:username>/unblock/": ["{user}", "x" * 400],
    # The password field gets the malformed values only: the account stays.
    "settings/delete/": [""],
    "settings/deleted/": [""],
    # Last: resigning ends the game the routes above were tried on.
    "games/<int:pk>/resign/": ["9" * 30, "{game}"],
    "api/v1/^games/(?P<pk>[0-9]{1,18})/resign/$": ["999999999999999999", "{game}"],
}

FIELDS = ["seats", "mode", "invite", "bots", "bot_kind", "time_per_move", "timeout_policy", "visibility",
          "expected_seq", "decision", "starts_at", "ends_at", "language", "next", "display_name", "time_zone",
          "turn_email", "digest_hour", "reminder_emails", "result_emails", "name", "expires_in_days", "login",
          "password", "username", "email", "player", "winner", "players", "since", "until", "sort", "page",
          "page_size", "step", "seq", "status", "after", "filter", "List-Unsubscribe", "action", "oldpassword",
          "password1", "password2", "format"]
VALUES = ["\x00", "9999-12-31T23:59", "10000-01-01", "0001-01-01", "-1", "9" * 30, '{"type": ' * 2000, "x" * 5000,
          "\u202e\ufeff", ""]


def _routes():
    def walk(patterns, prefix=""):
        for p in patterns:
            if isinstance(p, URLResolver):
                yield from walk(p.url_patterns, prefix + str(p.pattern))
            else:
                yield prefix + str(p.pattern)

    return [r for r in walk(get_resolver().url_patterns) if not r.startswith("admin/")]


def test_every_route_is_fuzzed():
    missing = sorted(set(_routes()) - set(ROUTES))
    assert not missing, f"add these routes to ROUTES: {missing}"


def _concrete(route, value):
    """The URL of ``route`` with its one path parameter set to ``value``."""
    import re

    path = re.sub(r"<[^>]+>", value, route)
    path = re.sub(r"\(\?P<[^>]+>[^)]*\)(-\(\?P<[^>]+>[^)]*\))?", value, path)
    return "/" + path.replace("^", "").replace("$", "")


@pytest.mark.slow
# One test per value: the routes × methods of one value are a test of their own, which the test processes
# share out (the whole fuzz is over 1,000 requests, two minutes in one process).
@pytest.mark.parametrize("value", VALUES, ids=[f"value{i}" for i in range(len(VALUES))])
def test_no_route_answers_500_to_malformed_input(value, make_user, api_client_for, settings):
    settings.GUILDHALL_WRITE_THROTTLE_RATE = None
    me, other = make_user("fuzzer"), make_user("victim")
    game = started_game([me, other])
    from games import services

    open_game = services.create_game(other, seats=3)
    substitutions = {"{user}": "victim", "{game}": str(game.pk), "{open}": str(open_game.pk),
                     "{token}": unsubscribe_token(other.pk, "turn")}
    browser = Client(raise_request_exception=False)
    browser.force_login(me)
    anonymous = Client(raise_request_exception=False)
    api = api_client_for(me)
    api.raise_request_exception = False
    failures = []
    count = 0
    for route, params in ROUTES.items():
        for param in params:
            for key, value in substitutions.items():
                param = param.replace(key, value)
            url = _concrete(route, param)
            is_api = url.startswith("/api/")
            data = {field: value for field in FIELDS}
            requests = [
                (api if is_api else browser, "get", url, data),
                (api if is_api else browser, "post", url, data),
            ]
            if is_api:
                requests.append((api, "post_json", url, data))
            if value in VALUES[:2]:
                requests.append((anonymous, "get", url, data))
            for client, method, target, payload in requests:
                if method == "post_json":
                    response = client.post(target, payload, format="json")
                else:
                    response = getattr(client, method)(target, payload)
                count += 1
                if response.status_code >= 500:
                    failures.append((method, target[:80], repr(value)[:20], response.status_code))
                elif is_api and response.status_code >= 400:
                    body = response.content.decode(errors="replace")
                    if "application/json" not in response["Content-Type"] or '"error"' not in body:
                        failures.append((method, target[:80], repr(value)[:20], "not JSON", body[:80]))
            # the same player again, in case a write above signed them out or ended a game
            browser.force_login(me)
    assert count > 100
    assert failures == [], failures[:20]


@pytest.mark.parametrize(
    "url,body",
    [("/api/v1/auth/token/", '{"username": "\\ud800", "password": "x"}'),
     ("/api/v1/games/", '{"seats": 2, "mode": "\\ud800"}'),
     ("/api/v1/games/", '{"seats": 2, "invite": ["\\udfff"]}'),
     ("/api/v1/games/", '{"\\ud800": 1, "seats": 2}')],
)
def test_json_strings_that_are_not_unicode_are_a_400(make_user, api_client_for, url, body):
    response = api_client_for(make_user()).generic("POST", url, body, content_type="application/json")
    assert_api_error(response, 400)


def test_a_decision_that_is_not_unicode_through_the_form(client, make_user):
    game = started_game([make_user(), make_user()])
    seat, _d = choose(game)
    client.force_login(seat.user)
    response = client.post(f"/games/{game.pk}/decide/", {"expected_seq": "0", "decision": '{"type": "\\ud800"}'})
    assert response.status_code == 302
    assert not LogEntry.objects.filter(game=game).exists()
