"""Bots move through a real Celery worker over Redis, on PostgreSQL (CI's second run)."""

import random
import time

import pytest

import engine
from games import cache as state_cache
from games import services
from games.models import Game, LogEntry

GUILDHALL = engine.get("guildhall")

pytestmark = [pytest.mark.redis, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _wait_for(game, user, seconds=60):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        game.refresh_from_db()
        if game.to_move_user_id == user.pk or game.status != Game.Status.ACTIVE:
            return
        time.sleep(0.05)
    raise AssertionError("the bots did not reach the human's decision in time")


def test_bots_move_through_a_real_worker(make_user):
    from celery.contrib.testing.worker import start_worker

    from guildhall_site.celery import app

    app.conf.task_always_eager = False
    alice = make_user()
    rng = random.Random(5)
    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
        game = services.create_game(alice, seats=3, bots=2)  # full: starts; the hook enqueues the bots
        alice_seat = game.seats.get(user=alice).position
        for _ in range(200):  # alice plays whenever it is her turn, until the bots have moved
            _wait_for(game, alice)
            if LogEntry.objects.filter(game=game).exclude(seat=alice_seat).count() >= 3:
                break
            decision = GUILDHALL.bots.choose(state_cache.load_state(game), alice_seat, kind="random", rng=rng)
            services.submit_decision(game.pk, alice, game.seq, decision)
    bot_entries = LogEntry.objects.filter(game=game).exclude(seat=alice_seat)
    assert bot_entries.count() >= 3
    game.refresh_from_db()
    assert game.seq == LogEntry.objects.filter(game=game).count()
