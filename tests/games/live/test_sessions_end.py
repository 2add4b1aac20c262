"""An open live socket lives only as long as its session: a suspension by the staff, the account's
deletion and a new password close the player's sockets at once (when the account is saved), and the
socket hears nothing after (later moves of the game it watched, a game it asks to watch). What no save
announces (a queryset update of the account) closes it at its next ping. Another player's socket goes on.
Through Channels' test client, on the configured channel layer (in memory, or Redis with REDIS_URL), with
the real moderation, deletion and password code."""

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission

from accounts import services as accounts
from social.moderation import services as moderation
from tests.games.helpers import started_game
from tests.games.live.test_socket import TIMEOUT, connect, move, next_answer, run

pytestmark = pytest.mark.django_db(transaction=True)

CLOSED = {"type": "websocket.close", "code": 4401}  # as for a signed-out visitor: the page stops retrying


def _suspend(user, staff):
    moderation.suspend(user, staff, "Abuse in the chat.")


def _delete(user, staff):
    accounts.delete_account(user, user.raw_password)


def _new_password(user, staff):
    user.set_password("a-new-password-321")
    user.save()


ENDINGS = {"suspended": _suspend, "deleted": _delete, "password changed": _new_password}


@pytest.fixture
def staff(make_user):
    user = make_user(is_staff=True)
    user.user_permissions.add(Permission.objects.get(codename="moderate"))
    return get_user_model().objects.get(pk=user.pk)


async def _closes(socket):
    """The socket's outputs until it closes (a header badge may come first); fails if it does not."""
    while True:
        output = await socket.receive_output(timeout=TIMEOUT)
        if output["type"] == "websocket.close":
            return output


@pytest.mark.parametrize("ending", list(ENDINGS))
def test_the_account_s_socket_closes_at_once_and_hears_nothing_more(ending, make_user, staff):
    mallory, bob, carol = make_user(), make_user(), make_user()
    game = started_game([bob, carol])
    later = started_game([bob, carol])

    async def scenario():
        watcher, connected, _code = await connect(mallory)
        player, _connected, _code = await connect(bob)
        assert connected
        for socket in (watcher, player):
            await socket.send_json_to({"watch": [game.pk]})
            assert (await next_answer(socket))["game"] == game.pk

        await database_sync_to_async(ENDINGS[ending])(mallory, staff)
        assert await _closes(watcher) == CLOSED

        moved = await database_sync_to_async(move)(game)
        assert (await next_answer(player))["seq"] == moved.seq  # the others' sockets go on
        await watcher.send_json_to({"watch": [later.pk]})
        await watcher.send_json_to({"ping": 1})
        assert await watcher.receive_nothing(timeout=1)
        for socket in (watcher, player):
            await socket.disconnect()

    run(scenario)


def test_what_no_save_announces_closes_the_socket_at_its_next_ping(make_user):
    mallory = make_user()

    async def scenario():
        socket, connected, _code = await connect(mallory)
        assert connected
        await socket.send_json_to({"ping": 1})
        assert await next_answer(socket) == {"pong": 1}
        await database_sync_to_async(
            lambda: get_user_model().objects.filter(pk=mallory.pk).update(is_active=False)
        )()
        await socket.send_json_to({"ping": 2})
        assert await _closes(socket) == CLOSED
        assert await socket.receive_nothing(timeout=0.5)
        await socket.disconnect()

    run(scenario)


def test_a_save_that_leaves_the_session_standing_keeps_the_socket(make_user):
    """The socket checks on every save of the account and stays open when its session still stands."""
    alice = make_user()

    async def scenario():
        socket, _connected, _code = await connect(alice)
        await database_sync_to_async(lambda: get_user_model().objects.get(pk=alice.pk).save())()
        await socket.send_json_to({"ping": 3})
        assert await next_answer(socket) == {"pong": 3}
        await socket.disconnect()

    run(scenario)
