"""The verifiable record: GET /api/v1/games/{id}/record/ and manage.py verify_record, round trip and
tampering."""

import copy
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

import engine
from games.history.record import verify
from tests.games.helpers import started_game
from tests.games.history.helpers import finished_game, golden_records, load_golden, stored_log

GUILDHALL = engine.get("guildhall")

pytestmark = [pytest.mark.django_db, pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def finished(make_user):
    users = [make_user("wes"), make_user("xia")]
    return finished_game(users, kind="greedy", seed=9), users


def test_record_of_a_finished_game(finished, api_client_for):
    game, users = finished
    response = api_client_for(users[1]).get(f"/api/v1/games/{game.pk}/record/")
    assert response.status_code == 200
    record = response.json()
    log = stored_log(game)
    final = GUILDHALL.replay(game.num_seats, game.seed, {"mode": game.mode}, log)
    assert record["engine_version"] == GUILDHALL.ENGINE_VERSION
    assert record["mode"] == game.mode
    seats = {s.position: s.user.username for s in game.seats.select_related("user")}
    assert record["players"] == [seats[p] for p in range(game.num_seats)]
    assert record["seed"] == game.seed
    assert record["seed_commitment"] == hashlib.sha256(game.seed.encode()).hexdigest() == game.seed_commitment
    assert [tuple(e) for e in record["decisions"]] == log
    assert record["placings"] == final.placings
    assert record["final_vp"] == [final.vp(s) for s in range(game.num_seats)] == game.scores
    assert verify(record) == []
    # Anyone signed in may audit a finished game, not only its players.
    from django.contrib.auth import get_user_model

    other = get_user_model().objects.create_user("auditor", password="pw-not-secret-123")
    assert api_client_for(other).get(f"/api/v1/games/{game.pk}/record/").json() == record


def test_record_errors_are_json(finished, make_user, api_client_for):
    game, users = finished
    response = api_client_for(None).get(f"/api/v1/games/{game.pk}/record/")
    assert response.status_code in (401, 403)
    assert set(response.json()) >= {"error", "detail"}
    assert game.seed not in response.content.decode()
    response = api_client_for(users[0]).get("/api/v1/games/987654/record/")
    assert response.status_code == 404 and response.json()["error"] == "not_found"
    active = started_game([make_user("yan"), make_user("zoe")])
    response = api_client_for(users[0]).get(f"/api/v1/games/{active.pk}/record/")
    assert response.status_code == 409
    assert response.json()["error"] == "not_finished"
    assert active.seed not in response.content.decode()


def _write(tmp_path, record, name="record.json"):
    path = tmp_path / name
    path.write_text(json.dumps(record), encoding="utf-8")
    return str(path)


def test_verify_record_round_trip_and_tampering(finished, api_client_for, tmp_path, capsys):
    game, users = finished
    record = api_client_for(users[0]).get(f"/api/v1/games/{game.pk}/record/").json()
    call_command("verify_record", _write(tmp_path, record))
    assert "OK" in capsys.readouterr().out

    def fails(tampered, expected):
        with pytest.raises(CommandError) as failure:
            call_command("verify_record", _write(tmp_path, tampered, "tampered.json"))
        assert failure.value.returncode == 1
        err = capsys.readouterr().err
        assert expected in err, err

    swapped = copy.deepcopy(record)
    swapped["placings"] = list(reversed(record["placings"]))
    fails(swapped, "placings")

    richer = copy.deepcopy(record)
    richer["final_vp"][1] += 3
    fails(richer, "final_vp")

    other_seed = copy.deepcopy(record)
    other_seed["seed"] = engine.new_seed()
    fails(other_seed, "seed_commitment")

    other_commitment = copy.deepcopy(record)
    other_commitment["seed_commitment"] = "0" * 64
    fails(other_commitment, "seed_commitment")

    # A decision changed: another legal-looking card; the engine refuses it or the result differs.
    changed = copy.deepcopy(record)
    changed["decisions"][0][1] = {"type": "discard", "card": 119 - changed["decisions"][0][1].get("card", 0)}
    fails(changed, "DIFFERS")

    truncated = copy.deepcopy(record)
    truncated["decisions"] = truncated["decisions"][:-5]
    fails(truncated, "not over")

    wrong_seat = copy.deepcopy(record)
    wrong_seat["decisions"][3][0] = 1 - wrong_seat["decisions"][3][0]
    fails(wrong_seat, "not legal")


@pytest.mark.parametrize("path", golden_records()[:2], ids=[p.stem for p in golden_records()[:2]])
def test_verify_accepts_golden_games_as_records(path):
    golden = load_golden(path)
    record = {
        "engine_version": golden["engine_version"],
        "mode": golden["mode"],
        "players": [f"p{s}" for s in range(golden["players"])],
        "seed": golden["seed"],
        "seed_commitment": engine.seed_commitment(golden["seed"]),
        "decisions": golden["decisions"],
        "placings": golden["expected"]["placings"],
        "final_vp": [p["vp"] for p in golden["expected"]["players"]],
    }
    assert verify(record) == []


def test_verify_record_command_exit_status(finished, api_client_for, tmp_path):
    """The command as an auditor runs it: a separate process, exit status 0 / 1."""
    game, users = finished
    record = api_client_for(users[0]).get(f"/api/v1/games/{game.pk}/record/").json()
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "guildhall_site.settings"}
    ok = subprocess.run(
        [sys.executable, "manage.py", "verify_record", _write(tmp_path, record)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout.startswith("OK")
    record["final_vp"][0] -= 1
    bad = subprocess.run(
        [sys.executable, "manage.py", "verify_record", _write(tmp_path, record, "bad.json")],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )
    assert bad.returncode == 1
    assert "final_vp" in bad.stderr


def test_a_record_is_verified_under_its_own_rules_version():
    """A game of rules version 1 verifies under version 1 (its log keeps its meaning); a record that
    claims a version this engine does not know is a difference, never a guess."""
    golden = load_golden(golden_records()[0])
    assert golden["engine_version"] == "1" != GUILDHALL.ENGINE_VERSION
    record = {
        "engine_version": golden["engine_version"],
        "mode": golden["mode"],
        "players": [f"p{s}" for s in range(golden["players"])],
        "seed": golden["seed"],
        "seed_commitment": engine.seed_commitment(golden["seed"]),
        "decisions": golden["decisions"],
        "placings": golden["expected"]["placings"],
        "final_vp": [p["vp"] for p in golden["expected"]["players"]],
    }
    assert verify(record) == []
    unknown = dict(record, engine_version="0.9")
    problems = verify(unknown)
    assert len(problems) == 1 and "engine_version" in problems[0] and "'0.9'" in problems[0]


def test_a_stored_game_of_version_1_is_shown_under_version_1(make_user):
    """The site builds every state with the game's own engine_version (cache, replay viewer, record)."""
    from games import cache as state_cache
    from games.history import replay as history_replay
    from games.models import Game

    golden = load_golden(golden_records()[0])
    users = [make_user(f"v1p{s}") for s in range(golden["players"])]
    game = started_game(users)
    Game.objects.filter(pk=game.pk).update(engine_version="1")
    game.refresh_from_db()
    assert state_cache.replay(game).version == "1"
    assert history_replay.build(game).final.version == "1"
