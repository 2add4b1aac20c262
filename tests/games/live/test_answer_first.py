"""A step within a turn answers the decider before its Redis writes go out (guildhall_site.redis_batch,
``after_the_answer``): the snapshot and the live pages' message leave when the server closes the response,
which it does once the response is written. A decision that passes the turn sends them before the answer
(a bot, an email or another app process may be waiting for the state), and nothing queued is ever dropped:
not when the view fails, not when the response is never closed."""

import asyncio
import json
import os
import random
import time

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.core.cache import cache
from django.core.handlers.asgi import ASGIHandler
from django.core.handlers.wsgi import WSGIHandler
from django.http import HttpResponse
from django.test import RequestFactory

from accounts import tokens
from games import cache as state_cache
from games import started
from games.live.groups import game_group
from games.models import Game
from guildhall_site import redis_batch

from ..helpers import advance_until, started_game

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.django_db(transaction=True)]

TIMEOUT = 5


@pytest.fixture
def game(make_user):
    started.forget_all()
    yield started_game([make_user(), make_user()])
    started.forget_all()


def _decision(game, keeps_turn, rng):
    """(the user to move, a decision of theirs that keeps the decision with them in the same turn, or that
    passes it on)."""
    seat, decision = advance_until(game, keeps_turn, rng)
    return seat.user, decision


def _posted(user, game, decision):
    """The decision POSTed through Django's WSGI handler as a server calls it: the response comes back
    written but not yet closed, as it is between the server's write and its ``close()``."""
    token = tokens.issue(user, "tests")[1]
    request = RequestFactory().post(
        f"/api/v1/games/{game.pk}/decisions/",
        data=json.dumps({"expected_seq": game.seq, "decision": decision}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {token}",
    )
    response = WSGIHandler()(request.environ, lambda status, headers, exc_info=None: None)
    assert response.status_code == 201, response.content
    return response


def _snapshot_in_redis(game, seq):
    game.refresh_from_db()
    game.seq = seq
    return cache.get(state_cache.state_key(game, seq))


def _heard_after(game, happening):
    """The live message a subscriber of the game's group reads once ``happening()`` has run."""
    layer = get_channel_layer()

    async def scenario():
        channel = await layer.new_channel()
        await layer.group_add(game_group(game.pk), channel)
        happening()
        return await asyncio.wait_for(layer.receive(channel), TIMEOUT)

    return async_to_sync(scenario)()


def _held_write(key, value):
    """A write of ``key`` held for a plain response (as a step's are for the API's), and that response."""
    with redis_batch.after_the_answer() as answered:
        with redis_batch.batched():
            redis_batch.may_wait()
            cache.set_many({key: value})
        return answered(HttpResponse("answer"))


def test_a_step_s_snapshot_and_news_leave_once_the_answer_is_written(game, round_trips):
    user, decision = _decision(game, keeps_turn=True, rng=random.Random(3))
    seq = game.seq + 1
    response = _posted(user, game, decision)
    body = json.loads(response.content)
    assert body["seq"] == seq and body["legal"]  # the decider has everything to go on deciding
    # Written, not closed: nothing of the step has gone to Redis yet.
    assert round_trips == []
    assert _snapshot_in_redis(game, seq) is None

    heard = _heard_after(game, response.close)
    assert heard == {"type": "game.moved", "game": game.pk, "seq": seq, "status": "active"}
    assert _snapshot_in_redis(game, seq).seq == seq
    # One round trip, the snapshot before the news of it.
    assert len(round_trips) == 1 and round_trips[0][-1] == "PUBLISH" and "SET" in round_trips[0]


def test_a_decision_that_passes_the_turn_is_in_redis_before_the_answer(game, round_trips):
    user, decision = _decision(game, keeps_turn=False, rng=random.Random(4))
    seq = game.seq + 1
    response = _posted(user, game, decision)
    # A bot, an email or the other player's app process may read the state at once: it is already there.
    assert _snapshot_in_redis(game, seq).seq == seq
    assert any("PUBLISH" in commands for commands in round_trips)
    sent = len(round_trips)
    response.close()
    assert len(round_trips) == sent  # nothing was held back for the close


def test_held_writes_go_out_by_the_watcher_when_the_response_is_never_closed(monkeypatch, round_trips):
    """Django's ASGI handler drops the response of a client that hung up while the view ran, without
    closing it: the watcher sends what was held once it has waited ``HELD_AT_MOST``, and a late close
    sends nothing more."""
    monkeypatch.setattr(redis_batch, "HELD_AT_MOST", 0.05)
    cache.delete("answer-first-test-0")
    response = _held_write("answer-first-test-0", 0)
    deadline = time.monotonic() + TIMEOUT
    while cache.get("answer-first-test-0") is None and time.monotonic() < deadline:
        time.sleep(0.01)
    assert cache.get("answer-first-test-0") == 0
    response.close()
    assert round_trips == [["SET"]]


def test_a_forked_process_holds_none_of_its_parent_s_writes(monkeypatch, round_trips):
    """A process forked while a response's writes are held (a server's worker) starts with nothing held
    and a watcher of its own: the parent's writes are the parent's to send, once."""
    monkeypatch.setattr(redis_batch, "HELD_AT_MOST", 30)
    cache.delete("answer-first-test-fork")
    response = _held_write("answer-first-test-fork", 1)
    child = os.fork()
    if child == 0:  # the child: nothing held, no watcher of the parent's
        os._exit(0 if not redis_batch._unsent.held and redis_batch._unsent.watcher_pid is None else 1)
    _, status = os.waitpid(child, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert cache.get("answer-first-test-fork") is None  # still held by the parent
    response.close()
    assert cache.get("answer-first-test-fork") == 1
    assert round_trips == [["SET"]]


def test_through_django_s_asgi_handler_the_step_s_writes_follow_the_answer(game, round_trips):
    """What daphne runs: the answer's body goes out first, then the handler closes the response in a
    thread of its own, and that sends the held writes."""
    user, decision = _decision(game, keeps_turn=True, rng=random.Random(7))
    seq = game.seq + 1
    token = tokens.issue(user, "tests")[1]
    body = json.dumps({"expected_seq": game.seq, "decision": decision}).encode()
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": f"/api/v1/games/{game.pk}/decisions/",
        "raw_path": f"/api/v1/games/{game.pk}/decisions/".encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [
            (b"host", b"testserver"),
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"authorization", f"Token {token}".encode()),
        ],
        "client": ("127.0.0.1", 50000),
        "server": ("testserver", 80),
    }
    answered = {}

    async def scenario():
        given = asyncio.Event()

        async def receive():
            if not given.is_set():
                given.set()
                return {"type": "http.request", "body": body, "more_body": False}
            await asyncio.Event().wait()  # the client stays: no disconnect

        async def send(message):
            if message["type"] == "http.response.start":
                answered["status"] = message["status"]
            elif message["type"] == "http.response.body" and not message.get("more_body"):
                answered["round trips before the body"] = len(round_trips)

        await ASGIHandler()(scope, receive, send)

    async_to_sync(scenario)()
    assert answered == {"status": 201, "round trips before the body": 0}
    assert _snapshot_in_redis(game, seq).seq == seq
    assert len(round_trips) == 1 and round_trips[0][-1] == "PUBLISH"


