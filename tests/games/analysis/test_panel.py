"""The replay page's part: the panel's context and template (the chart, the marks, the bot's choice in
words), the no-script request, the progress bar's script (a static file: the CSP allows no inline script)."""

import re
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.template.loader import render_to_string
from django.test import RequestFactory

import engine
from engine.search import canonical_key as decision_key
from games.analysis import selectors, work
from games.analysis.models import Analysis

GUILDHALL = engine.get("guildhall")

pytestmark = pytest.mark.django_db


def _render(panel, user):
    request = RequestFactory().get("/")
    request.user = user
    return render_to_string("analysis/replay_panel.html", {"panel": panel}, request=request)


def test_before_the_analysis_a_signed_in_reader_gets_the_button(short_game, make_user, client, commit):
    game, users = short_game()
    reader = make_user()
    html = _render(selectors.replay_panel(game, 2, reader), reader)
    assert f'action="/games/{game.pk}/analysis/"' in html and 'name="step" value="2"' in html
    assert "<script" not in html  # nothing to poll yet
    from django.contrib.auth.models import AnonymousUser

    anonymous = _render(selectors.replay_panel(game, 2, AnonymousUser()), AnonymousUser())
    assert "<form" not in anonymous and "Sign in" in anonymous

    client.force_login(reader)
    with commit():
        response = client.post(f"/games/{game.pk}/analysis/", {"step": "2"})
    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.pk}/replay/?step=2#analysis"
    # Tasks run in-process here (no worker, as under `make run`): the request only queued it, and the page
    # it returns to shows the progress bar, whose polls compute the analysis one short slice at a time.
    analysis = Analysis.objects.get()
    assert (analysis.status, analysis.done) == (Analysis.Status.QUEUED, 0)
    html = _render(selectors.replay_panel(game, 2, reader), reader)
    assert re.search(r'<progress max="100" value="0" data-analysis-progress data-url="[^"]+" data-delay="200"', html)
    assert "The bot is about to analyse the game…" in html and "Waiting for a worker" not in html


def test_while_it_runs_the_panel_polls_through_a_static_script(short_game, make_user):
    game, users = short_game()
    Analysis.objects.create(game=game, rules_version=game.engine_version, total=game.seq, done=game.seq // 2,
                            status=Analysis.Status.RUNNING, playouts=1)
    html = _render(selectors.replay_panel(game, 0, users[0]), users[0])
    api = f"/api/v1/games/{game.pk}/analysis/"
    assert re.search(r'<progress max="100" value="\d+" data-analysis-progress data-url="' + re.escape(api) + '"', html)
    from guildhall_site.celery import app

    app.conf.task_always_eager = False  # with a worker, a poll only reads: the script waits longer between them
    worker = _render(selectors.replay_panel(game, 0, users[0]), users[0])
    assert 'data-delay="1500"' in worker and 'data-delay="200"' in html
    assert re.search(r'<script src="[^"]*analysis/analysis\.js" defer></script>', html)
    assert not re.search(r"<script(?![^>]*\bsrc=)", html)  # no inline script anywhere
    assert "<form" not in html  # no second request while it runs
    from django.contrib.auth.models import AnonymousUser

    # The API answers signed-in users only: a signed-out reader is told to reload instead of polling.
    anonymous = _render(selectors.replay_panel(game, 0, AnonymousUser()), AnonymousUser())
    assert "<progress" in anonymous and "<script" not in anonymous and "Reload the page" in anonymous
    script = Path(django_settings.BASE_DIR, "games/analysis/static/analysis/analysis.js").read_text()
    assert "eval(" not in script and "data-analysis-progress" in script


def test_the_finished_analysis_on_the_replay(short_game, make_user, api_client_for, commit):
    game, users = short_game(moves=24)
    with commit():
        api_client_for(users[0]).post(f"/api/v1/games/{game.pk}/analysis/")
    work.run_to_end(Analysis.objects.get().pk)
    analysis = Analysis.objects.get()
    # A decision the bot would have taken otherwise, shown on its step (made so if the run had none).
    records = analysis.decisions
    judged = next(r for r in records if r["kind"] == "evaluated" and r["options"] > 1)
    if "best" not in judged:
        judged.update(best=_another(game, judged), before=0.8, after=0.5, loss=0.3, mark="blunder")
        analysis.decisions = records
        analysis.save()
    html = _render(selectors.replay_panel(game, judged["seq"], users[1]), users[1])
    assert "<svg" in html and 'class="current-step"' in html
    assert "The bot would have played:" in html
    assert html.count("<polyline") == game.num_seats
    panel = selectors.replay_panel(game, judged["seq"], users[1])
    assert panel["at_step"]["seq"] == judged["seq"] and panel["at_step"]["best_text"]
    assert {row["name"] for row in panel["summary"]} == {s.display_name for s in game.seats.all()}
    marked = [r for r in analysis.decisions if r.get("mark") not in (None, "good")]
    assert len(panel["marked"]) == len(marked)
    for r in marked:
        assert f'href="?step={r["seq"]}#analysis"' in html


def _another(game, record):
    from games.models import LogEntry

    log = LogEntry.objects.for_engine(game.pk, record["seq"] - 1)
    state = GUILDHALL.replay(game.num_seats, game.seed, {"mode": game.mode}, log, version=game.engine_version)
    played = decision_key(record["decision"])
    return next(o for o in GUILDHALL.legal_decisions(state, record["seat"])
                if o["type"] != "undo" and decision_key(o) != played)


@pytest.mark.parametrize("steps", [1, 9, 40, 217, 1234])
def test_the_chart_of_games_short_and_long(steps):
    from games.analysis.chart import chart

    records = [
        {"seq": k, "seat": k % 2, "kind": "evaluated", "before": 0.6, "after": 0.6 - 0.25 * (k % 7 == 0),
         "loss": 0.25 * (k % 7 == 0), "mark": "blunder" if k % 7 == 0 else "good"}
        for k in range(1, steps + 1)
    ]
    geometry = chart(records, ["ann", "ben"], steps, current_step=steps // 2)
    ticks = [t["step"] for t in geometry["x_ticks"]]
    assert ticks[0] == 0 and ticks[-1] == steps and ticks == sorted(set(ticks)) and len(ticks) <= 12
    assert geometry["current_x"] is not None
    assert len(geometry["series"]) == 2
    assert sum(str(s["marks"]).count("mark-blunder") for s in geometry["series"]) == steps // 7
