"""Rematch: the same players, a new seed, seats dealt anew when the new game starts, each player
accepting; one rematch per finished game."""

import datetime
import re

import pytest
from django.urls import reverse

from games import services
from games.clock.deadlines import set_time_limit
from games.clock.selectors import time_control_of
from games.exceptions import Conflict, Forbidden
from games.invitations import rematch
from games.invitations.models import Invitation, Rematch
from games.models import Game, Seat
from games.notifications.models import Notification
from tests.games.helpers import bodies, started_game

pytestmark = pytest.mark.django_db


def _finished(users, mode="printed", bots=0):
    game = started_game(users, mode=mode, bots=bots)
    set_time_limit(game, datetime.timedelta(days=2), "end")
    for user in users[:-1]:  # with one player left in play, the game is over
        services.resign(game.pk, user)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game


def _table(client, user, game):
    client.force_login(user)
    return client.get(reverse("games:game", args=[game.pk])).content.decode()


def test_a_rematch_is_a_new_game_with_the_same_players_that_starts_when_all_accept(
    client, make_user, commit, smtp_server
):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    old = _finished([alice, bob, carol], mode="yucata")
    assert 'id="propose-rematch"' in _table(client, bob, old)
    client.force_login(bob)
    with commit():
        response = client.post(reverse("invitations:rematch", args=[old.pk]))
    new = Rematch.objects.get(original=old).game
    assert response.status_code == 302 and response["Location"] == f"/games/{new.pk}/"
    assert (new.status, new.mode, new.num_seats, new.created_by) == ("open", "yucata", 3, bob)
    assert new.seed != old.seed
    assert time_control_of(new).per_move == datetime.timedelta(days=2) and time_control_of(new).policy == "end"
    assert set(new.invited.values_list("username", flat=True)) == {"alice", "carol"}
    assert list(Seat.objects.filter(game=new).values_list("position", flat=True)) == [None]  # not dealt yet
    # Each invited player is told, by email, that it is a rematch.
    for user in (alice, carol):
        [message] = smtp_server.to(user.email)
        assert f"rematch of game {old.pk}" in bodies(message)[0]
    # The finished table shows who accepted; alice accepts from there, then carol from the invitation.
    page = _table(client, alice, old)
    assert 'data-state="accepted">bob' in page and 'id="accept-rematch"' in page
    client.force_login(alice)
    client.post(reverse("invitations:rematch", args=[old.pk]))
    new.refresh_from_db()
    assert new.status == Game.Status.OPEN
    invitation = Invitation.objects.get(game=new, invitee=carol)
    client.force_login(carol)
    client.post(reverse("invitations:accept", args=[invitation.pk]))
    new.refresh_from_db()
    assert new.status == Game.Status.ACTIVE
    positions = dict(Seat.objects.filter(game=new).values_list("user__username", "position"))
    assert sorted(positions.values()) == [0, 1, 2] and set(positions) == {"alice", "bob", "carol"}
    assert Rematch.objects.count() == 1
    assert 'id="go-to-rematch"' in _table(client, alice, old)


