"""One step of the replay for its script (the X-Replay-Fragment header): the same controls and parts as the
page at that step for that viewer, nothing the page would not show, a clear 400 for a step that does not
exist; and the analysis panel, on a finished game's replay only, following the step."""

import re

import pytest
from django.test import Client

import engine
from engine.guildhall.views import card_ids_in, hidden_cards
from games import services
from games.analysis import services as analysis_services
from games.analysis import work as analysis_work
from games.models import Game
from tests.games.helpers import started_game
from tests.games.history.helpers import card_ids, finished_game, hands_shown, play_through, stored_log

GUILDHALL = engine.get("guildhall")

pytestmark = pytest.mark.django_db
FRAGMENT = {"HTTP_X_REPLAY_FRAGMENT": "step"}
PARTS = '<div class="replay-part" data-replay-part="table">'
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')


def _client(user=None):
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _fragment(client, game, step):
    response = client.get(f"/games/{game.pk}/replay/?step={step}", **FRAGMENT)
    assert response.status_code == 200, response.content[:300]
    assert "X-Replay-Fragment" in response["Vary"]
    return response.content.decode()


def _same_as_page(client, game, step):
    """The fragment's controls and parts, each found as it is in the page at that step (a CSRF token is
    masked afresh on every rendering: its value is left out)."""
    page = CSRF.sub("csrf", client.get(f"/games/{game.pk}/replay/?step={step}").content.decode())
    fragment = CSRF.sub("csrf", _fragment(client, game, step))
    assert "<html" not in fragment and "replay-log" not in fragment  # the parts only, not the page or its log
    inner = fragment[fragment.index(">", fragment.index('id="replay-fragment"')) + 1: fragment.rindex("</div>")]
    controls, parts = inner.split(PARTS)
    assert controls.strip() in page, f"step {step}: the controls differ from the page's"
    assert (PARTS + parts).strip() in page, f"step {step}: the parts differ from the page's"
    return fragment


def test_a_finished_games_step_is_the_pages_parts_for_everyone(make_user):
    users = [make_user("fran"), make_user("gil")]
    game = finished_game(users, kind="greedy", seed=5)
    for user in (None, users[0], make_user("onlooker")):
        client = _client(user)
        for step in (0, 1, game.seq // 2, game.seq):
            fragment = _same_as_page(client, game, step)
            assert f'data-step="{step}"' in fragment and f'data-steps="{game.seq}"' in fragment
            # Everything is shown once the game is over, at every step: all 120 cards.
            assert card_ids(fragment) == set(range(120))
            # The analysis panel is part of the step (its request form returns to this step).
            assert 'id="analysis"' in fragment
            if user is not None:
                assert f'name="step" value="{step}"' in fragment


@pytest.mark.slow
def test_a_game_in_progress_shows_each_viewer_only_their_own_view_at_every_step(make_user):
    users = [make_user("hal"), make_user("ida")]
    game = play_through(started_game(users), moves=30, kind="random", seed=8)
    assert game.status == Game.Status.ACTIVE
    log = stored_log(game)
    seats = {s.user_id: s.position for s in game.seats.all()}
    for user, seat in [(users[0], seats[users[0].pk]), (users[1], seats[users[1].pk]), (make_user("eve"), None),
                       (None, None)]:
        client = _client(user)
        for step in range(len(log) + 1):
            fragment = _fragment(client, game, step)
            state = GUILDHALL.replay(game.num_seats, game.seed, {"mode": game.mode}, log[:step])
            shown = card_ids(fragment)
            assert not shown & hidden_cards(state, seat), f"seat {seat}, step {step}: hidden cards shown"
            assert shown == card_ids_in(GUILDHALL.view(state, seat)), f"seat {seat}, step {step}"
            assert game.seed not in fragment
            for other, hand in hands_shown(fragment).items():
                assert other == seat or hand is None, f"seat {other}'s hand shown to {seat} at step {step}"
            # No analysis while the game is in progress: no panel, no link to one.
            assert 'id="analysis"' not in fragment and "/analysis/" not in fragment
        _same_as_page(client, game, len(log) // 2)
    page = _client(users[0]).get(f"/games/{game.pk}/replay/").content.decode()
    assert 'id="analysis"' not in page and "/analysis/" not in page


def test_a_step_that_does_not_exist_is_refused_and_a_game_not_replayable_is_not_found(make_user):
    users = [make_user("jo"), make_user("kai")]
    game = play_through(started_game(users), moves=6, kind="random", seed=2)
    client = _client(users[0])
    for bad in ("abc", "1.5", "-1", str(game.seq + 1), "99999999999999999999"):
        response = client.get(f"/games/{game.pk}/replay/?step={bad}", **FRAGMENT)
        assert response.status_code == 400, bad
        body = response.content.decode()
        assert 'role="alert"' in body and "<html" not in body and 'id="replay-fragment"' not in body
    # The page itself forgives a malformed step (it shows the last one), as it always did without script.
    assert client.get(f"/games/{game.pk}/replay/?step=abc").status_code == 200
    assert client.get(f"/games/{game.pk + 1000}/replay/?step=0", **FRAGMENT).status_code == 404
    waiting = services.create_game(users[0], seats=2, options={"mode": "printed"})
    assert client.get(f"/games/{waiting.pk}/replay/?step=0", **FRAGMENT).status_code == 404


def test_the_analysis_panel_follows_the_step(make_user, commit, settings):
    settings.ANALYSIS_PLAYOUTS = 12
    settings.ANALYSIS_CPU_SECONDS = 0.05
    settings.ANALYSIS_USER_RATE = ""
    users = [make_user("lou"), make_user("max")]
    with commit():
        game = started_game(users)
    game = play_through(game, moves=12, kind="random", seed=4)
    with commit():
        services.resign(game.pk, game.seats.get(position=game.to_move_position).user)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    with commit():
        analysis, _started = analysis_services.request_analysis(game.pk, users[0])
    analysis_work.run_to_end(analysis.pk)  # what a worker does (tasks run in-process here: the polls would)
    client = _client(users[1])
    judged = [k for k in range(1, game.seq + 1) if "analysis-at-step" in _fragment(client, game, k)]
    assert judged, "no step shows the bot's judgement"
    for step in judged[:3]:
        fragment = _same_as_page(client, game, step)
        assert re.search(rf"Step {step}, (lou|max):", fragment)
        link = f'<a href="?step={step}#analysis">'
        if link in fragment:  # a marked decision: the list of them marks this one as the current step
            assert f'<li class="current" aria-current="step">{link}' in fragment
