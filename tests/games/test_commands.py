"""Management commands: replay_games finds tampering; demo_setup is idempotent."""

import pytest
from django.core.management import CommandError, call_command

import engine
from games.models import DEFAULT_GAME, Game, LogEntry

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
    assert Game.objects.count() == games == len(engine.GAMES) + 1  # a game in progress of each, one open
    assert "alice" in first and "guildhall-demo" in second
    demo_id = Game.objects.get(status=Game.Status.ACTIVE, game=DEFAULT_GAME).pk
    # The summary lists pages to open on the site's address (SITE_URL, which make run sets from HOST
    # and PORT), not API URLs.
    assert f"http://127.0.0.1:8000/games/{demo_id}/" in first and "/how-to-play/" in first
    assert "/api/v1/" not in first
    demo = Game.objects.get(status=Game.Status.ACTIVE, game=DEFAULT_GAME)
    assert demo.seq > 0 and demo.seats.filter(kind="bot").count() == 1
    call_command("replay_games")



@pytest.mark.parametrize("offered", [["guildhall"], [g for g in engine.GAMES if g != DEFAULT_GAME]])
def test_demo_setup_makes_only_games_players_may_create(capsys, settings, offered):
    """Under OFFERED_GAMES (an upgrade's switch-over, docs/releases.md) the demo makes no game of another."""
    if not offered:
        pytest.skip("the engine registers one game only")
    settings.OFFERED_GAMES = dict.fromkeys(offered)
    call_command("demo_setup")
    assert set(Game.objects.values_list("game", flat=True)) == set(offered)
    assert Game.objects.filter(status=Game.Status.ACTIVE).count() == len(offered)
    assert Game.objects.filter(status=Game.Status.OPEN).count() == 1
    call_command("replay_games")

def test_make_run_passes_host_and_port_to_the_links_in_emails_and_the_summary():
    """make run PORT=… sets SITE_URL (read by the email links and demo_setup's summary) unless it is set."""
    import os
    import shutil
    import subprocess
    from pathlib import Path

    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    root = Path(__file__).resolve().parents[2]
    env = {k: v for k, v in os.environ.items() if k not in ("SITE_URL", "ALLOWED_HOSTS")}
    dry = subprocess.run(["make", "-n", "run", "HOST=localhost", "PORT=8123"], cwd=root, env=env,
                         capture_output=True, text=True, timeout=60)
    assert dry.returncode == 0, dry.stderr
    lines = [line for line in dry.stdout.splitlines() if "demo_setup" in line or "runserver" in line]
    assert len(lines) == 2
    for line in lines:
        prefix = line.split(" .venv/bin/python")[0]  # the environment the command runs with
        expanded = subprocess.run(["sh", "-c", f"{prefix} sh -c 'echo $SITE_URL'"], env=env,
                                  capture_output=True, text=True, timeout=10).stdout.strip()
        assert expanded == "http://localhost:8123"
    assert lines[1].endswith("runserver localhost:8123")
    # The demo's games against the calibrated bots are rated (docs/ratings.md).
    assert all("RATINGS_BOT_CALIBRATION=" in line for line in lines)
