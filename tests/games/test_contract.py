"""API contract test: schemathesis generates requests (valid and invalid) from the OpenAPI schema and
sends them to the real app (in-process WSGI), with every one of its checks: no 5xx, status codes,
content types, headers and bodies as the schema documents them (response-schema conformance), invalid
requests refused, valid ones accepted, authentication not ignored. Every 4xx is also JSON {error, detail}.
Path ids are aimed at real games (open and active, fresh for each write) as well as at generated ones.

One setting is ours: a schema-valid request to the three operations whose rules the schema cannot
express may be refused with 400: the token endpoint (wrong credentials), creating a game (bots and
invitations must fit the seats, invited users must exist) and a decision (the engine decides what is
legal). Everywhere else a valid request must be accepted.

(Driven by hand with hypothesis rather than schemathesis' pytest plugin, whose lazy fixture loader
does not run under pytest 9.) ``CONTRACT_EXAMPLES`` sets the examples per operation and mode (25).
"""

import collections
import os
import random

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.config import SchemathesisConfig
from schemathesis.core.parameters import ParameterLocation

import engine
from accounts import tokens
from games import cache as state_cache
from games import services
from games.models import Game

from .helpers import started_game

GUILDHALL = engine.get("guildhall")

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

EXAMPLES = int(os.environ.get("CONTRACT_EXAMPLES", "25"))
# Operations whose 400 no schema can foresee: wrong credentials; an invited username that does not exist;
# a decision the engine finds illegal; a message or block addressed to oneself, or blank once tidied.
SEMANTIC_400 = [
    "v1_auth_token_create",
    "v1_games_create",
    "v1_games_decisions_create",
    "v1_messages_create",
    "v1_blocks_create",
    "v1_me_destroy",  # a wrong password
]
CONFIG = {
    "operations": [
        {
            "include-operation-id": SEMANTIC_400,
            "checks": {
                "positive_data_acceptance": {"expected-statuses": ["2xx", "3xx", "400", "401", "403", "404", "409",
                                                                   "429"]}
            },
        }
    ]
}
# What every run saw, for the summary line (printed; `pytest -s` shows it).
TOTALS = collections.Counter()


@pytest.fixture(autouse=True)
def _keep_the_test_connection():
    """Requests reach the WSGI app directly here, not through Django's test client, so do what the
    test client does: keep request_started/finished from closing the test's database connection
    (which sits inside the test's transaction)."""
    from django.core import signals
    from django.db import close_old_connections

    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


def _operations():
    from guildhall_site.wsgi import application

    schema = schemathesis.openapi.from_wsgi(
        "/api/schema/?format=json", application, config=SchemathesisConfig.from_dict(CONFIG)
    )
    return [result.ok() for result in schema.get_all_operations()]


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE], ids=lambda m: m.value)
def test_the_api_keeps_its_contract(mode, make_user):
    me, other = make_user(), make_user()
    token = tokens.issue(me, "contract test")[1]

    def games():
        """[an open game of mine, a game in play with me in it]: fresh ones for operations that change them."""
        return [services.create_game(me, seats=3).pk, started_game([me, other]).pk]

    operations = _operations()
    labels = {op.label for op in operations}
    assert len(operations) >= 12 and "DELETE /api/v1/auth/token/" in labels
    statuses = collections.Counter()
    failures = []
    for operation in operations:
        try:
            _fuzz(operation, mode, games, me, token, statuses)()
        except Unsatisfiable:
            # An operation with no parameter and no body (the export) has nothing to make invalid.
            assert mode == GenerationMode.NEGATIVE, operation.label
        except Exception as exc:  # every operation is tried; all their failures are shown together
            failures.append(f"{operation.label}: {exc}")
    TOTALS.update(statuses)
    server_errors = sum(n for code, n in statuses.items() if code >= 500)
    print(
        f"\nschemathesis ({mode.value}): {sum(statuses.values())} cases over {len(operations)} operations, "
        f"statuses {dict(sorted(statuses.items()))}, 5xx: {server_errors}"
    )
    assert not failures, "\n\n".join(failures)
    assert server_errors == 0
    assert any(code < 300 for code in statuses) and any(400 <= code < 500 for code in statuses), statuses


