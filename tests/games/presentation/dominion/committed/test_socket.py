"""The live socket of a Dominion game tells its players and a spectator only "game N is at seq S" (and the
header's "your games changed"), whatever the move: a buy, an Advisor's pick by the player to the left, a
Doctor's look. No card, no decision, no view travels on it."""

import random

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator

from games import cache as state_cache
from games import services
from games.live.routing import websocket_urlpatterns
from games.models import Game

from .. import scenarios

pytestmark = pytest.mark.django_db(transaction=True)

application = URLRouter(websocket_urlpatterns)
TIMEOUT = 5
ALLOWED = ({"game", "seq", "status"}, {"games_changed"})


async def connect(user, game):
    socket = WebsocketCommunicator(application, "/ws/live/")
    socket.scope["user"] = user
    connected, _code = await socket.connect(timeout=TIMEOUT)
    assert connected
    await socket.send_json_to({"watch": [game.pk]})
    first = await socket.receive_json_from(timeout=TIMEOUT)
    assert first == {"game": game.pk, "seq": game.seq, "status": "active"}
    return socket


def play(game, decisions):
    """``decisions`` moves of whoever is to decide (the eager player of the scenarios), committed."""
    rng = random.Random(game.seq)
    for _i in range(decisions):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        seat = game.seats.get(position=game.to_move_position)
        decision = scenarios.eager(state_cache.load_state(game), seat.position, rng)
        services.submit_decision(game.pk, seat.user, game.seq, decision)
    game.refresh_from_db()
    return game


def test_the_socket_carries_only_the_games_seq_and_status(make_user):
    ann, bob, sam = make_user("ann"), make_user("bob"), make_user("sam")
    seed, log = scenarios.find("advisor")
    game = services.create_game(ann, seats=2, game="dominion", options=scenarios.OPTIONS, seed=seed)
    services.join(game.pk, bob)
    game.refresh_from_db()

    async def scenario():
        sockets = [await connect(user, game) for user in (ann, bob, sam)]
        await database_sync_to_async(scenarios.play_log)(game, log)  # up to an Advisor's pick
        moved = await database_sync_to_async(play)(game, 12)
        for socket in sockets:
            seen = []
            while not await socket.receive_nothing(timeout=0.5):
                seen.append(await socket.receive_json_from(timeout=TIMEOUT))
            moves = [m for m in seen if "seq" in m]
            assert moves and moves[-1] == {"game": game.pk, "seq": moved.seq, "status": moved.status}
            assert all(set(message) in ALLOWED for message in seen), seen
            assert [m["seq"] for m in moves] == sorted(m["seq"] for m in moves)
            await socket.disconnect()

    async_to_sync(scenario)()
