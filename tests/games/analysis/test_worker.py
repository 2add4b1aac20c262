"""An analysis computed by a real Celery worker over Redis, on PostgreSQL (CI's services pass): its
progress is stored slice by slice and readable through the API while it runs."""

import time

import pytest

from games.analysis.models import Analysis

pytestmark = [pytest.mark.redis, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_a_real_worker_computes_the_analysis_in_slices(settings, short_game, make_user, api_client_for):
    from celery.contrib.testing.worker import start_worker

    from guildhall_site.celery import app

    settings.ANALYSIS_RUN_SECONDS = 0  # one decision per slice: every slice is a task of its own
    game, _users = short_game()
    client = api_client_for(make_user())
    app.conf.task_always_eager = False
    seen = []
    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
        assert client.post(f"/api/v1/games/{game.pk}/analysis/").status_code == 202
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            body = client.get(f"/api/v1/games/{game.pk}/analysis/").json()
            seen.append((body["status"], body["progress"], len(body["decisions"])))
            if body["status"] in ("done", "failed"):
                break
            time.sleep(0.02)
    assert seen[-1][0] == "done", seen[-1]
    assert seen[-1][1:] == (1.0, game.seq)
    progress = [p for _s, p, _n in seen]
    assert progress == sorted(progress)  # it only grows
    assert any(status == "running" and 0 < p < 1 for status, p, _n in seen), "no progress seen while it ran"
    analysis = Analysis.objects.get()
    assert analysis.done == analysis.total == game.seq and analysis.finished_at is not None
