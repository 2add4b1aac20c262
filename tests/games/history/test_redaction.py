"""Redaction: a game in progress shows each viewer, at every step, exactly what the engine's view for
that viewer held then; never another hand, the deck, the pile below its top, or the seed (page, chart,
log or record). Once the game is over everything is shown."""

import pytest
from django.utils.html import escape

import engine
from engine.guildhall.views import card_ids_in, hidden_cards
from tests.games.helpers import started_game
from tests.games.history.helpers import (
    card_ids,
    game_from_record,
    golden_records,
    hands_shown,
    load_golden,
    play_through,
    stored_log,
)

GUILDHALL = engine.get("guildhall")

pytestmark = pytest.mark.django_db


def _viewers(make_user, game):
    seats = {s.user_id: s.position for s in game.seats.all()}
    players = [s.user for s in game.seats.select_related("user").order_by("position")]
    outsider = make_user("outsider")
    return [(u, seats[u.pk]) for u in players] + [(outsider, None), (None, None)]


def _client_for(client_class, user):
    client = client_class()
    if user is not None:
        client.force_login(user)
    return client


@pytest.mark.slow
def test_game_in_progress_reveals_nothing_hidden_at_any_step(make_user, api_client_for):
    from django.test import Client

    users = [make_user("rose"), make_user("sam")]
    game = started_game(users)
    game = play_through(game, moves=45, kind="random", seed=11)
    assert game.status == "active"
    log = stored_log(game)
    present = GUILDHALL.replay(game.num_seats, game.seed, {"mode": game.mode}, log)
    names = game.names_by_seat()
    for user, seat in _viewers(make_user, game):
        client = _client_for(Client, user)
        for k in range(len(log) + 1):
            html = client.get(f"/games/{game.pk}/replay/?step={k}").content.decode()
            state = GUILDHALL.replay(game.num_seats, game.seed, {"mode": game.mode}, log[:k])
            shown = card_ids(html)
            leaked = shown & hidden_cards(state, seat)
            assert not leaked, f"viewer seat {seat}, step {k}: hidden cards {sorted(leaked)} on the page"
            assert shown == card_ids_in(GUILDHALL.view(state, seat)), f"viewer seat {seat}, step {k}"
            assert game.seed not in html
            hands = hands_shown(html)
            for other in range(game.num_seats):
                if other != seat:
                    assert hands[other] is None, f"seat {other}'s hand shown to {seat} at step {k}"
        # The log in words beside the table: the engine's redacted sentences for this viewer, now.
        html = client.get(f"/games/{game.pk}/replay/").content.decode()
        for seq in range(1, len(log) + 1):
            assert escape(GUILDHALL.describe(present, seq, seat, names)) in html
        # No record (and no seed) while the game is in progress, for players and others alike.
        if user is not None:
            response = api_client_for(user).get(f"/api/v1/games/{game.pk}/record/")
            assert response.status_code == 409
            body = response.json()
            assert body["error"] == "not_finished" and body["detail"]
            assert game.seed not in response.content.decode()


def test_a_historian_searching_the_pile_sees_it_on_the_replay_and_nobody_else_does(make_user):
    """T2 lets the searcher look through the whole discard pile (the view shows it to them alone, AMB on
    the pile's secrecy): the replay of that step shows it exactly as the table did, which the random
    games of the test above reach only now and then."""
    from django.test import Client

    record = load_golden(next(p for p in golden_records() if p.stem == "greedy-3p-printed"))
    record = {**record, "decisions": record["decisions"][:26]}  # the next decision is seat 1's search
    users = [make_user("wes"), make_user("xan"), make_user("yod")]
    game = game_from_record(users, record)
    assert game.status == "active"
    state = GUILDHALL.replay(game.num_seats, game.seed, {"mode": game.mode}, stored_log(game))
    pile = {e["card"]["id"] for e in GUILDHALL.view(state, 1)["pending"]["pile"]}
    assert pile - card_ids_in({**GUILDHALL.view(state, 1), "pending": None}), "the pile holds cards seen nowhere else"
    for user, seat in _viewers(make_user, game):
        html = _client_for(Client, user).get(f"/games/{game.pk}/replay/?step=26").content.decode()
        assert card_ids(html) == card_ids_in(GUILDHALL.view(state, seat)), f"viewer seat {seat}"
        if seat == 1:
            assert pile <= card_ids(html) and "The discard pile searched, top first" in html
        else:
            assert not (pile & hidden_cards(state, seat) & card_ids(html))
            assert "The discard pile searched" not in html


@pytest.mark.slow
def test_after_the_end_everything_is_shown_to_everyone(make_user):
    from django.test import Client

    users = [make_user("tia"), make_user("uma")]
    game = play_through(started_game(users), kind="greedy", seed=2)
    assert game.status == "finished"
    log = stored_log(game)
    for user, _seat in _viewers(make_user, game):
        client = _client_for(Client, user)
        for k in (0, 5, len(log) // 2, len(log)):
            html = client.get(f"/games/{game.pk}/replay/?step={k}").content.decode()
            assert card_ids(html) == set(range(120)), f"step {k}"
            hands = hands_shown(html)
            state = GUILDHALL.replay(game.num_seats, game.seed, {"mode": game.mode}, log[:k])
            for seat in range(game.num_seats):
                assert hands[seat] == {c["id"] for c in GUILDHALL.view(state, seat)["you"]["hand"]}
            assert game.seed in html


def test_games_not_started_have_no_replay(make_user, client):
    from games import services

    game = services.create_game(make_user("vic"), seats=3)
    assert client.get(f"/games/{game.pk}/replay/").status_code == 404
    assert client.get("/games/999999/replay/").status_code == 404
    assert game.seed not in client.get(f"/games/{game.pk}/replay/").content.decode()