def _fuzz(operation, mode, games, me, token, statuses):
    has_id = any(p.name == "id" for p in operation.path_parameters)
    writes = operation.method.upper() != "GET"
    revokes = operation.label == "DELETE /api/v1/auth/token/"
    ids = games()

    @given(case=operation.as_strategy(generation_mode=mode), aim=st.sampled_from([0, 1, None]))
    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    def run(case, aim):
        nonlocal ids
        aimable = not case.meta.is_negative_at(ParameterLocation.PATH)  # a negative id stays as generated
        if has_id and aim is not None and aimable and isinstance(case.path_parameters, dict):
            if writes:
                ids = games()  # a game this example may change (join, leave, start, resign, decide)
            case.path_parameters["id"] = ids[aim]  # aim at a real game, past the 404
        # Signing out ends the token it is made with: that operation gets one of its own each time.
        bearer = tokens.issue(me, "contract test: sign-out")[1] if revokes else token
        response = case.call_and_validate(headers={"Authorization": f"Token {bearer}"})
        statuses[response.status_code] += 1
        if response.status_code >= 400:
            assert "application/json" in response.headers["content-type"][0]
            body = response.json()
            assert {"error", "detail"} <= set(body) and body["detail"], body

    return run


# What a client written for the first rules knows: no order_pile prompt, no order field.
FIRST_RULES_TYPES = {"discard", "done", "place", "play", "discard_draw", "buy", "end_turn", "undo", "tier", "use",
                     "decline", "target", "select", "chapter", "pay"}
FIRST_RULES_FIELDS = {"type", "card", "tier", "seat", "profession"}


def test_a_client_of_the_first_rules_plays_whole_games_and_is_never_held_up(make_user, api_client_for):
    """Rules version 3 through the API as a client written before it would play: each player reads the game
    (GET) and, when the game names them to move, sends one of the decisions it offers with only the fields
    it knows (no order), or now and then the same with an order. Every legal decision offered is of a kind
    the client knows, only the player named to move is offered any, and every decision sent is accepted
    (201, never "not your turn"), payments included: nothing is ever asked between two of them."""
    rng = random.Random(27)
    kinds = collections.Counter()
    for _game in range(2):
        users = [make_user(), make_user()]
        game = started_game(users)
        assert game.engine_version == GUILDHALL.ENGINE_VERSION  # rules version 3 or later
        clients = {u.username: api_client_for(u) for u in users}
        for step in range(1500):
            game.refresh_from_db()
            if game.status != Game.Status.ACTIVE:
                break
            mover = game.to_move_user.username
            detail = clients[mover].get(f"/api/v1/games/{game.pk}/").json()
            assert detail["to_move"] == mover and detail["seq"] == game.seq
            legal = detail["legal"]
            assert legal and {d["type"] for d in legal} <= FIRST_RULES_TYPES
            if step % 10 == 0:  # the player not named to move is offered nothing
                other = next(c for name, c in clients.items() if name != mover)
                assert other.get(f"/api/v1/games/{game.pk}/").json()["legal"] == []
            # The client's strategy (the greedy bot's choice among what the API offered), in its own fields.
            choice = GUILDHALL.bots.choose(state_cache.load_state(game), game.to_move_position, kind="greedy", rng=rng)
            assert choice in legal
            decision = {k: v for k, v in choice.items() if k in FIRST_RULES_FIELDS}
            if "order" in choice and rng.random() < 0.3:
                decision["order"] = choice["order"][:1] + choice["order"][:0:-1]  # the rest upside down
            response = clients[mover].post(f"/api/v1/games/{game.pk}/decisions/",
                                           {"expected_seq": game.seq, "decision": decision}, format="json")
            assert response.status_code == 201, response.json()
            kinds[decision["type"] + ("+order" if "order" in decision else "")] += 1
    print(f"\nfirst-rules client: {sum(kinds.values())} decisions, {dict(sorted(kinds.items()))}")
    assert kinds["pay"] + kinds["pay+order"] > 0
