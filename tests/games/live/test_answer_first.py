"""A step within a turn answers the decider before its Redis writes go out (guildhall_site.redis_batch,
``after_the_answer``): the snapshot and the live pages' message leave when the server closes the response,
which it does once the response is written. A decision that passes the turn sends them before the answer
(a bot, an email or another app process may be waiting for the state), and nothing queued is ever dropped:
not when the view fails, not when the response is never closed."""

import gc
import json
import random

import pytest
import redis
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.core.cache import cache
from django.core.handlers.wsgi import WSGIHandler
from django.http import HttpResponse
from django.test import RequestFactory

import engine
from accounts import tokens
from games import cache as state_cache
from games import started
from games.live.groups import game_group
from games.models import Game
from guildhall_site import redis_batch

from ..helpers import pending_seat, started_game

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.django_db(transaction=True)]

TIMEOUT = 5


@pytest.fixture
def round_trips(monkeypatch):
    """The commands of every pipeline redis-py sent, whoever sent it."""
    sent = []
    execute = redis.client.Pipeline.execute

    def counted(pipeline, *args, **kwargs):
        sent.append([args[0] for args, _options in pipeline.command_stack])
        return execute(pipeline, *args, **kwargs)

    monkeypatch.setattr(redis.client.Pipeline, "execute", counted)
    return sent


@pytest.fixture
def game(make_user):
    started.forget_all()
    yield started_game([make_user(), make_user()])
    started.forget_all()


def _decision(game, keeps_turn, rng):
    """(the user to move, a decision of theirs that keeps the decision with them in the same turn, or that
    passes it on), playing random decisions through the service until one comes up."""
    from games import services

    for _i in range(400):
        seat = pending_seat(game)
        state = state_cache.load_state(game)
        for decision in engine.legal_decisions(state, seat.position):
            after = state.clone()
            engine.apply(after, seat.position, decision)
            same = not after.finished and after.turn == state.turn and engine.pending_player(after) == seat.position
            if same == keeps_turn:
                return seat.user, decision
        services.submit_decision(game.pk, seat.user, game.seq, engine.bots.choose(state, seat.position, rng=rng))
    raise AssertionError("no such decision came up")


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
        import asyncio

        return await asyncio.wait_for(layer.receive(channel), TIMEOUT)

    return async_to_sync(scenario)()


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


def test_held_writes_go_out_when_the_response_is_dropped_unclosed(round_trips):
    """An ASGI client that hangs up while the view runs: Django's handler drops the response without
    closing it. The writes go out when the response is garbage."""
    cache.delete("answer-first-test-0")
    with redis_batch.after_the_answer() as answered:
        with redis_batch.batched():
            redis_batch.may_wait()
            cache.set_many({"answer-first-test-0": 0})
        response = answered(HttpResponse("answer"))
    assert cache.get("answer-first-test-0") is None
    del response
    gc.collect()
    assert cache.get("answer-first-test-0") == 0
    assert round_trips == [["SET"]]


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
