"""Invitation limits per inviter: waiting invitations (a game inviting more is refused whole, on the
page, in the API and for a rematch alike), emails a day, and no more emails after three declines."""

import pytest
from django.urls import reverse

from games import services
from games.exceptions import Conflict
from games.invitations import services as invitations
from games.invitations.models import Invitation
from games.models import Game
from games.notifications.models import Notification

pytestmark = pytest.mark.django_db


def test_at_most_n_invitations_wait_and_a_game_over_it_is_not_created(make_user, commit, settings, api_client_for):
    settings.INVITATIONS_OPEN_MAX = 2
    host = make_user("host")
    guests = [make_user(f"guest{i}") for i in range(4)]
    with commit():
        services.create_game(host, seats=3, invite=["guest0", "guest1"])
    games_before = Game.objects.count()
    with pytest.raises(Conflict) as refused:
        with commit():
            services.create_game(host, seats=2, invite=["guest2"])
    assert refused.value.code == "too_many_invitations" and "at most 2" in str(refused.value.detail)
    assert Game.objects.count() == games_before and Invitation.objects.count() == 2
    response = api_client_for(host).post(
        "/api/v1/games/", {"seats": 2, "invite": ["guest3"]}, format="json"
    )
    assert response.status_code == 409 and response.json()["error"] == "too_many_invitations"
    assert Game.objects.count() == games_before
    # An answer frees a place.
    invitations.decline(Invitation.objects.get(invitee=guests[0]).pk, guests[0])
    with commit():
        services.create_game(host, seats=2, invite=["guest2"])
    # Other players are not affected by host's limit.
    with commit():
        services.create_game(guests[3], seats=3, invite=["guest0", "guest1"])


def test_at_most_m_invitation_emails_a_day(client, make_user, commit, settings):
    settings.INVITATION_EMAILS_PER_DAY = 2
    host = make_user("host")
    guests = [make_user(f"guest{i}") for i in range(3)]
    for guest in guests:
        with commit():
            services.create_game(host, seats=2, invite=[guest.username])
    statuses = [Notification.objects.get(user=g).status for g in guests]
    assert statuses[:2] != ["skipped", "skipped"] and statuses[2] == "skipped"
    assert [i.emailed for i in Invitation.objects.order_by("id")] == [True, True, False]
    # The third invitation is there all the same, on "My games".
    client.force_login(guests[2])
    invitation = Invitation.objects.get(invitee=guests[2])
    assert f'data-invitation-id="{invitation.pk}"' in client.get(reverse("games:mine")).content.decode()


def test_three_declines_in_thirty_days_and_the_inviter_emails_no_more(make_user, commit):
    host, guest = make_user("host"), make_user("guest")
    for _ in range(3):
        with commit():
            game = services.create_game(host, seats=2, invite=["guest"])
        invitation = Invitation.objects.get(game=game)
        assert invitation.emailed
        invitations.decline(invitation.pk, guest)
    with commit():
        game = services.create_game(host, seats=2, invite=["guest"])
    fourth = Invitation.objects.get(game=game)
    assert not fourth.emailed and fourth.status == "pending"
    assert Notification.objects.filter(user=guest, game=game).get().status == "skipped"
    # Another inviter still reaches the guest.
    with commit():
        other = services.create_game(make_user("friend"), seats=2, invite=["guest"])
    assert Invitation.objects.get(game=other).emailed
