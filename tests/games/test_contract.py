"""API contract test: schemathesis generates requests (valid and invalid) from the OpenAPI schema and
sends them to the real app (in-process WSGI); no response may be a 5xx, and every 4xx is JSON
{error, detail}. Path ids are aimed at real games (open and active) as well as at generated ones.

(Driven by hand with hypothesis rather than schemathesis' pytest plugin, whose lazy fixture loader
does not run under pytest 9.)
"""

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error

from accounts import tokens
from games import services

from .helpers import started_game

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

EXAMPLES = 25


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

    schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)
    return [result.ok() for result in schema.get_all_operations()]


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE], ids=lambda m: m.value)
def test_no_server_errors(mode, make_user):
    me, other = make_user(), make_user()
    ids = [services.create_game(me, seats=3).pk, started_game([me, other]).pk]
    headers = {"Authorization": f"Token {tokens.issue(me, 'contract test')[1]}"}
    operations = _operations()
    assert len(operations) >= 8
    seen = set()
    for operation in operations:
        _fuzz(operation, mode, ids, headers, seen)()
    assert any(code < 300 for code in seen) and any(400 <= code < 500 for code in seen), seen


def _fuzz(operation, mode, ids, headers, seen):
    has_id = any(p.name == "id" for p in operation.path_parameters)

    @given(case=operation.as_strategy(generation_mode=mode), aim=st.sampled_from([0, 1, None]))
    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    def run(case, aim):
        if has_id and aim is not None and isinstance(case.path_parameters, dict):
            case.path_parameters["id"] = ids[aim]  # aim at a real game, past the 404
        response = case.call_and_validate(headers=headers, checks=[not_a_server_error])
        seen.add(response.status_code)
        if 400 <= response.status_code < 500:
            assert "application/json" in response.headers["content-type"][0]
            body = response.json()
            assert {"error", "detail"} <= set(body), body

    return run
