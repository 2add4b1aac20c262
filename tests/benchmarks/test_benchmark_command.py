"""The benchmark command still runs end to end (gunicorn, PostgreSQL, Redis). A smoke test of the
command, not a timed test: it asserts the report's shape, never a figure."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

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
         "--long-seq", "30", "--workers", "2"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-4000:]
    out = result.stdout
    for line in ("floor (auth + insert):", "decision POST:", "p50 decision / p50 floor =", "p50 at seq ~"):
        assert line in out, out
    # Where the machine's CPU went, per POST of each phase: the app servers' share is never nothing.
    for phase in ("floor", "decisions"):
        line = next(x for x in out.splitlines() if x.strip().startswith(f"{phase}: machine "))
        assert float(line.split("app servers ")[1].split()[0]) > 0, line
    # The decisions split into steps within a turn and those that passed it on: every one is counted once.
    counts = {
        label: int(next(x for x in out.splitlines() if x.strip().startswith(f"{label}:")).split("(n=")[1].split(",")[0])
        for label in ("decision POST", "- a step", "- turn change")
    }
    assert counts["decision POST"] == counts["- a step"] + counts["- turn change"], out
    assert counts["- a step"] > 0 and counts["- turn change"] > 0, out
