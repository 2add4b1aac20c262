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


# --- the games players may create (OFFERED_GAMES) --------------------------------------------------


@pytest.mark.skipif(OTHER is None, reason="the engine registers one game only")
def test_a_game_not_offered_is_a_400_that_names_the_games_one_can_create(make_user, api_client_for, settings):
    settings.OFFERED_GAMES = {"guildhall": None}
    client = api_client_for(make_user())
    refused = client.post(GAMES, {"seats": 2, "game": OTHER}, format="json")
    assert refused.status_code == 400 and refused["Content-Type"] == "application/json"
    error = refused.json()
    assert error["error"] == "invalid" and list(error["fields"]) == ["game"]
    assert "cannot be created on this site" in error["fields"]["game"][0]
    assert error["fields"]["game"][0].endswith("these can: guildhall.")
    assert Game.objects.count() == 0
    assert client.post(GAMES, {"seats": 2}, format="json").status_code == 201  # the offered game still is


@pytest.mark.skipif(OTHER is None, reason="the engine registers one game only")
def test_a_default_game_not_offered_is_refused_too(make_user, api_client_for, settings):
    """A body without "game" asks for the default game: when it is not offered, the refusal says so."""
    settings.OFFERED_GAMES = {OTHER: None}
    refused = api_client_for(make_user()).post(GAMES, {"seats": 2}, format="json")
    assert refused.status_code == 400 and f"these can: {OTHER}." in refused.json()["fields"]["game"][0]
    assert Game.objects.count() == 0


@pytest.mark.skipif(OTHER is None, reason="the engine registers one game only")
def test_the_catalogue_and_the_schema_list_only_the_games_offered(client, settings):
    settings.OFFERED_GAMES = {"guildhall": None}
    assert [entry["game"] for entry in client.get(f"{GAMES}catalogue/").json()] == ["guildhall"]
    schema = json.loads(client.get(reverse("api-schema"), HTTP_ACCEPT="application/vnd.oai.openapi+json").content)
    branches = schema["components"]["schemas"]["GameCreateRequest"]["anyOf"]
    assert {branch["properties"]["game"]["const"] for branch in branches} == {"guildhall"}


@pytest.mark.skipif(OTHER is None, reason="the engine registers one game only")
def test_games_of_a_game_no_longer_offered_still_play_and_show(make_user, api_client_for, settings):
    ann, ben = make_user("ann"), make_user("ben")
    clients = {"ann": api_client_for(ann), "ben": api_client_for(ben)}
    game_id = clients["ann"].post(GAMES, {"seats": 2, "game": OTHER}, format="json").json()["id"]
    settings.OFFERED_GAMES = {"guildhall": None}
    assert clients["ben"].post(f"{GAMES}{game_id}/join/").json()["status"] == "active"  # it starts
    row = Game.objects.get(pk=game_id)
    mover = clients[row.to_move_user.username]
    detail = mover.get(f"{GAMES}{game_id}/").json()
    decided = mover.post(f"{GAMES}{game_id}/decisions/",
                         {"expected_seq": detail["seq"], "decision": detail["legal"][0]}, format="json")
    assert decided.status_code == 201, decided.content
    assert [g["id"] for g in clients["ann"].get(GAMES, {"game": OTHER}).json()["results"]] == [game_id]
    assert clients["ann"].get(f"{GAMES}{game_id}/log/").status_code == 200


def test_new_games_take_the_rules_version_the_site_names_for_their_game(make_user, api_client_for, settings):
    """OFFERED_GAMES=guildhall:3 (while the previous release, which knows rules up to 3, runs beside this
    one): new games are played under version 3, as that release plays them, and replay as such."""
    from django.core.management import call_command

    settings.OFFERED_GAMES = {"guildhall": "3"}
    client = api_client_for(make_user())
    game_id = client.post(GAMES, {"seats": 2, "bots": 1}, format="json").json()["id"]
    assert Game.objects.get(pk=game_id).engine_version == "3"
    for _ in range(5):
        detail = client.get(f"{GAMES}{game_id}/").json()
        if detail["status"] != "active" or not detail["legal"]:
            break
        answer = client.post(f"{GAMES}{game_id}/decisions/", {"expected_seq": detail["seq"],
                                                              "decision": detail["legal"][0]}, format="json")
        assert answer.status_code == 201, answer.content
    call_command("replay_games")
    settings.OFFERED_GAMES = {"guildhall": None}
    newest = client.post(GAMES, {"seats": 2}, format="json").json()["id"]
    assert Game.objects.get(pk=newest).engine_version == engine.get("guildhall").ENGINE_VERSION
