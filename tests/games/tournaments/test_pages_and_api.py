"""The tournament pages and the REST API: thin views over the services."""

import pytest
from django.urls import reverse

from games.tournaments import services
from games.tournaments.models import Entrant, Table, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def running(players):
    people = players(4)
    tournament = services.create_tournament(people[0], name="Autumn open", format="swiss", table_size=2, rounds=2)
    for user in people:
        services.join(tournament.pk, user)
    services.start(tournament.pk, people[0])
    return tournament, people


def test_create_form_makes_a_tournament_and_refuses_bad_input(client, players):
    director = players(1)[0]
    client.force_login(director)
    page = client.get(reverse("tournaments:create"))
    assert page.status_code == 200 and b"Create the tournament" in page.content
    bad = client.post(reverse("tournaments:create"), {"name": "KO", "format": "knockout", "table_size": 4,
                                                      "option_mode": "printed", "timeout_policy": "bot",
                                                      "max_players": 8, "bot_kind": "greedy"})
    assert bad.status_code == 400 and b"A knockout is played at tables of 2." in bad.content
    assert not Tournament.objects.exists()
    good = client.post(reverse("tournaments:create"), {"name": "Cup", "format": "swiss", "table_size": 3,
                                                       "option_mode": "printed", "time_per_move": "24",
                                                       "timeout_policy": "bot", "max_players": 12,
                                                       "bot_kind": "greedy"})
    tournament = Tournament.objects.get()
    assert good.status_code == 302 and good.url == reverse("tournaments:detail", args=[tournament.pk])
    assert tournament.table_size == 3 and tournament.per_move.total_seconds() == 86400


def test_detail_join_and_withdraw_buttons(client, players):
    director, player = players(2)
    tournament = services.create_tournament(director, name="Cup", table_size=2)
    client.force_login(player)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk]))
    assert b'id="join-tournament"' in page.content and b"start-tournament" not in page.content
    client.post(reverse("tournaments:join", args=[tournament.pk]))
    assert Entrant.objects.filter(tournament=tournament, user=player).exists()
    page = client.get(reverse("tournaments:detail", args=[tournament.pk]))
    assert b'id="withdraw-tournament"' in page.content and b'id="join-tournament"' not in page.content
    again = client.post(reverse("tournaments:join", args=[tournament.pk]), follow=True)
    assert b"You are already in this tournament." in again.content
    client.post(reverse("tournaments:withdraw", args=[tournament.pk]))
    assert not Entrant.objects.filter(tournament=tournament).exists()
    # Only the director may start it.
    client.post(reverse("tournaments:start", args=[tournament.pk]))
    tournament.refresh_from_db()
    assert tournament.status == "open"


def test_standings_and_round_pages(client, running):
    tournament, people = running
    page = client.get(reverse("tournaments:detail", args=[tournament.pk]))
    assert page.status_code == 200 and b'id="standings"' in page.content
    assert reverse("tournaments:round", args=[tournament.pk, 1]).encode() in page.content
    round_page = client.get(reverse("tournaments:round", args=[tournament.pk, 1]))
    assert round_page.status_code == 200
    for table in Table.objects.filter(round__tournament=tournament):
        assert reverse("games:game", args=[table.game_id]).encode() in round_page.content
    assert client.get(reverse("tournaments:round", args=[tournament.pk, 9])).status_code == 404
    assert client.get(reverse("tournaments:round", args=[tournament.pk, 10**20])).status_code == 404
    assert client.get(f"/tournaments/{10**30}/").status_code == 404
    assert client.get(reverse("tournaments:list")).status_code == 200


def test_api_list_detail_standings(client, running):
    tournament, people = running
    listed = client.get("/api/v1/tournaments/?status=running").json()
    assert [t["id"] for t in listed["results"]] == [tournament.pk]
    assert client.get("/api/v1/tournaments/?status=nope").json()["error"] == "bad_status"
    assert [t["id"] for t in client.get("/api/v1/tournaments/?game=guildhall").json()["results"]] == [tournament.pk]
    assert client.get("/api/v1/tournaments/?game=chess").json()["error"] == "bad_game"
    detail = client.get(f"/api/v1/tournaments/{tournament.pk}/").json()
    assert (detail["game"], detail["options"]) == ("guildhall", {"mode": "printed"})
    assert detail["current_round"] == 1 and len(detail["rounds_played"][0]["tables"]) == 2
    assert "seed" not in str(detail)
    standings = client.get(f"/api/v1/tournaments/{tournament.pk}/standings/").json()
    assert sorted(r["player"] for r in standings) == sorted(u.username for u in people)
    missing = client.get("/api/v1/tournaments/999999/").json()
    assert (missing["error"], missing["detail"]) == ("not_found", "No such tournament.")


def test_api_join_and_withdraw(api_client_for, players):
    director, player = players(2)
    tournament = services.create_tournament(director, name="Cup", table_size=2)
    api = api_client_for(player)
    joined = api.post(f"/api/v1/tournaments/{tournament.pk}/join/")
    assert joined.status_code == 200 and joined.json()["entrants"] == [player.username]
    again = api.post(f"/api/v1/tournaments/{tournament.pk}/join/")
    assert again.status_code == 409 and again.json()["error"] == "already_joined"
    assert api.post(f"/api/v1/tournaments/{tournament.pk}/withdraw/").status_code == 200
    assert not tournament.entrants.exists()
    from rest_framework.test import APIClient

    assert APIClient().post(f"/api/v1/tournaments/{tournament.pk}/join/").status_code in (401, 403)


def test_the_schema_lists_the_tournament_endpoints(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").content.decode()
    for path in ("/api/v1/tournaments/", "/api/v1/tournaments/{id}/", "/api/v1/tournaments/{id}/join/",
                 "/api/v1/tournaments/{id}/withdraw/", "/api/v1/tournaments/{id}/standings/"):
        assert path in schema


def test_the_create_page_offers_only_the_games_offered_and_refuses_another(client, players, settings):
    settings.OFFERED_GAMES = {"guildhall": None}
    client.force_login(players(1)[0])
    for address in (reverse("tournaments:create"), reverse("tournaments:create") + "?game=dominion"):
        page = client.get(address).content.decode()
        assert 'name="game" value="guildhall"' in page and 'href="?game=dominion"' not in page
    refused = client.post(reverse("tournaments:create"), {
        "game": "dominion", "name": "Kingdoms", "format": "swiss", "table_size": 2, "option_kingdom_mode": "random",
        "option_edition": "2013", "time_per_move": "72", "timeout_policy": "bot", "max_players": 8,
        "bot_kind": "bigmoney",
    })
    assert refused.status_code == 400
    errors = refused.context["form"].non_field_errors()
    assert len(errors) == 1 and "cannot be created on this site" in errors[0], errors
    assert not Tournament.objects.exists()
