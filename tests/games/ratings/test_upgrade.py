"""A database filled before games said which game they are: after the migration, every game is a Guildhall
game with its mode in its options, and replay_games, rebuild_ratings --check and a game's record verify
unchanged. The data is made by real games, then the schema taken back to the previous release's (its
columns as that release wrote them: no game, no options, "vp" for a game ended by the rules) and forward
again, as an upgrade runs it.

PostgreSQL only: migrating inside a test needs the transactional test database and its TRUNCATE reset."""

import io
import json

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.urls import reverse

from games.models import Game
from games.ratings import services as rating_services
from games.ratings.models import PlayerRating

from .helpers import new_game, play_to_the_end, resign

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

BEFORE = [("games", "0008_game_lesson"), ("ratings", "0002_provisional_index"), ("tournaments", "0001_initial")]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)


def test_a_database_from_before_the_move_replays_and_rebuilds_unchanged(make_user, commit, settings, tmp_path):
    settings.RATINGS_BOT_CALIBRATION = {"greedy": (20.0, 2.0)}
    ann, ben, cy = make_user("ann"), make_user("ben"), make_user("cy")
    printed = play_to_the_end(new_game(commit, [ann, ben]), commit)
    yucata = play_to_the_end(new_game(commit, [ben, cy], mode="yucata"), commit)
    with_bot = play_to_the_end(new_game(commit, [ann], bots=1), commit)
    left = resign(new_game(commit, [ann, cy], mode="yucata"), commit, cy)
    running = new_game(commit, [ann, ben])
    assert {g.ended_by for g in (printed, yucata, with_bot)} == {"rules"} and left.ended_by == "resigned"
    stored = rating_services.stored_values()
    assert len(stored["ratings"]) >= 4

    # The previous release's schema, and its data as it wrote it.
    _migrate(BEFORE)
    with connection.cursor() as cursor:
        cursor.execute("UPDATE games_game SET ended_by = 'vp' WHERE ended_by = 'rules'")
    _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())

    rows = {g.pk: (g.game, g.options, g.mode) for g in Game.objects.all()}
    assert rows[printed.pk] == ("guildhall", {"mode": "printed"}, "printed")
    assert rows[yucata.pk] == ("guildhall", {"mode": "yucata"}, "yucata")
    assert rows[running.pk][:2] == ("guildhall", {"mode": "printed"})
    assert Game.objects.get(pk=printed.pk).ending() == "rules"
    assert set(PlayerRating.objects.values_list("game", flat=True)) == {"guildhall"}

    out = io.StringIO()
    call_command("replay_games", stdout=out)
    assert "5 games with engine" in out.getvalue() and ": 0 mismatched" in out.getvalue()
    call_command("rebuild_ratings", "--check", stdout=io.StringIO())
    assert rating_services.stored_values() == stored

    client = Client()
    client.force_login(ann)
    record = client.get(reverse("api-game-record", args=[yucata.pk]))
    assert record.status_code == 200
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record.json()))
    verified = io.StringIO()
    call_command("verify_record", str(path), stdout=verified)
    assert verified.getvalue().startswith("OK: ")
