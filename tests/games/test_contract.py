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

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.config import SchemathesisConfig
from schemathesis.core.parameters import ParameterLocation

from accounts import tokens
from games import services

from .helpers import started_game

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

EXAMPLES = int(os.environ.get("CONTRACT_EXAMPLES", "25"))
SEMANTIC_400 = ["v1_auth_token_create", "v1_games_create", "v1_games_decisions_create"]
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
