"""The analysis of a finished game in the browser, as a new player meets it under `make run`: no worker
(Celery's tasks run in-process), so the request that asks for the analysis must not compute it. It answers at
once, the replay comes back with a progress bar, the page's polls compute the analysis slice by slice (the
bar grows), and the page shows the chart when it is done. At 375 px and in both themes, axe-clean."""

import pytest

from games import services
from games.analysis.models import Analysis
from games.models import Game
from tests.e2e.test_accessibility import axe_violations
from tests.games.helpers import play, started_game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PROGRESS = "progress[data-analysis-progress]"


@pytest.fixture
def small_budget(settings):
    settings.ANALYSIS_PLAYOUTS = 12
    settings.ANALYSIS_CPU_SECONDS = 0.05
    settings.ANALYSIS_USER_RATE = ""
    settings.ANALYSIS_POLL_SECONDS = 0  # one decision per poll: the bar's steps are seen one by one


def finished(make_user, moves=16):
    ann, ben = make_user("ann"), make_user("ben")
    game = started_game([ann, ben])
    play(game, moves)
    game.refresh_from_db()
    services.resign(game.pk, game.seats.get(position=game.to_move_position).user)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game, (ann, ben)


@pytest.mark.parametrize("width", [1280, 375])
def test_asking_for_the_analysis_answers_at_once_and_the_progress_grows_to_the_chart(
    live_server, logged_in_page, make_user, small_budget, width, artifacts
):
    game, _players = finished(make_user)
    reader = make_user("cy")
    page = logged_in_page(reader, width=width)
    replay = f"{live_server.url}/games/{game.pk}/replay/?step=3"
    page.goto(replay)
    button = page.get_by_role("button", name="Analyse this game with the strong bot")

    with page.expect_response(lambda r: r.url.endswith(f"/games/{game.pk}/analysis/")) as posted:
        with page.expect_response(lambda r: r.url == replay + "#analysis" or r.url == replay) as returned:
            button.click()
    assert posted.value.status == 302  # the request only queued the analysis and sent the page back
    # The page it came back to was drawn with nothing judged yet: a progress bar at 0, no chart. (Before,
    # the request judged the whole game first and the page came back with the chart, a minute later.)
    html = returned.value.text()
    assert 'value="0" data-analysis-progress' in html and "<svg" not in html.split('id="analysis"')[1]
    assert "The bot is about to analyse the game…" in html
    assert Analysis.objects.get(game=game).total == game.seq

    # The polls compute it: the bar moves between 0 and 100, then the page reloads with the chart.
    page.wait_for_function(
        f"() => {{ const b = document.querySelector('{PROGRESS}'); return b && b.value > 0 && b.value < 100; }}",
        timeout=30_000,
    )
    page.wait_for_selector("#analysis svg", timeout=120_000)
    assert page.locator(PROGRESS).count() == 0
    assert Analysis.objects.get(game=game).status == Analysis.Status.DONE
    assert "Step 3," in page.inner_text("#analysis") and page.url.startswith(replay)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    page.screenshot(path=str(artifacts / f"analysis-done-{width}.png"), full_page=True)


def test_the_panel_while_it_runs_and_once_done_is_axe_clean_in_both_themes(
    live_server, logged_in_page, make_user, small_budget
):
    game, (ann, _ben) = finished(make_user)
    analysis = Analysis.objects.create(game=game, rules_version=game.engine_version, total=game.seq,
                                       status=Analysis.Status.QUEUED, playouts=12, cpu_seconds=0.05)
    for scheme in ("light", "dark"):
        page = logged_in_page(ann, width=375)
        page.emulate_media(color_scheme=scheme)
        page.goto(f"{live_server.url}/games/{game.pk}/replay/?step=2")
        if Analysis.objects.get(pk=analysis.pk).status != Analysis.Status.DONE:
            page.wait_for_selector(PROGRESS)
            assert axe_violations(page) == [], scheme
        page.wait_for_selector("#analysis svg", timeout=120_000)
        assert axe_violations(page) == [], scheme
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 375
