"""The live socket (games.live) through Channels' own test client, on the configured channel layer
(in memory, or Redis with REDIS_URL): who may connect and follow what, what a committed move tells the
sockets, and that nothing but seq and status ever goes out."""

import asyncio

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from games import services
from games.live.routing import websocket_urlpatterns
from games.models import Game
from tests.games.helpers import choose, started_game

pytestmark = pytest.mark.django_db(transaction=True)

application = URLRouter(websocket_urlpatterns)
TIMEOUT = 5


def run(coroutine_function):
    return async_to_sync(coroutine_function)()


async def connect(user):
    socket = WebsocketCommunicator(application, "/ws/live/")
    socket.scope["user"] = user
    connected, code = await socket.connect(timeout=TIMEOUT)
    return socket, connected, code


def move(game):
    """The player to move makes a legal decision: committed, so its after-commit work runs."""
    game.refresh_from_db()
    seat, decision = choose(game)
    services.submit_decision(game.pk, seat.user, game.seq, decision)
    game.refresh_from_db()
    return game


async def next_message(socket):
    return await socket.receive_json_from(timeout=TIMEOUT)


async def next_answer(socket):
    """The socket's next message other than the header badge's: a game's start or move also changes whose
    turn it is, and that news may arrive before or after the socket's own answers."""
    while (message := await next_message(socket)) == {"games_changed": True}:
        pass
    return message


def test_a_signed_out_visitor_gets_no_socket():
    async def scenario():
        socket, connected, _code = await connect(AnonymousUser())
        assert connected
        assert await socket.receive_output(timeout=TIMEOUT) == {"type": "websocket.close", "code": 4401}

    run(scenario)


def test_players_and_spectators_hear_each_move_and_the_badge_only_its_own(make_user):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    game = started_game([alice, bob])

    async def scenario():
        sockets = {}
        for user in (alice, bob, carol):
            socket, connected, _code = await connect(user)
            assert connected
            await socket.send_json_to({"watch": [game.pk]})
            assert await next_message(socket) == {"game": game.pk, "seq": game.seq, "status": "active"}
            sockets[user.username] = socket
        before = await database_sync_to_async(lambda: Game.objects.get(pk=game.pk).to_move_user_id)()
        moved = await database_sync_to_async(lambda: play_until_person_changes(game))()
        for name, socket in sockets.items():
            seen = [await next_message(socket) for _ in range(moved.moves)]
            assert seen[-1] == {"game": game.pk, "seq": moved.seq, "status": "active"}, name
            assert all(set(message) == {"game", "seq", "status"} for message in seen), name
        # The header of the one who was to move and the one now to move; the spectator's stays.
        for user in (alice, bob):
            assert await next_message(sockets[user.username]) == {"games_changed": True}
        assert {before, moved.to_move_user_id} == {alice.pk, bob.pk}
        assert await sockets["carol"].receive_nothing(timeout=0.3)
        for socket in sockets.values():
            await socket.disconnect()

    run(scenario)


class Moved:
    def __init__(self, moves, seq, to_move_user_id):
        self.moves, self.seq, self.to_move_user_id = moves, seq, to_move_user_id


def play_until_person_changes(game):
    game.refresh_from_db()
    first = game.to_move_user_id
    moves = 0
    while game.to_move_user_id == first:
        game = move(game)
        moves += 1
    return Moved(moves, game.seq, game.to_move_user_id)


def test_a_socket_follows_only_games_that_exist_and_reads_bad_messages_as_errors(make_user, settings):
    settings.LIVE_MAX_GAMES_PER_SOCKET = 3
    alice, bob = make_user("alice"), make_user("bob")
    game = started_game([alice, bob])

    async def scenario():
        socket, connected, _code = await connect(alice)
        assert connected
        await socket.send_json_to({"watch": [game.pk + 1000]})
        assert (await next_answer(socket))["error"] == "no_such_game"
        for bad in ({"watch": "1"}, {"watch": [True]}, {"watch": [-1]}, {"watch": [2**63]}, ["watch"], {"hello": 1}):
            await socket.send_json_to(bad)
            assert "error" in await next_answer(socket), bad
        await socket.send_to(text_data="{not json")
        assert (await next_answer(socket))["error"] == "bad_message"
        await socket.send_to(bytes_data=b"\x00\x01")
        assert (await next_answer(socket))["error"] == "bad_message"
        await socket.send_json_to({"watch": [1, 2, 3, 4]})
        assert (await next_answer(socket))["error"] == "too_many_games"
        await socket.send_json_to({"ping": 7})
        assert await next_answer(socket) == {"pong": 7}
        # Still usable after all that: a move of the game it follows arrives.
        await socket.send_json_to({"watch": [game.pk]})
        assert (await next_answer(socket))["seq"] == game.seq
        moved = await database_sync_to_async(move)(game)
        assert await next_answer(socket) == {"game": game.pk, "seq": moved.seq, "status": "active"}
        await socket.disconnect()

    run(scenario)


def test_a_socket_answers_oversized_and_deeply_nested_messages_with_an_error(make_user):
    """Thousands of brackets, or a message past the size bound, get an error and are not parsed: the
    socket stays open and answers the next message."""
    from games.live.consumers import MAX_DEPTH, MAX_MESSAGE_CHARS

    alice, bob = make_user("alice"), make_user("bob")
    game = started_game([alice, bob])

    async def scenario():
        socket, connected, _code = await connect(alice)
        assert connected
        for text, code in (
            ("[" * 5000, "too_large"),
            ("[" * 2000, "too_deep"),
            ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "too_deep"),
            ('{"watch": [' + "1, " * MAX_MESSAGE_CHARS + "1]}", "too_large"),
            (r'{"watch": "\ud800"}', "bad_message"),  # parses, but is not Unicode text
            ('{"hello": "' + "[" * 100 + '"}', "bad_message"),  # brackets inside a string do not nest
        ):
            await socket.send_to(text_data=text)
            answer = await next_answer(socket)
            assert answer["error"] == code and answer["detail"], (text[:40], answer)
        await socket.send_input({"type": "websocket.receive", "text": ""})  # an empty frame
        assert (await next_answer(socket))["error"] == "bad_message"
        await socket.send_json_to({"ping": 3})
        assert await next_answer(socket) == {"pong": 3}
        await socket.send_json_to({"watch": [game.pk]})
        assert (await next_answer(socket))["seq"] == game.seq
        await socket.disconnect()

    run(scenario)


def test_a_socket_makes_its_user_present_for_web_push(make_user):
    from games.live.publish import is_present

    alice = make_user("alice")
    assert not is_present(alice.pk)

    async def scenario():
        socket, connected, _code = await connect(alice)
        assert connected
        await asyncio.sleep(0.05)
        await socket.disconnect()

    run(scenario)
    assert is_present(alice.pk)
