"""A real worker and a real beat (processes of their own, JSON logs): /readyz sees their heartbeats, and
the id of a request travels into the task it enqueues."""

import json
import os
import random
import subprocess
import sys
import time

import pytest
from django.conf import settings
from django.db import connection

from games import cache as state_cache
from games.models import Game
from games.rules import rules_of
from guildhall_site.celery import app

pytestmark = [pytest.mark.redis, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _start(args, env, log_path):
    log = open(log_path, "wb")  # noqa: SIM115  (closed with the process)
    celery = os.path.join(os.path.dirname(sys.executable), "celery")
    process = subprocess.Popen([celery, "-A", "guildhall_site", *args], env=env, cwd=settings.BASE_DIR,
                               stdout=log, stderr=subprocess.STDOUT)
    return process, log


def _wait(check, seconds, what, last=None):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        result = check()
        if result:
            return result
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}" + (f": {last()}" if last else ""))


def test_readiness_sees_worker_and_beat_and_the_request_id_reaches_the_task(
    client, make_user, api_client_for, tmp_path, settings
):
    db = connection.settings_dict
    env = {
        **os.environ,
        "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}",
        "REDIS_URL": settings.REDIS_URL,
        "CELERY_TASK_ALWAYS_EAGER": "0",
        "LOG_FORMAT": "json",
        "LOG_LEVEL": "WARNING",
    }
    settings.CELERY_TASK_ALWAYS_EAGER = False
    app.conf.task_always_eager = False
    worker_log, beat_log = tmp_path / "worker.log", tmp_path / "beat.log"
    parts = [
        _start(["worker", "--pool", "solo", "-n", f"ops-{os.getpid()}@%h", "--without-mingle", "--without-gossip"],
               env, worker_log),
        _start(["beat", "-s", str(tmp_path / "beat-schedule")], env, beat_log),
    ]
    try:
        def ready():
            response = client.get("/readyz")
            return response.status_code == 200 and response.json()

        report = _wait(ready, 90, "/readyz to see the worker and the beat", lambda: client.get("/readyz").content)
        assert report["checks"]["worker"]["ok"] and report["checks"]["beat"]["ok"]

        alice = make_user()
        api = api_client_for(alice)
        sent_ids = ["create-req-000001"]
        created = api.post("/api/v1/games/", {"seats": 2, "bots": 1}, format="json", HTTP_X_REQUEST_ID=sent_ids[0])
        assert created.status_code == 201, created.content
        game = Game.objects.get(pk=created.json()["id"])
        rng = random.Random(3)
        while True:  # alice decides until the bot is to move: that decision's request enqueues the bot
            game.refresh_from_db()
            if game.to_move_user_id != alice.pk:
                break
            seat = game.seats.get(user=alice)
            decision = rules_of(game).bots.choose(state_cache.load_state(game), seat.position, kind="random", rng=rng)
            sent_ids.append(f"decide-req-{len(sent_ids):06d}")
            answer = api.post(f"/api/v1/games/{game.pk}/decisions/", {"expected_seq": game.seq, "decision": decision},
                              format="json", HTTP_X_REQUEST_ID=sent_ids[-1])
            assert answer.status_code == 201, answer.content

        def task_lines():
            lines = [json.loads(line) for line in worker_log.read_text().splitlines() if line.startswith("{")]
            return [line for line in lines if line.get("task") == "games.tasks.play_bots"]

        lines = _wait(task_lines, 60, "the worker's line for the bot's task")
        assert lines[0]["request_id"] == sent_ids[-1]
        assert lines[0]["outcome"] == "success" and lines[0]["level"] == "INFO"
    finally:
        for process, log in parts:
            process.terminate()
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(10)
            log.close()