def test_asking_second_is_accepting_the_first_proposal(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    old = _finished([alice, bob])
    first, created = rematch.propose(old.pk, alice)
    second, created_again = rematch.propose(old.pk, bob)
    assert created and not created_again and first.pk == second.pk
    first.game.refresh_from_db()
    assert first.game.status == Game.Status.ACTIVE  # bob's ask took the last seat
    assert Game.objects.count() == 2


def test_rematch_with_a_bot_starts_at_once(make_user):
    alice = make_user("alice")
    game = services.create_game(alice, seats=2, bots=1, bot_kind="random")
    services.resign(game.pk, alice)
    found, _created = rematch.propose(game.pk, alice)
    new = found.game
    new.refresh_from_db()
    assert new.status == Game.Status.ACTIVE
    assert list(Seat.objects.filter(game=new, kind="bot").values_list("bot_kind", flat=True)) == ["random"]


def test_only_players_of_a_finished_game_ask_for_a_rematch(client, make_user):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    game = started_game([alice, bob])
    with pytest.raises(Conflict):
        rematch.propose(game.pk, alice)
    services.resign(game.pk, alice)
    with pytest.raises(Forbidden):
        rematch.propose(game.pk, carol)
    client.force_login(carol)
    response = client.post(reverse("invitations:rematch", args=[game.pk]), follow=True)
    assert "Only the players of this game" in response.content.decode()
    assert 'id="propose-rematch"' not in _table(client, carol, game)
    assert not Rematch.objects.exists() and Game.objects.count() == 1


def test_a_declined_rematch_can_be_cancelled_and_proposed_again(client, make_user):
    alice, bob = make_user("alice"), make_user("bob")
    old = _finished([alice, bob])
    found, _created = rematch.propose(old.pk, alice)
    invitation = Invitation.objects.get(game=found.game, invitee=bob)
    client.force_login(bob)
    client.post(reverse("invitations:decline", args=[invitation.pk]), {"next": f"/games/{old.pk}/"})
    assert 'data-state="declined">bob' in _table(client, alice, old)
    services.leave(found.game.pk, alice)  # the proposer cancels the new game
    again, created = rematch.propose(old.pk, bob)
    assert created and again.game.pk != found.game.pk and again.proposed_by == bob


def test_the_rematch_box_refreshes_itself(client, make_user):
    alice, bob = make_user("alice"), make_user("bob")
    game = started_game([alice, bob])
    page = _table(client, alice, game)
    # While the game goes on the box is empty, waiting for the table to change.
    assert 'id="rematch"' in page and 'hx-trigger="table-changed from:body"' in page
    services.resign(game.pk, bob)
    panel = client.get(reverse("invitations:rematch_panel", args=[game.pk])).content.decode()
    assert 'id="propose-rematch"' in panel
    shown = re.search(r"shown=([^\"]+)\"", panel).group(1)
    url = reverse("invitations:rematch_panel", args=[game.pk]) + f"?shown={shown}"
    assert client.get(url).status_code == 204  # nothing new
    rematch.propose(game.pk, bob)
    panel = client.get(url).content.decode()
    assert 'id="accept-rematch"' in panel and "every " in panel  # polls while the answer is awaited
    assert Notification.objects.filter(kind="invitation", user=alice).exists()


@pytest.mark.parametrize("rated", [True, False])
def test_a_rematch_keeps_the_rated_flag_and_the_time_control(make_user, rated):
    alice, bob = make_user("alice"), make_user("bob")
    game = services.create_game(alice, seats=2, options={"mode": "yucata"}, rated=rated)
    services.join(game.pk, bob)
    set_time_limit(game, datetime.timedelta(days=3), "bot")
    services.resign(game.pk, alice)
    found, _created = rematch.propose(game.pk, bob)
    new = found.game
    assert new.rated is rated and (new.game, new.options) == ("guildhall", {"mode": "yucata"})
    clock = time_control_of(new)
    assert (clock.per_move, clock.policy) == (datetime.timedelta(days=3), "bot")


def test_a_rematch_of_a_game_without_a_time_limit_has_none(make_user, settings):
    settings.CLOCK_DEFAULT_PER_MOVE = datetime.timedelta(days=3)  # what a new game gets unless told otherwise
    alice = make_user("alice")
    game = services.create_game(alice, seats=2, bots=1, bot_kind="greedy", rated=True)
    set_time_limit(game, None, "end")  # the lobby's "No time limit"
    services.resign(game.pk, alice)
    new = rematch.propose(game.pk, alice)[0].game
    clock = time_control_of(new)
    assert new.rated and (clock.per_move, clock.policy) == (None, "end")


def test_no_rematch_of_a_game_the_site_no_longer_offers(make_user, settings):
    """A rematch is a new game: of a game withdrawn from OFFERED_GAMES it is refused, and nothing is made."""
    from games.exceptions import InvalidRequest

    alice = make_user("alice")
    game = services.create_game(alice, seats=2, bots=1, bot_kind="random")
    services.resign(game.pk, alice)
    settings.OFFERED_GAMES = {"dominion": None}
    before = Game.objects.count()
    with pytest.raises(InvalidRequest, match="cannot be created"):
        rematch.propose(game.pk, alice)
    assert Game.objects.count() == before and not Rematch.objects.exists()
