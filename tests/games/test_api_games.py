"""The API for more than one game: a new game names its game (Guildhall by default, so a client of the first
API keeps working) and its options, every game says which it is, lists filter by game, the catalogue lists
what one can create, bad options are refused saying what is wrong with nothing created, and the schema
documents all of it. A second game is played through the same endpoints where the engine registers one."""

import json
import random

import pytest
from django.urls import reverse

import engine
from games.models import Game

pytestmark = pytest.mark.django_db

GAMES = "/api/v1/games/"
OTHER = next((slug for slug in engine.GAMES if slug != "guildhall"), None)


def test_a_new_game_is_guildhall_by_default_and_says_its_game_and_options(make_user, api_client_for):
    client = api_client_for(make_user())
    plain = client.post(GAMES, {"seats": 2}, format="json").json()
    assert (plain["game"], plain["options"], plain["mode"]) == ("guildhall", {"mode": "printed"}, "printed")
    chosen = client.post(GAMES, {"seats": 2, "game": "guildhall", "options": {"mode": "yucata"}}, format="json")
    assert chosen.status_code == 201 and chosen.json()["options"] == {"mode": "yucata"}
    first_api = client.post(GAMES, {"seats": 2, "mode": "yucata"}, format="json")  # a client of the first API
    assert first_api.status_code == 201 and first_api.json()["options"] == {"mode": "yucata"}
    listed = client.get(GAMES, {"filter": "mine"}).json()["results"]
    assert {(g["game"], g["options"]["mode"]) for g in listed} == {("guildhall", "printed"), ("guildhall", "yucata")}


@pytest.mark.parametrize("body, field", [
    ({"game": "chess"}, "game"),
    ({"options": {"mode": "chess"}}, "options"),
    ({"options": {"colour": "red"}}, "options"),
    ({"options": "yucata"}, "options"),
    ({"mode": "chess"}, "options"),
    ({"bots": 1, "bot_kind": "no such bot"}, "bot_kind"),
])
def test_bad_options_are_a_400_that_says_what_is_wrong_and_changes_nothing(make_user, api_client_for, body, field):
    client = api_client_for(make_user())
    response = client.post(GAMES, {"seats": 2, **body}, format="json")
    assert response.status_code == 400, response.content
    error = response.json()
    assert error["error"] == "invalid" and field in error["fields"] and error["detail"]
    assert Game.objects.count() == 0


def test_the_refusal_of_unknown_options_names_them(make_user, api_client_for):
    client = api_client_for(make_user())
    error = client.post(GAMES, {"seats": 2, "options": {"colour": "red"}}, format="json").json()
    assert "colour" in error["fields"]["options"][0] and "mode" in error["fields"]["options"][0]


def test_lists_filter_by_game(make_user, api_client_for):
    client = api_client_for(make_user())
    mine = client.post(GAMES, {"seats": 2}, format="json").json()["id"]
    assert [g["id"] for g in client.get(GAMES, {"game": "guildhall"}).json()["results"]] == [mine]
    if OTHER:
        assert client.get(GAMES, {"game": OTHER}).json()["results"] == []
    refused = client.get(GAMES, {"game": "chess"})
    assert refused.status_code == 400 and refused.json()["error"] == "bad_game"


def test_the_catalogue_lists_each_game_with_its_seats_options_and_bots(client, settings):
    settings.RATINGS_BOT_CALIBRATION = {"greedy": (20.0, 2.0)}
    catalogue = client.get(f"{GAMES}catalogue/")  # public: what the site offers
    assert catalogue.status_code == 200
    entries = {entry["game"]: entry for entry in catalogue.json()}
    assert set(entries) == set(engine.GAMES)
    guildhall = entries["guildhall"]
    assert guildhall["title"] == "Guildhall" and guildhall["players"] == [2, 3, 4]
    assert guildhall["options"]["mode"]["choices"] == ["printed", "yucata"]
    assert guildhall["options"]["mode"]["default"] == "printed" and guildhall["options"]["mode"]["help"]
    assert guildhall["bot_kinds"] == ["random", "greedy", "strong"] and guildhall["rated_bot_kinds"] == ["greedy"]
    for slug, entry in entries.items():
        rules = engine.get(slug)
        assert entry["players"] == list(rules.PLAYERS) and entry["bot_kinds"] == list(rules.bots.KINDS)
        assert set(entry["options"]) == set(rules.OPTIONS)


def test_the_schema_documents_games_options_the_filter_and_the_catalogue(client):
    schema = json.loads(client.get(reverse("api-schema"), HTTP_ACCEPT="application/vnd.oai.openapi+json").content)
    components = schema["components"]["schemas"]
    create = components["GameCreateRequest"]
    assert {"game", "options"} <= set(create["properties"])
    assert {branch["properties"]["game"]["const"] for branch in create["anyOf"]} == set(engine.GAMES)
    # A body without "game" is Guildhall's: only Guildhall's branches leave it out.
    assert {b["properties"]["game"]["const"] for b in create["anyOf"] if "game" not in b.get("required", [])} == {
        "guildhall"}
    guildhall = next(b for b in create["anyOf"] if b["properties"]["game"]["const"] == "guildhall")
    assert guildhall["properties"]["options"]["properties"]["mode"]["enum"] == ["printed", "yucata"]
    assert {"game", "options"} <= set(components["GameDetail"]["properties"])
    listing = schema["paths"]["/api/v1/games/"]["get"]["parameters"]
    assert any(p["name"] == "game" and p["schema"]["enum"] == list(engine.GAMES) for p in listing)
    assert "/api/v1/games/catalogue/" in schema["paths"]


@pytest.mark.skipif(OTHER is None, reason="the engine registers one game only")
def test_a_second_game_is_created_viewed_and_played_through_the_same_api(make_user, api_client_for):
    """Nothing in the site's games API is one game's: a game of the other registered game is created with
    its defaults, joined, viewed by each seat and played through the decisions endpoint."""
    ann, ben = make_user("ann"), make_user("ben")
    clients = {"ann": api_client_for(ann), "ben": api_client_for(ben)}
    created = clients["ann"].post(GAMES, {"seats": 2, "game": OTHER}, format="json")
    assert created.status_code == 201, created.content
    game = created.json()
    assert game["game"] == OTHER and game["options"] == engine.get(OTHER).validate_options({})
    assert game["mode"] == ""
    joined = clients["ben"].post(f"{GAMES}{game['id']}/join/")
    assert joined.status_code == 200 and joined.json()["status"] == "active"
    rng = random.Random(3)
    for _step in range(30):
        row = Game.objects.get(pk=game["id"])
        if row.status != Game.Status.ACTIVE:
            break
        mover = clients[row.to_move_user.username]
        detail = mover.get(f"{GAMES}{row.pk}/").json()
        assert detail["legal"] and detail["view"] is not None and detail["seq"] == row.seq
        decision = rng.choice([d for d in detail["legal"] if d["type"] != "undo"])
        answer = mover.post(f"{GAMES}{row.pk}/decisions/", {"expected_seq": row.seq, "decision": decision},
                            format="json")
        assert answer.status_code == 201, answer.content
    row = Game.objects.get(pk=game["id"])
    assert row.seq >= 10
    log = clients["ann"].get(f"{GAMES}{row.pk}/log/").json()
    assert len(log["entries"]) == row.seq and all(entry["text"] for entry in log["entries"])
