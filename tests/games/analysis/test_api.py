"""The analysis API: 409 while the game is in progress, one analysis per game, computed by the polls without
a worker (tasks in-process, as here and under ``make run``) or by the Celery task with one, stored once and
served from storage, the answer's shape, the per-user limits."""

import pytest
from django.template.loader import render_to_string

import engine
from engine.guildhall.views import hidden_cards
from games import cache as state_cache
from games.analysis import selectors, work
from games.analysis.models import Analysis
from games.models import LogEntry

from ..helpers import play, started_game

GUILDHALL = engine.get("guildhall")

pytestmark = pytest.mark.django_db

DECISION_KEYS = {
    "seq", "seat", "player", "turn", "by", "kind", "decision", "played_text", "options", "before", "after",
    "loss", "mark", "best", "best_text", "taken_back", "playouts",
}


def url(game):
    return f"/api/v1/games/{game.pk}/analysis/"


def test_a_game_in_progress_has_no_analysis(make_user, api_client_for, commit):
    users = [make_user(), make_user()]
    game = started_game(users)
    play(game, 6)
    for user in (users[0], make_user()):  # a player and anyone else
        client = api_client_for(user)
        for response in (client.get(url(game)), client.post(url(game))):
            assert response.status_code == 409
            assert response.json()["error"] == "not_finished"
    assert not Analysis.objects.exists()
    # The replay's panel shows nothing while the game is in progress: no button, no link.
    panel = selectors.replay_panel(game, 3, users[0])
    assert panel["finished"] is False
    assert render_to_string("analysis/replay_panel.html", {"panel": panel}).strip() == ""
    # Nor does the page's no-script request start anything.
    client = api_client_for(users[0])
    client.force_login(users[0])
    response = client.post(f"/games/{game.pk}/analysis/", {"step": "3"})
    assert response.status_code == 302 and not Analysis.objects.exists()


def test_signed_out_and_unknown_games(api_client_for, short_game):
    game, _users = short_game()
    assert api_client_for(None).get(url(game)).status_code == 401
    assert api_client_for(None).post(url(game)).status_code == 401
    someone = api_client_for(game.seats.first().user)
    assert someone.get("/api/v1/games/999999/analysis/").status_code == 404
    assert someone.post("/api/v1/games/999999/analysis/").json()["error"] == "not_found"
    huge = "9" * 30  # beyond the database's range: still a 404, in JSON under /api/
    assert someone.get(f"/api/v1/games/{huge}/analysis/").json()["error"] == "not_found"
    someone.force_login(game.seats.first().user)
    assert someone.post(f"/games/{huge}/analysis/", {"step": huge}).status_code == 404
    assert someone.get(f"/games/{game.pk}/analysis/").status_code == 405  # the page's request is a POST
    response = someone.post(f"/games/{game.pk}/analysis/", {"step": "x" * 50})
    assert response.status_code == 302 and response["Location"].endswith("/replay/#analysis")


def test_without_a_worker_the_request_answers_at_once_and_the_polls_compute_the_analysis(
    make_user, api_client_for, short_game, commit, settings
):
    """Tasks run in-process here, as under ``make run`` (no broker): the request queues the analysis and
    answers without judging anything; each poll judges the next slice, so the progress grows poll by poll
    up to the stored analysis, which is then served from storage."""
    settings.ANALYSIS_POLL_SECONDS = 0  # one decision per poll: every step of the progress is seen
    game, _users = short_game()
    client = api_client_for(make_user())  # anyone signed in, not only the players
    before = client.get(url(game)).json()
    assert before == {"status": "none", "progress": 0.0, "rules_version": game.engine_version,
                      "total": game.seq, "decisions": []}

    with commit() as callbacks:
        started = client.post(url(game))
    assert callbacks == []  # nothing enqueued: no task would run anywhere but in this request
    assert started.status_code == 202
    assert (started.json()["status"], started.json()["progress"], started.json()["decisions"]) == ("queued", 0.0, [])
    analysis = Analysis.objects.get()
    assert (analysis.status, analysis.done) == (Analysis.Status.QUEUED, 0)
    assert (analysis.playouts, analysis.cpu_seconds, analysis.rollout_turns) == (12, 0.05, 0)  # the settings'

    seen = []
    for _poll in range(game.seq + 5):
        body = client.get(url(game)).json()
        seen.append((body["status"], body["progress"], len(body["decisions"])))
        if body["status"] == "done":
            break
    assert seen[-1] == ("done", 1.0, game.seq), seen[-1]
    assert [p for _s, p, _n in seen] == sorted(p for _s, p, _n in seen)  # it only grows
    assert [n for _s, _p, n in seen[:3]] == [1, 2, 3]  # a slice per poll
    assert any(status == "running" and 0 < p < 1 for status, p, _n in seen)
    analysis.refresh_from_db()
    assert analysis.status == Analysis.Status.DONE
    assert analysis.done == analysis.total == game.seq == len(analysis.decisions)
    stored = list(analysis.decisions)

    assert [d["seq"] for d in body["decisions"]] == list(range(1, game.seq + 1))
    for item in body["decisions"]:
        assert set(item) == DECISION_KEYS
        assert item["kind"] in ("evaluated", "forced", "unknown", "undo", "outcome")
        if item["kind"] == "evaluated":
            assert 0.0 <= item["after"] <= item["before"] + 1e-9 <= 1.0 + 1e-9
            assert item["loss"] == pytest.approx(item["before"] - item["after"], abs=2e-4)
            assert item["mark"] in ("good", "inaccuracy", "mistake", "blunder")
            assert (item["best"] is None) == (item["best_text"] is None)
        else:
            assert item["mark"] is None and item["best"] is None
    assert body["decisions"][-1]["kind"] == "outcome"  # the resignation
    assert body["decisions"][-1]["decision"] == {"type": "resign"}
    assert any(item["kind"] == "evaluated" for item in body["decisions"])

    # Asked again (by someone else, too): nothing is computed again, the stored analysis is served.
    for user in (make_user(), game.seats.first().user):
        with commit() as callbacks:
            again = api_client_for(user).post(url(game))
        assert again.status_code == 200 and callbacks == []
        assert again.json() == body
    assert client.get(url(game)).json() == body
    assert Analysis.objects.count() == 1
    assert Analysis.objects.get().decisions == stored


