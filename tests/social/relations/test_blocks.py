"""Blocking: from the profile, the settings page and the API; what it keeps the blocked player from (a
follow that never shows, chat the blocker no longer reads, invitations never shown or emailed); and that
nothing of it shows to the blocked player."""

import pytest
from django.urls import reverse

from accounts import services as accounts_services
from games import services as game_services
from games.exceptions import InvalidRequest
from games.invitations.models import Invitation
from games.notifications.models import Notification
from social.chat import services as chat
from social.relations import selectors, services
from social.relations import services as friends
from social.relations.models import Relation
from tests.games.helpers import started_game

pytestmark = pytest.mark.django_db


def _page(client, user, url):
    client.force_login(user)
    return client.get(url).content.decode()


def test_block_and_unblock_from_the_profile_and_the_settings_page(client, make_user):
    alice, bob = make_user("alice"), make_user("bob")
    profile = _page(client, alice, reverse("public_profile", args=["bob"]))
    assert 'id="block"' in profile and 'id="write-message"' in profile and "Report this profile" in profile
    response = client.post(reverse("relations:block", args=["bob"]), {"next": "/players/bob/"})
    assert response.status_code == 302 and response["Location"] == "/players/bob/"
    client.post(reverse("relations:block", args=["bob"]))  # twice is once
    rows = Relation.objects.values_list("from_user__username", "to_user__username", "kind")
    assert list(rows) == [("alice", "bob", "block")]
    assert 'id="unblock"' in _page(client, alice, reverse("public_profile", args=["bob"]))
    listing = _page(client, alice, reverse("relations:blocked"))
    assert 'href="/players/bob/"' in listing and "Unblock bob" in listing
    # Nothing shows to bob: his view of alice's profile is the same as before.
    bobs_view = _page(client, bob, reverse("public_profile", args=["alice"]))
    assert 'id="block"' in bobs_view and 'id="unblock"' not in bobs_view and "blocked" not in bobs_view
    assert "You have not blocked anyone." in _page(client, bob, reverse("relations:blocked"))
    # By name on the settings page; a bad name is a form error and changes nothing.
    make_user("carol")
    client.force_login(alice)
    assert client.post(reverse("relations:blocked"), {"username": "carol"}).status_code == 302
    response = client.post(reverse("relations:blocked"), {"username": "nobody"})
    assert response.status_code == 400 and "No such player." in response.content.decode()
    response = client.post(reverse("relations:blocked"), {"username": "alice"})
    assert response.status_code == 400 and "You cannot block yourself." in response.content.decode()
    assert selectors.blocked_ids(alice) == {bob.pk, Relation.objects.get(to_user__username="carol").to_user_id}
    client.post(reverse("relations:unblock", args=["bob"]), {"next": "https://evil.example/"})
    assert not selectors.blocks(alice, bob)
    assert client.post(reverse("relations:block", args=["nobody"])).status_code == 404


def test_the_api_lists_adds_and_removes_blocks(make_user, api_client_for):
    alice, bob = make_user("alice"), make_user("bob")
    api = api_client_for(alice)
    assert api.get("/api/v1/blocks/").json()["results"] == []
    response = api.post("/api/v1/blocks/", {"username": "bob"}, format="json")
    assert response.status_code == 201 and response.json()["username"] == "bob"
    assert api.post("/api/v1/blocks/", {"username": "bob"}, format="json").status_code == 200
    assert [b["username"] for b in api.get("/api/v1/blocks/").json()["results"]] == ["bob"]
    for body, status, code in [
        ({"username": "nobody"}, 404, "no_player"),
        ({"username": "alice"}, 400, "self"),
        ({}, 400, "invalid"),
        ([1, 2], 400, "invalid"),
    ]:
        response = api.post("/api/v1/blocks/", body, format="json")
        assert response.status_code == status and response.json()["error"] == code, body
    assert api.post("/api/v1/blocks/", "{nope", content_type="application/json").json()["error"] == "malformed_json"
    assert api.delete("/api/v1/blocks/bob/").status_code == 204
    assert api.delete("/api/v1/blocks/bob/").status_code == 204  # lifting a block that is not there
    assert api.delete("/api/v1/blocks/nobody/").status_code == 404
    assert not Relation.objects.exists()
    # bob never learns of alice's list.
    assert api_client_for(bob).get("/api/v1/blocks/").json()["count"] == 0
    assert api_client_for(None).get("/api/v1/blocks/").status_code == 401


