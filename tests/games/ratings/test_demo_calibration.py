"""demo_setup (what make run serves) makes its game against a bot rated when the site has a calibration
rating for that bot, and says which bots' games are rated."""

import pytest
from django.core.management import call_command

from games.models import Game

pytestmark = pytest.mark.django_db


def test_with_a_calibration_the_demo_game_against_the_bot_is_rated(settings, capsys):
    settings.RATINGS_BOT_CALIBRATION = {"greedy": (20.0, 2.0), "strong": (33.0, 3.0)}
    call_command("demo_setup")
    out = capsys.readouterr().out
    demo = Game.objects.get(status=Game.Status.ACTIVE, game="guildhall")
    assert demo.rated and demo.seats.get(kind="bot").bot_kind == "greedy"
    assert Game.objects.get(status=Game.Status.OPEN).rated
    assert "Games against these bots are rated (calibration rating μ:σ): greedy 20:2, strong 33:3." in out
    assert "Games with the random bot are unrated" in out


def test_without_one_it_is_unrated_and_the_summary_says_how_to_get_one(settings, capsys):
    settings.RATINGS_BOT_CALIBRATION = {}
    call_command("demo_setup")
    out = capsys.readouterr().out
    assert not Game.objects.get(status=Game.Status.ACTIVE, game="guildhall").rated
    assert "Games with bots are unrated: RATINGS_BOT_CALIBRATION is not set" in out
