"""The leaderboard benchmark still runs end to end on PostgreSQL. A smoke test of the command, not a timed
test: it asserts the report's shape and the data it made, never a figure."""

import io
import json

import pytest
from django.core.management import call_command

from games.ratings.models import GameResult, PlayerRating

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_bench_leaderboard_reports():
    out = io.StringIO()
    call_command("bench_leaderboard", "--players", "300", "--results", "4", "--repeat", "3", "--force", "--json",
                 stdout=out, stderr=io.StringIO())
    figures = json.loads(out.getvalue())
    assert figures["rated_players"] == 300 and 0 < figures["listed_players"] < 300
    assert figures["game_results"] == GameResult.objects.count() == 300 * 4  # two results per game
    assert PlayerRating.objects.filter(mode="printed").count() == 300
    for label in ("page 1", "page 2", "random pages", "a listed player's profile"):
        assert set(figures["page"][label]) == {"p50_ms", "p95_ms", "n"}
    parts = {"count (uncached)", "one page of rows (random page)", "reliability of a page's players"}
    assert set(figures["query"]) == parts