def test_a_blocked_players_follow_shows_nowhere_to_the_blocker_but_seems_done_to_them(client, make_user):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    services.block(alice, bob)
    client.force_login(bob)
    client.post(reverse("relations:follow", args=["alice"]))
    friends.follow(carol, alice)
    bobs_view = _page(client, bob, reverse("public_profile", args=["alice"]))
    assert 'id="unfollow"' in bobs_view and "2 followers" in bobs_view  # to bob, it worked
    for viewer in (alice, carol):
        page = _page(client, viewer, reverse("public_profile", args=["alice"]))
        assert "1 follower" in page and 'href="/players/bob/"' not in page.split('id="followers"')[1]
    services.unblock(alice, bob)
    assert "2 followers" in _page(client, alice, reverse("public_profile", args=["alice"]))


def test_chat_of_a_blocked_player_is_hidden_for_the_blocker_only(client, make_user):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    game = started_game([alice, bob, carol])
    services.block(alice, bob)
    chat.post_message(game.pk, bob, "psst alice")
    chat.post_message(game.pk, carol, "hello all")
    table = _page(client, alice, reverse("games:game", args=[game.pk]))
    assert "psst alice" not in table and "hello all" in table
    assert "psst alice" not in _page(client, alice, reverse("chat:poll", args=[game.pk]) + "?after=0")
    for other in (bob, carol):
        assert "psst alice" in _page(client, other, reverse("games:game", args=[game.pk]))


def test_an_invitation_from_a_blocked_player_is_neither_shown_nor_emailed(
    client, make_user, django_capture_on_commit_callbacks
):
    alice, bob = make_user("alice"), make_user("bob")
    services.block(alice, bob)
    with django_capture_on_commit_callbacks(execute=True):
        game = game_services.create_game(bob, seats=2, invite=["alice"])
    invitation = Invitation.objects.get(game=game)
    assert invitation.status == "pending" and not invitation.emailed
    assert Notification.objects.get(user=alice).status == Notification.Status.SKIPPED
    assert f'data-invitation-id="{invitation.pk}"' not in _page(client, alice, reverse("games:mine"))
    # To bob the invitation waits for an answer like any other.
    assert "alice" in _page(client, bob, reverse("games:game", args=[game.pk]))
    # Alice's copy of her data has it (it is stored), saying it was never shown to her, and why.
    received = accounts_services.export(alice)["apps"]["invitations"]["invitations_received"]
    assert [(r["id"], r["shown"], r["why_not_shown"]) for r in received] == [
        (invitation.pk, False, "You blocked the player who sent it.")
    ]
    services.unblock(alice, bob)
    assert f'data-invitation-id="{invitation.pk}"' in _page(client, alice, reverse("games:mine"))
    assert "shown" not in accounts_services.export(alice)["apps"]["invitations"]["invitations_received"][0]


def test_selectors_look_both_ways_only_where_asked(make_user):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    services.block(alice, bob)
    assert selectors.blocks(alice, bob) and not selectors.blocks(bob, alice)
    assert selectors.either_blocks(bob, alice) and not selectors.either_blocks(alice, carol)
    assert selectors.blocker_ids(bob) == {alice.pk} and selectors.kept_apart_ids(bob) == {alice.pk}
    assert selectors.kept_apart_ids(alice) == {bob.pk} and not selectors.blocks(alice, alice)
    with pytest.raises(InvalidRequest):
        services.block(alice, alice)


def test_open_game_matching_keeps_blocked_players_apart_without_telling_them(make_user, api_client_for):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    services.block(alice, bob)
    game = game_services.create_game(alice, seats=3)
    # Bob is not offered alice's open game, and joining it anyway is refused as a closed game would be.
    listed = api_client_for(bob).get("/api/v1/games/?filter=open").json()["results"]
    assert game.pk not in {g["id"] for g in listed}
    refused = api_client_for(bob).post(f"/api/v1/games/{game.pk}/join/")
    assert refused.status_code == 409 and refused.json()["error"] == "not_open"
    assert "block" not in refused.content.decode().lower()
    # Someone else still finds and joins it, and the blocker's own open list still shows it.
    assert game.pk in {g["id"] for g in api_client_for(carol).get("/api/v1/games/?filter=open").json()["results"]}
    assert api_client_for(carol).post(f"/api/v1/games/{game.pk}/join/").status_code in (200, 201)
    assert game.pk in {g["id"] for g in api_client_for(alice).get("/api/v1/games/?filter=open").json()["results"]}
    # The other way round too: the blocked player's open game is kept from the blocker.
    theirs = game_services.create_game(bob, seats=2)
    assert theirs.pk not in {g["id"] for g in api_client_for(alice).get("/api/v1/games/?filter=open").json()["results"]}


def test_an_invitation_seats_blocked_players_together_when_asked_for(make_user):
    # Only matching keeps them apart: a game whose creator invited both is the players' own choice.
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    services.block(alice, bob)
    game = game_services.create_game(carol, seats=3, invite=["alice", "bob"])
    game_services.join(game.pk, alice)
    game_services.join(game.pk, bob)
    game.refresh_from_db()
    assert game.status == "active"