def test_with_a_worker_the_request_enqueues_the_task_and_a_poll_only_reads(
    make_user, api_client_for, short_game, django_capture_on_commit_callbacks
):
    from guildhall_site.celery import app

    game, _users = short_game()
    client = api_client_for(make_user())
    app.conf.task_always_eager = False  # a broker and a worker, as in production (the fixture restores it)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        assert client.post(url(game)).status_code == 202
    assert len(callbacks) == 1  # the task, enqueued after the commit (not run here: no worker in this test)
    for _poll in range(3):
        body = client.get(url(game)).json()
        assert (body["status"], body["progress"], body["decisions"]) == ("queued", 0.0, [])
    app.conf.task_always_eager = True
    callbacks[0]()  # the worker's turn: the task runs slice after slice (its re-enqueues run in-process now)
    assert client.get(url(game)).json()["status"] == "done"


def test_the_analysis_names_only_cards_the_deciding_seat_could_see(make_user, api_client_for, short_game, commit):
    game, _users = short_game(moves=20)
    client = api_client_for(make_user())
    with commit():
        client.post(url(game))
    work.run_to_end(Analysis.objects.get().pk)
    body = client.get(url(game)).json()
    log = LogEntry.objects.for_engine(game.pk)
    state = GUILDHALL.new_game(game.num_seats, game.seed, {'mode': game.mode}, version=game.engine_version)
    named = 0
    for item, (seat, decision, by) in zip(body["decisions"], log, strict=True):
        assert item["seat"] == seat and item["decision"] == decision
        hidden = hidden_cards(state, seat)  # before the decision: what that seat could not see
        for key in ("decision", "best"):
            cards = _card_ids(item[key])
            named += len(cards)
            assert not cards & hidden, f"step {item['seq']}: {key} names cards hidden from seat {seat}"
        GUILDHALL.apply(state, seat, decision, by=by)
    assert named  # the check looked at something
    assert state_cache.replay(game).finished


def _card_ids(decision):
    if not decision:
        return set()
    cards = {decision["card"]} if isinstance(decision.get("card"), int) else set()
    cards.update(decision.get("order") or [])
    return {c for c in cards if c < 120}  # profession cards (VP cards are public in the row)


def test_per_user_limits(settings, make_user, api_client_for, short_game):
    settings.ANALYSIS_USER_RUNNING = 1
    first, _ = short_game(seed=4)
    second, _ = short_game(seed=5)
    client = api_client_for(make_user())
    assert client.post(url(first)).status_code == 202  # queued: its task waits for the commit
    refused = client.post(url(second))
    assert refused.status_code == 429 and refused.json()["error"] == "throttled"
    assert refused["Retry-After"]
    assert client.post(url(first)).status_code == 202  # the same analysis again: not a new one
    assert Analysis.objects.count() == 1

    settings.ANALYSIS_USER_RUNNING = 5
    settings.ANALYSIS_USER_RATE = "1/hour"
    other = api_client_for(make_user())
    assert other.post(url(second)).status_code == 202
    third, _ = short_game(seed=6)
    assert other.post(url(third)).status_code == 429
    assert Analysis.objects.count() == 2


def test_the_schema_documents_the_endpoint(api_client_for, make_user):
    schema = api_client_for(make_user()).get("/api/schema/", HTTP_ACCEPT="application/json")
    text = schema.content.decode()
    assert "/api/v1/games/{id}/analysis/" in text
    assert "AnalysedDecision" in text
