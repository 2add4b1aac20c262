"""The restore drill (manage.py restore_drill) on the test database: pg_dump, pg_restore into a new
database, the proof of the copy, and the copy dropped. CI also runs the whole drill on a populated scratch
database (make restore-drill)."""

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from games.models import Game
from ops import drill
from social.chat import services as chat
from tests.games.helpers import started_game
from tests.games.history.helpers import finished_game, play_through

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _drill():
    out = io.StringIO()
    try:
        call_command("restore_drill", "--records", "2", stdout=out)
        failed = None
    except CommandError as exc:
        failed = exc
    return json.loads(out.getvalue().strip().splitlines()[-1]), failed


@pytest.fixture
def games(make_user):
    alice, bob = make_user(), make_user()
    done = finished_game([alice, bob])
    running = play_through(started_game([bob, alice]), moves=5)
    chat.post_message(running.pk, bob, "Hello from before the backup")
    return done, running


def test_the_copy_has_every_row_replays_and_serves_the_finished_game(games):
    done, running = games
    report, failed = _drill()
    assert failed is None, report["failures"]
    assert report["ok"] is True
    assert report["counts"]["games_game"] == 2
    assert report["counts"]["chat_message"] == 1
    assert report["counts"]["games_logentry"] == done.seq + running.seq
    assert report["count_differences"] == {} and report["sequence_differences"] == {}
    assert report["replay_games"].startswith("replayed 2 games")
    assert report["replay_pages"] == [{"game": done.pk, "status": 200, "shows_seed": True}]
    assert report["records_verified"] == 1
    assert not drill.Server().exists(report["copy"])


def test_a_game_that_no_longer_replays_fails_the_drill(games):
    done, _running = games
    Game.objects.filter(pk=done.pk).update(scores=[s + 1 for s in done.scores])
    report, failed = _drill()
    assert failed is not None and failed.returncode == 1
    assert report["ok"] is False
    [failure] = report["failures"]
    assert failure.startswith("replay_games: replayed 2 games with engine") and failure.endswith(": 1 mismatched")
    assert report["count_differences"] == {}  # the copy is faithful: the game was wrong before the backup
    assert not drill.Server().exists(report["copy"])
