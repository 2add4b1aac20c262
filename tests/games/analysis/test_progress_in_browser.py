"""The replay's analysis panel in a real browser (Debian's chromium through Playwright), with a worker: the
progress bar follows the progress the worker stores (read through the API, which computes nothing then) and
the page shows the chart once the analysis is done, under the site's Content-Security-Policy (the new_page
fixture fails the test on anything it refuses). Without a worker: tests/e2e/test_analysis_pages.py.

PostgreSQL only: a live server's transactional reset on SQLite meets the log's append-only trigger,
which only tests/e2e's own conftest lifts."""

import pytest

from games.analysis import work
from games.analysis.models import Analysis
from tests.e2e import conftest as e2e

# The browser fixtures of tests/e2e (Debian's chromium, the CSP check on every page), used here too.
browser, new_page, logged_in_page = e2e.browser, e2e.new_page, e2e.logged_in_page

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_the_progress_bar_follows_the_worker_and_the_chart_appears(short_game, make_user, logged_in_page,
                                                                  live_server):
    from guildhall_site.celery import app

    game, users = short_game()
    app.conf.task_always_eager = False  # a worker computes, as in production (the suite's fixture restores it)
    analysis = Analysis.objects.create(
        game=game, rules_version=game.engine_version, total=game.seq, status=Analysis.Status.QUEUED,
        playouts=12, cpu_seconds=0.05,
    )
    page = logged_in_page(make_user())
    page.goto(f"{live_server.url}/games/{game.pk}/replay/?step=3")
    # The replay of a finished game always has the analysis panel (docs/analysis.md, "On the site").
    assert page.locator("#analysis").count() == 1
    bar = page.locator("progress[data-analysis-progress]")
    assert bar.get_attribute("value") == "0"

    assert work.run_slice(analysis.pk, run_seconds=0)  # the worker judges one decision and stores it
    page.wait_for_function(
        "() => Number(document.querySelector('progress[data-analysis-progress]').value) > 0", timeout=15_000
    )
    while work.run_slice(analysis.pk, run_seconds=60):  # and the rest
        pass
    page.wait_for_selector("#analysis svg", timeout=15_000)  # reloaded by the script once done
    assert page.locator("progress[data-analysis-progress]").count() == 0
    assert "Step 3," in page.inner_text("#analysis")
    assert page.url.endswith("?step=3")
