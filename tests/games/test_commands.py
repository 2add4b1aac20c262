"""Management commands: replay_games finds tampering; demo_setup is idempotent."""

import pytest
from django.core.management import CommandError, call_command

from games.models import Game, LogEntry

from .helpers import play, started_game

pytestmark = pytest.mark.django_db


def test_replay_games_clean_then_reports_mismatch(make_user, capsys):
    game = started_game([make_user(), make_user()])
    play(game, 10)
    other = started_game([make_user(), make_user()])
    play(other, 3)
    call_command("replay_games")
    assert "replayed 2 games" in capsys.readouterr().out
    Game.objects.filter(pk=game.pk).update(scores=[99, 0], turn=77)  # denormalised fields gone wrong
    with pytest.raises(CommandError, match="1 mismatched"):
        call_command("replay_games")
    out = capsys.readouterr().out
    assert f"game {game.pk}:" in out and "scores" in out and "turn" in out
    assert f"game {other.pk}:" not in out


def test_replay_games_reports_an_unreplayable_log(make_user, capsys):
    game = started_game([make_user(), make_user()])
    play(game, 2)
    # An entry the engine refuses (inserted behind the service layer's back).
    LogEntry.objects.create(game=game, seq=3, seat=0, decision={"type": "buy", "card": 7})
    Game.objects.filter(pk=game.pk).update(seq=3)
    with pytest.raises(CommandError):
        call_command("replay_games")
    assert "replay refused entry 3:" in capsys.readouterr().out


def test_demo_setup_twice_is_harmless(capsys):
    call_command("demo_setup")
    first = capsys.readouterr().out
    games = Game.objects.count()
    call_command("demo_setup")
    second = capsys.readouterr().out
    assert Game.objects.count() == games == 2
    assert "alice" in first and "guildhall-demo" in second
    demo = Game.objects.get(status=Game.Status.ACTIVE)
    assert demo.seq > 0 and demo.seats.filter(kind="bot").count() == 1
    call_command("replay_games")
