"""tournament_sim: whole tournaments of bot-driven players through the services, the hook and the tasks."""

import io
import json

import pytest
from django.core.management import call_command

from games.tournaments.models import Entrant, TableSeat, Tournament

# Transactional (each decision commits, as the command's own do), hence PostgreSQL (see test_services).
pytestmark = [pytest.mark.slow, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _sim(*args):
    out = io.StringIO()
    call_command("tournament_sim", *args, stdout=out)
    return json.loads(out.getvalue().strip().splitlines()[-1])


def test_swiss_with_an_absent_player():
    summary = _sim("--players", "3", "--format", "swiss", "--table-size", "3", "--rounds", "1", "--seed", "2",
                   "--bot", "random", "--absent", "1")
    assert summary == {"format": "swiss", "players": 3, "rounds": 1, "games": 1, "byes": 0, "repeat_pairs": 0,
                       "finished": True, "standings_consistent": True}
    absent = Entrant.objects.get(left_reason="timed_out")
    seat = TableSeat.objects.get(entrant=absent)
    assert seat.timed_out and seat.place == 3 and seat.points == 0.0


def test_knockout():
    summary = _sim("--players", "2", "--format", "knockout", "--table-size", "2", "--seed", "3", "--bot", "random")
    assert summary["finished"] and summary["standings_consistent"] and summary["games"] == 1
    assert Tournament.objects.get().entrants.filter(left_reason="eliminated").count() == 1


def test_round_robin_at_one_table():
    summary = _sim("--players", "3", "--format", "round_robin", "--table-size", "3", "--rounds", "1",
                   "--seed", "4", "--bot", "random")
    assert summary["finished"] and summary["standings_consistent"] and summary["games"] == 1
