"""A read while a decision commits never fails: readers poll the API log, the API game and the htmx table
while a whole game is played, on real PostgreSQL with real threads; every answer describes one seq."""

import random
import threading

import pytest
from django.db import connections
from django.test import Client

import engine
from games import cache as state_cache
from games import services
from games.models import Game

from .helpers import started_game

GUILDHALL = engine.get("guildhall")

pytestmark = [pytest.mark.postgres, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def _play_whole_game(game_id, done):
    """Both seats played by the greedy bot through the service layer, as fast as it goes."""
    rng = random.Random(7)
    try:
        while True:
            game = Game.objects.get(pk=game_id)
            if game.status != Game.Status.ACTIVE:
                return
            seat = game.seats.get(position=game.to_move_position)
            decision = GUILDHALL.bots.choose(state_cache.load_state(game), seat.position, kind="greedy", rng=rng)
            services.submit_decision(game_id, seat.user, game.seq, decision)
    finally:
        done.set()
        connections.close_all()


def _poll(client, urls, done, seen, problems):
    try:
        while not done.is_set():
            for kind, url, headers in urls:
                response = client.get(url, **headers)
                seen.append(response.status_code)
                if response.status_code >= 500:
                    problems.append((kind, response.status_code, response.content[:300]))
                    continue
                if kind == "log":
                    body = response.json()
                    seqs = [e["seq"] for e in body["entries"]]
                    if seqs != list(range(1, body["seq"] + 1)):
                        problems.append((kind, "log does not match its seq", body["seq"], seqs[-3:]))
                elif kind == "game":
                    body = response.json()
                    if body["status"] == "active" and body["view"]["turn"] != body["turn"]:
                        problems.append((kind, "view of another moment", body["turn"], body["view"]["turn"]))
    finally:
        connections.close_all()


def test_reads_during_a_whole_game_never_fail(make_user, api_client_for):
    alice, bob = make_user(), make_user()
    game = started_game([alice, bob])
    done = threading.Event()
    seen, problems = [], []
    api = api_client_for(alice)
    api.raise_request_exception = False  # a 500 is an answer to count, not an exception in the thread
    browser = Client(raise_request_exception=False)
    browser.force_login(bob)
    base = f"/api/v1/games/{game.pk}/"
    readers = [
        threading.Thread(target=_poll, args=(api, [("log", f"{base}log/", {})], done, seen, problems)),
        threading.Thread(target=_poll, args=(api, [("game", base, {})], done, seen, problems)),
        threading.Thread(
            target=_poll,
            args=(browser, [("table", f"/games/{game.pk}/table/", {"HTTP_HX_REQUEST": "true"})], done, seen, problems),
        ),
    ]
    player = threading.Thread(target=_play_whole_game, args=(game.pk, done))
    for t in readers:
        t.start()
    player.start()
    player.join(300)
    for t in readers:
        t.join(60)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.seq > 50
    assert len(seen) > 100, "the readers hardly read"
    assert problems == [], problems[:5]
