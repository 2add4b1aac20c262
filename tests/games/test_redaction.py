"""Hidden information never leaves the server toward anyone who may not see it.

Whole games are played through the API; at every seq, for every seat and for a spectator, every
response (game detail, the newest log entry, the mover's 201 and error responses, and regularly the
whole log and the game list) is checked against an independent engine state kept by the test: no card
id that is hidden from that viewer (other hands, the deck, the discard pile below its top, others'
completed chapters), no seed while the game runs.
"""

import json
import random

import pytest

import engine
from engine.guildhall.views import card_ids_in, hidden_cards
from games.models import Game

from .helpers import started_game

GUILDHALL = engine.get("guildhall")

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

GAMES = "/api/v1/games/"


def _check(response, state, viewer, seed, what):
    body = response.json()
    leaked = card_ids_in(body) & hidden_cards(state, viewer)
    assert not leaked, f"{what} at seq {state.seq} shows viewer {viewer} hidden cards {sorted(leaked)}"
    if not state.finished:
        assert seed not in response.content.decode(), f"{what} at seq {state.seq} shows the seed"
    return body


@pytest.mark.parametrize("players,mode", [(2, "printed"), (3, "yucata")])
def test_no_hidden_information_in_any_response(
    players, mode, make_user, api_client_for, django_capture_on_commit_callbacks
):
    users = [make_user() for _ in range(players)]
    game = started_game(users, mode=mode)
    seats = {s.user_id: s.position for s in game.seats.all()}
    clients = {seats[u.pk]: api_client_for(u) for u in users}
    clients[None] = api_client_for(make_user())  # a spectator
    state = GUILDHALL.new_game(players, game.seed, {'mode': mode})  # the test's own truth
    names = [next(u.username for u in users if seats[u.pk] == p) for p in range(players)]
    rng = random.Random(players)

    while True:
        for viewer, client in clients.items():
            detail = _check(client.get(f"{GAMES}{game.pk}/"), state, viewer, game.seed, "detail")
            assert detail["seq"] == state.seq
            if viewer is not None and not state.finished:
                assert detail["view"]["you"]["seat"] == viewer
                assert sorted(c["id"] for c in detail["view"]["you"]["hand"]) == sorted(
                    state.players[viewer].hand
                )
                assert "deck" not in detail["view"] and detail["seed"] is None
            if state.seq:
                log = _check(
                    client.get(f"{GAMES}{game.pk}/log/", {"after": state.seq - 1}), state, viewer, game.seed, "log"
                )
                assert [e["text"] for e in log["entries"]] == [GUILDHALL.describe(state, state.seq, viewer, names)]
            if state.seq % 40 == 0 or state.finished:
                _check(client.get(f"{GAMES}{game.pk}/log/"), state, viewer, game.seed, "full log")
                _check(client.get(GAMES, {"filter": "mine"}), state, viewer, game.seed, "list")
        if state.finished:
            break

        mover = GUILDHALL.pending_player(state)
        client = clients[mover]
        hidden = sorted(hidden_cards(state, mover))
        if hidden:  # try to play a card we must not know about: the refusal reveals nothing either
            bad = client.post(
                f"{GAMES}{game.pk}/decisions/",
                {"expected_seq": state.seq, "decision": {"type": "play", "card": rng.choice(hidden)}},
                format="json",
            )
            assert bad.status_code in (400, 403)
            assert set(bad.json()) <= {"error", "detail", "request_id"}
            _check(bad, state, mover, game.seed, "error")
        decision = GUILDHALL.bots.choose(state, mover, kind="greedy", rng=rng)  # shorter games than random
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(
                f"{GAMES}{game.pk}/decisions/", {"expected_seq": state.seq, "decision": decision}, format="json"
            )
        assert response.status_code == 201, response.content
        GUILDHALL.apply(state, mover, decision)
        _check(response, state, mover, game.seed, "decision response")
        assert response.json()["seq"] == state.seq

    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    final = clients[None].get(f"{GAMES}{game.pk}/").json()
    # Once over, the seed is revealed and matches the commitment published at creation.
    assert final["seed"] == game.seed and engine.seed_commitment(final["seed"]) == final["seed_commitment"]
    assert json.dumps(final)  # serialisable
