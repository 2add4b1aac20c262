"""The benchmark command still runs end to end (gunicorn, PostgreSQL, Redis). A smoke test of the
command, not a timed test: it asserts the report's shape, never a figure."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

import engine
from games.models import DEFAULT_GAME

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]


def test_benchmark_command_reports(tmp_path):
    db = settings.DATABASES["default"]
    # The test database (flushed after this test), not the one DATABASE_URL names.
    auth = db["USER"] + (f":{db['PASSWORD']}" if db.get("PASSWORD") else "")
    url = f"postgres://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{connection.settings_dict['NAME']}"
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env.update(DATABASE_URL=url, REDIS_URL=settings.REDIS_URL)
    result = subprocess.run(
        [sys.executable, "manage.py", "benchmark", "--clients", "2", "--duration", "2", "--samples", "3",
         "--long-seq", "30", "--workers", "2", "--selfplay-games", "1"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-4000:]
    out = result.stdout
    # Every game by default, the site's first game first: each its own report, then the others against it.
    games = [g for g in engine.GAMES if g != DEFAULT_GAME]
    assert games, "the engine plays more than one game"
    sections = out.split("== ")
    assert [x.split(" ==")[0] for x in sections[1 : 2 + len(games)]] == [DEFAULT_GAME, *games], out
    for section in sections[1 : 2 + len(games)]:
        for line in ("floor (auth + insert):", "decision POST:", "p50 decision / p50 floor ="):
            assert line in section, section
        # Where the machine's CPU went, per POST of each phase: the app servers' share is never nothing.
        for phase in ("floor", "decisions"):
            line = next(x for x in section.splitlines() if x.strip().startswith(f"{phase}: machine "))
            assert float(line.split("app servers ")[1].split()[0]) > 0, line
        # The decisions split into steps within a turn and those that passed it on: each counted once.
        counts = {label: _count(section, label) for label in ("decision POST", "- a step", "- turn change")}
        assert counts["decision POST"] == counts["- a step"] + counts["- turn change"], section
        assert counts["decision POST"] > 0, section
    for game in games:
        assert f"== {game} / {DEFAULT_GAME} (same run) ==" in out, out
        assert f"one client: p50 decision (seq ~10) {game} / {DEFAULT_GAME} =" in out, out
    assert "decisions/s = " in out and "decision p50 = " in out, out
    for game in (DEFAULT_GAME, *games):
        assert f"{game}: p50 at seq ~" in out and f"{game}, one client: p50 decision" in out, out
        # The engine's own figures, in process.
        line = next(x for x in out.splitlines() if x.strip().startswith(f"{game}: self-play "))
        assert float(line.split("self-play")[1].split()[0]) > 0 and "replay" in line, line


def _count(section, label):
    """The n= of the report's line that starts with ``label``."""
    line = next(x for x in section.splitlines() if x.strip().startswith(f"{label}:"))
    return int(line.split("(n=")[1].split(",")[0])
