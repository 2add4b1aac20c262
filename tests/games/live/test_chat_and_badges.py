"""What the live socket tells of a table chat message, an invitation and a private message, through
Channels' own test client on the configured layer (Redis with REDIS_URL): the game's sockets hear the
message's id, never its text (the page fetches what its reader may see through the chat's view); the
header of an invitee or a message's recipient is told to refresh, and nobody else's."""

import pytest
from channels.db import database_sync_to_async

from games import services as game_services
from games.models import Game
from social.chat import services as chat
from social.conversations import services as conversations
from tests.games.helpers import started_game
from tests.games.live.test_socket import connect, next_answer, next_message, run

pytestmark = pytest.mark.django_db(transaction=True)

SECRET = "meet me at the third guild hall"


def test_a_chat_message_tells_the_tables_sockets_its_id_and_never_its_text(make_user):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    game = started_game([alice, bob])
    dave = make_user("dave")
    other = started_game([dave, make_user("erin")])

    async def scenario():
        sockets = {}
        for user in (alice, bob, carol):
            socket, connected, _code = await connect(user)
            assert connected
            await socket.send_json_to({"watch": [game.pk]})
            assert (await next_answer(socket))["game"] == game.pk
            sockets[user.username] = socket
        message = await database_sync_to_async(chat.post_message)(game.pk, alice, SECRET)
        for socket in sockets.values():  # the players and a spectator: the id only
            heard = await next_answer(socket)
            assert heard == {"chat": message.pk, "game": game.pk}
            assert SECRET not in str(heard)
        # A message in a game the socket does not follow tells it nothing.
        await database_sync_to_async(chat.post_message)(other.pk, dave, "elsewhere")
        for socket in sockets.values():
            assert await socket.receive_nothing(timeout=0.3)
            await socket.disconnect()

    run(scenario)


def test_an_invitation_and_a_private_message_refresh_the_recipients_header_only(make_user):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")

    async def scenario():
        sockets = {}
        for user in (alice, bob, carol):
            socket, connected, _code = await connect(user)
            assert connected
            sockets[user.username] = socket

        def invite():
            return game_services.create_game(alice, seats=2, invite=[bob.username])

        game = await database_sync_to_async(invite)()
        assert await database_sync_to_async(lambda: Game.objects.get(pk=game.pk).invited.count())() == 1
        assert await next_message(sockets["bob"]) == {"games_changed": True}
        await database_sync_to_async(conversations.send)(alice, carol, SECRET)
        heard = await next_message(sockets["carol"])
        assert heard == {"games_changed": True}
        # The sender's and the others' headers hear nothing of either.
        for name in ("alice", "bob"):
            assert await sockets[name].receive_nothing(timeout=0.3)
        for socket in sockets.values():
            await socket.disconnect()

    run(scenario)
