"""Invitation links: signed, expiring, single-use or for anyone until the game is full; reuse, expiry,
tampering and withdrawal are refused with a clear message and change nothing."""

import datetime
import time

import pytest
import time_machine
from django.core import signing
from django.urls import reverse

from games import services
from games.exceptions import Forbidden, InvalidRequest
from games.invitations import services as links
from games.invitations.models import Invitation, InviteLink
from games.models import Game, Seat

pytestmark = pytest.mark.django_db


def _link_url(token):
    return reverse("invitations:join_link", args=[token])


def _join(client, user, token):
    client.force_login(user)
    return client.post(_link_url(token))


def _seated(game):
    return set(Seat.objects.filter(game=game).values_list("user__username", flat=True))


def test_a_single_use_link_seats_one_player_and_is_then_refused(client, make_user):
    host, carol, dave = make_user("host"), make_user("carol"), make_user("dave")
    game = services.create_game(host, seats=3)
    client.force_login(host)
    response = client.post(reverse("invitations:create_link", args=[game.pk]), {"single_use": "1", "days": "3"})
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/#links"
    link = InviteLink.objects.get()
    assert link.single_use and link.created_by == host
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    url = next(part for part in page.split('"') if "/join/" in part)  # the link shown to copy
    token = url.rsplit("/join/", 1)[1].rstrip("/")
    assert links.link_from_token(token) == link

    client.force_login(carol)
    assert "Join this game" in client.get(_link_url(token)).content.decode()
    response = _join(client, carol, token)
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    response = _join(client, dave, token)
    assert response.status_code == 410 and "already been used" in response.content.decode()
    client.force_login(dave)
    assert "already been used" in client.get(_link_url(token)).content.decode()
    assert _seated(game) == {"host", "carol"}
    link.refresh_from_db()
    assert (link.uses, link.used_by) == (1, carol)


def test_a_link_for_anyone_works_until_the_game_is_full(client, make_user):
    host, a, b, c = make_user("host"), make_user("a"), make_user("b"), make_user("c")
    game = services.create_game(host, seats=3)
    _link, token = links.create_link(game.pk, host, single_use=False, days=7)
    assert _join(client, a, token).status_code == 302
    assert _join(client, a, token).status_code == 302  # a second visit of a seated player: to the table
    assert _join(client, b, token).status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and _seated(game) == {"host", "a", "b"}
    response = _join(client, c, token)
    assert response.status_code == 410 and "not waiting for players" in response.content.decode()
    assert InviteLink.objects.get().uses == 2


def test_a_link_lets_its_holder_into_a_game_by_invitation(make_user):
    host, friend, outsider = make_user("host"), make_user("friend"), make_user("outsider")
    game = services.create_game(host, seats=3, invite=["friend"])
    with pytest.raises(Forbidden):
        services.join(game.pk, outsider)
    _link, token = links.create_link(game.pk, host)
    links.join_by_link(token, outsider)
    assert set(game.invited.values_list("username", flat=True)) == {"friend", "outsider"}
    # Listed, but not asked: the link was the answer.
    assert Invitation.objects.get(invitee=outsider).status == "accepted"
    assert Invitation.objects.get(invitee=friend).status == "pending"


def test_expired_links_are_refused(client, make_user, settings):
    host, late = make_user("host"), make_user("late")
    game = services.create_game(host, seats=2)
    with time_machine.travel(datetime.datetime(2027, 5, 1, 12, 0, tzinfo=datetime.UTC), tick=False) as traveller:
        _link, token = links.create_link(game.pk, host, days=1)
        traveller.move_to(datetime.datetime(2027, 5, 2, 11, 59, tzinfo=datetime.UTC))
        client.force_login(late)
        assert client.get(_link_url(token)).status_code == 200
        traveller.move_to(datetime.datetime(2027, 5, 2, 12, 0, tzinfo=datetime.UTC))
        response = _join(client, late, token)
        assert response.status_code == 410 and "expired" in response.content.decode()
    assert _seated(game) == {"host"}
    # The signature expires on its own too, after INVITE_LINK_MAX_DAYS, whatever the row says.
    long_lived = InviteLink.objects.create(
        game=game, created_by=host, expires_at=datetime.datetime(2999, 1, 1, tzinfo=datetime.UTC)
    )

    class OldSigner(signing.TimestampSigner):
        def timestamp(self):
            return signing.b62_encode(int(time.time()) - (settings.INVITE_LINK_MAX_DAYS + 1) * 86400)

    old_token = OldSigner(salt=links.LINK_SALT).sign_object({"l": long_lived.pk}, compress=True)
    response = _join(client, late, old_token)
    assert response.status_code == 410 and "expired" in response.content.decode()
    assert _seated(game) == {"host"}


def test_tampered_withdrawn_and_foreign_links_are_refused(client, make_user):
    host, guest, stranger = make_user("host"), make_user("guest"), make_user("stranger")
    game = services.create_game(host, seats=3)
    link, token = links.create_link(game.pk, host)
    forged = signing.dumps({"l": link.pk}, salt="another.salt", compress=True)
    for bad in (token[:-2] + "xx", forged, "nonsense", signing.dumps({"l": "1"}, salt=links.LINK_SALT)):
        response = _join(client, guest, bad)
        assert response.status_code == 410 and "not valid" in response.content.decode(), bad
    # Only its maker withdraws a link.
    client.force_login(stranger)
    assert client.post(reverse("invitations:revoke_link", args=[link.pk])).status_code == 404
    client.force_login(host)
    client.post(reverse("invitations:revoke_link", args=[link.pk]))
    response = _join(client, guest, token)
    assert response.status_code == 410 and "withdrawn" in response.content.decode()
    assert _seated(game) == {"host"}
    # Only the players of an open game make links to it.
    with pytest.raises(Forbidden):
        links.create_link(game.pk, stranger)
    with pytest.raises(InvalidRequest):
        links.create_link(game.pk, host, days=15)
    client.force_login(stranger)
    client.post(reverse("invitations:create_link", args=[game.pk]), {"single_use": "1", "days": "7"})
    assert InviteLink.objects.count() == 1


def test_signed_out_visitors_sign_in_first(client, make_user):
    host = make_user("host")
    game = services.create_game(host, seats=2)
    _link, token = links.create_link(game.pk, host)
    response = client.get(_link_url(token))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert _link_url(token) in response["Location"].replace("%3A", ":")