def test_held_writes_go_out_at_once_when_the_view_gives_no_answer(round_trips):
    cache.delete("answer-first-test")
    with pytest.raises(RuntimeError):
        with redis_batch.after_the_answer():
            with redis_batch.batched():
                redis_batch.may_wait()
                cache.set_many({"answer-first-test": 1})
            assert cache.get("answer-first-test") is None  # held, not sent
            raise RuntimeError("the view failed after the step was written")
    assert cache.get("answer-first-test") == 1
    assert round_trips == [["SET"]]
    assert getattr(redis_batch._local, "held", None) is None  # the next request holds nothing of this one


def test_a_batch_not_marked_may_wait_is_sent_at_its_block_s_end_even_inside_the_view_s_block(round_trips):
    cache.delete("answer-first-test-2")
    with redis_batch.after_the_answer() as answered:
        with redis_batch.batched():
            cache.set_many({"answer-first-test-2": 2})
        assert cache.get("answer-first-test-2") == 2
        answered(object())  # a response that is never closed: nothing was held for it
    assert round_trips == [["SET"]]


def test_the_game_row_is_what_a_step_wrote_when_its_answer_is_read(game):
    """The held writes are the cache's and the live pages': the log and the row are written before the
    answer, so a reader that does not wait for the close finds the step in the database."""
    user, decision = _decision(game, keeps_turn=True, rng=random.Random(6))
    seq = game.seq + 1
    response = _posted(user, game, decision)
    assert Game.objects.get(pk=game.pk).seq == seq
    assert game.log.filter(seq=seq).exists()
    response.close()
