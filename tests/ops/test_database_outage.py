"""The database goes away under a running site (a restart, a dropped network): every answer still carries
its request id, so that a player's report leads to the log lines; and a task that fails on it is tried
again by itself, with a growing delay, instead of waiting for a beat's sweep.

The database is reached through a TCP proxy the test cuts (tests.ops.servers.Cuttable): daphne started as
the shipped unit starts it, and a real Celery worker, each with DATABASE_URL naming the proxy."""

import json
import os
import re
import secrets
import subprocess
import sys

import pytest
from django.conf import global_settings
from django.db import connection

from games.models import Game
from guildhall_site.celery import app
from ops import health
from tests.ops.servers import (
    ROOT,
    Browser,
    Cuttable,
    Server,
    clean_environment,
    daphne_as_the_unit_starts_it,
    free_port,
    wait_until,
)

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

HOST = "guildhall.example"
ID = re.compile(r"^[0-9a-f]{32}$")


@pytest.fixture
def database_proxy():
    db = connection.settings_dict
    proxy = Cuttable(db["HOST"] or "127.0.0.1", int(db["PORT"] or 5432))
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    proxy.url = f"postgres://{db['USER']}{password}@127.0.0.1:{proxy.port}/{db['NAME']}"
    yield proxy
    proxy.close()


def test_every_answer_carries_its_request_id_while_the_database_drops_connections(database_proxy, tmp_path,
                                                                                  make_user, settings):
    port = free_port()
    env = clean_environment(
        DJANGO_SETTINGS_MODULE="guildhall_site.settings.production", DATABASE_URL=database_proxy.url,
        SECRET_KEY=secrets.token_urlsafe(50), ALLOWED_HOSTS=HOST, SITE_URL=f"https://{HOST}",
        EMAIL_URL="smtp://127.0.0.1:9",
    )
    settings.PASSWORD_HASHERS = global_settings.PASSWORD_HASHERS  # the server's own hasher, not the tests' fast one
    player = make_user()
    with Server(daphne_as_the_unit_starts_it(port), env, ROOT, port, tmp_path) as server:
        web = Browser(server.base, host=HOST)
        web.sign_in(player.username, player.raw_password)
        api = Browser(server.base, host=HOST)
        issued = api.post("/api/v1/auth/token/", json={"username": player.username, "password": player.raw_password})
        assert issued.status_code == 200, issued.text
        api.headers["Authorization"] = f"Token {issued.json()['token']}"
        created = api.post("/api/v1/games/", json={"seats": 2, "bots": 1})
        assert created.status_code == 201
        game_id = created.json()["id"]

        database_proxy.cut()
        answers = []
        for _round in range(3):
            for path in ("/", "/games/", f"/games/{game_id}/", "/settings/", "/games/history/", "/leaderboards/"):
                answers.append(web.get(path))
            for path in ("/api/v1/games/", f"/api/v1/games/{game_id}/", "/api/v1/messages/"):
                answers.append(api.get(path))
            answers.append(api.post("/api/v1/games/", json={"seats": 2, "bots": 1}))
            answers.append(web.post("/accounts/logout/", data={}))
            answers.append(Browser(server.base, host=HOST).get("/accounts/login/"))
        problems = []
        for answer in answers:
            request = answer.request
            request_id = answer.headers.get("X-Request-ID", "")
            if not ID.match(request_id):
                problems.append(f"{request.method} {request.path_url}: {answer.status_code} without a request id")
            elif answer.headers.get("Content-Type", "").startswith("application/json") and answer.status_code >= 400:
                if answer.json().get("request_id") != request_id:
                    problems.append(f"{request.method} {request.path_url}: the body's id is not the header's")
        assert problems == [], "\n".join(problems)
        assert any(answer.status_code >= 500 for answer in answers)  # the outage was felt

        database_proxy.restore()
        assert wait_until(lambda: api.get(f"/api/v1/games/{game_id}/").status_code == 200, 30, "the site again")

    for line in (line for _stream, line in server.lines()):
        entry = json.loads(line)
        assert entry.get("request_id"), line  # the failures' log lines lead to the answers too


def test_a_task_that_fails_on_a_dropped_database_is_tried_again_by_itself(database_proxy, tmp_path, settings,
                                                                         make_user, api_client_for):
    """The bot's task: the worker cannot reach the database when the person's decision hands the turn to the
    bot; it retries (a line says so) and the bot moves once the database is back, with no beat running."""
    log_path = tmp_path / "worker.log"
    env = {
        **{key: value for key, value in os.environ.items() if key not in ("DJANGO_SETTINGS_MODULE",)},
        "DATABASE_URL": database_proxy.url, "REDIS_URL": settings.REDIS_URL, "CELERY_TASK_ALWAYS_EAGER": "0",
        "LOG_FORMAT": "json", "LOG_LEVEL": "WARNING",
    }
    settings.CELERY_TASK_ALWAYS_EAGER = False
    eager, app.conf.task_always_eager = app.conf.task_always_eager, False
    from django.core.cache import cache

    cache.delete(health.WORKER_KEY)
    celery = os.path.join(os.path.dirname(sys.executable), "celery")
    with open(log_path, "wb") as log:
        worker = subprocess.Popen([celery, "-A", "guildhall_site", "worker", "--pool", "solo", "-n",
                                   f"retry-{os.getpid()}@%h", "--without-mingle", "--without-gossip"],
                                  env=env, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
        try:
            wait_until(lambda: cache.get(health.WORKER_KEY), 60, "the worker to consume")
            database_proxy.cut()
            alice = make_user()
            api = api_client_for(alice)
            created = api.post("/api/v1/games/", {"seats": 2, "bots": 1}, format="json")
            assert created.status_code == 201, created.content
            game = Game.objects.get(pk=created.json()["id"])
            while game.to_move_user_id == alice.pk:  # alice decides until the bot is to move
                detail = api.get(f"/api/v1/games/{game.pk}/").json()
                answer = api.post(f"/api/v1/games/{game.pk}/decisions/",
                                  {"expected_seq": detail["seq"], "decision": detail["legal"][0]}, format="json")
                assert answer.status_code == 201, answer.content
                game.refresh_from_db()
            bot_turn_at = game.seq

            def retried():
                lines = [json.loads(line) for line in log_path.read_text().splitlines() if line.startswith("{")]
                return [line for line in lines if line.get("task") == "games.tasks.play_bots"
                        and line.get("outcome") == "retry"]

            wait_until(retried, 30, "the bot's task to fail on the database and retry")
            database_proxy.restore()

            def bot_moved():
                game.refresh_from_db()
                return game.seq > bot_turn_at

            wait_until(bot_moved, 60, "the bot to move once the database is back")
        finally:
            app.conf.task_always_eager = eager
            worker.terminate()
            try:
                worker.wait(20)
            except subprocess.TimeoutExpired:
                worker.kill()
                worker.wait(10)
