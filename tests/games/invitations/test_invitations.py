"""Invitations by username: an email to the invitee (if they want invitation emails) through the outbox,
Accept (a seat, through services.join) or Decline."""

import re

import pytest
from django.urls import reverse

from accounts.models import profile_for
from games import services
from games.exceptions import Conflict, Forbidden, InvalidRequest
from games.invitations import services as invitations
from games.invitations.models import Invitation
from games.models import Game
from games.notifications import emails, outbox
from games.notifications.models import Notification
from tests.games.helpers import bodies

pytestmark = pytest.mark.django_db


def _invite(commit, host, *names, seats=None):
    with commit():
        return services.create_game(host, seats=seats or len(names) + 1, invite=list(names))


def test_an_invitation_sends_one_email_and_accepting_takes_the_seat(client, make_user, commit, smtp_server, settings):
    settings.SITE_URL = "https://guildhall.example"
    host, guest = make_user("host"), make_user("guest")
    profile = profile_for(guest)
    profile.display_name = "<b>Guest</b> & co"
    profile.save()
    game = _invite(commit, host, "guest")
    invitation = Invitation.objects.get()
    assert (invitation.invitee, invitation.inviter, invitation.status) == (guest, host, "pending")
    [(rcpts, message)] = smtp_server.messages
    assert rcpts == [guest.email]
    assert message["Subject"] == f"Guildhall: host invites you to game {game.pk}"
    text, html = bodies(message)
    assert "host invites you to a game of Guildhall" in text and "Players so far: host." in text
    page = f"https://guildhall.example/invitations/{invitation.pk}/"
    assert page in text and page in html
    assert "&lt;b&gt;Guest&lt;/b&gt; &amp; co" in html and "<b>Guest</b>" not in html  # the greeting, escaped
    token = re.search(r"/notifications/unsubscribe/([^/]+)/", text).group(1)
    assert emails.read_unsubscribe_token(token) == (guest.pk, "invitations")
    # Exactly once.
    assert outbox.relay() == 0 and all(outbox.deliver(n.pk) is None for n in Notification.objects.all())

    client.force_login(guest)
    html = client.get(reverse("games:mine")).content.decode()
    assert f'data-invitation-id="{invitation.pk}"' in html
    assert "Accept and join" in client.get(page.removeprefix("https://guildhall.example")).content.decode()
    response = client.post(reverse("invitations:accept", args=[invitation.pk]))
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    game.refresh_from_db()
    invitation.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and invitation.status == "accepted" and invitation.answered_at
    assert f'data-invitation-id="{invitation.pk}"' not in client.get(reverse("games:mine")).content.decode()


def test_declining_keeps_the_game_private_and_tells_its_players(client, make_user, commit):
    host, guest, stranger = make_user("host"), make_user("guest"), make_user("stranger")
    game = _invite(commit, host, "guest")
    invitation = Invitation.objects.get()
    client.force_login(guest)
    response = client.post(reverse("invitations:decline", args=[invitation.pk]), {"next": "https://evil.example/"})
    assert response.status_code == 302 and response["Location"] == reverse("games:mine")
    response = client.post(reverse("invitations:decline", args=[invitation.pk]), {"next": "-1"})
    assert response.status_code == 302 and response["Location"] == "-1"  # a URL, never a view name
    invitation.refresh_from_db()
    assert invitation.status == "declined"
    assert f'data-invitation-id="{invitation.pk}"' not in client.get(reverse("games:mine")).content.decode()
    # Still by invitation only: a stranger cannot join.
    with pytest.raises(Forbidden):
        services.join(game.pk, stranger)
    client.force_login(host)
    waiting = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert 'id="invitation-answers"' in waiting and 'data-state="declined"' in waiting
    # Changing one's mind: accepting while the seat is free still works.
    invitations.accept(invitation.pk, guest)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    with pytest.raises(Conflict):
        invitations.decline(invitation.pk, guest)


def test_only_the_invitee_answers(client, make_user, commit):
    host, _guest, other = make_user("host"), make_user("guest"), make_user("other")
    _invite(commit, host, "guest")
    invitation = Invitation.objects.get()
    client.force_login(other)
    assert client.get(reverse("invitations:invitation", args=[invitation.pk])).status_code == 404
    assert client.post(reverse("invitations:accept", args=[invitation.pk])).status_code == 404
    assert client.post(reverse("invitations:decline", args=[invitation.pk])).status_code == 404
    invitation.refresh_from_db()
    assert invitation.status == "pending"
    huge = "9" * 30  # beyond the database's integers: no such row, not a server error
    assert client.get(f"/invitations/{huge}/").status_code == 404
    assert client.post(f"/invitations/{huge}/accept/").status_code == 404
    assert client.post(f"/invitations/{huge}/decline/").status_code == 404
    assert client.post(f"/invitations/links/{huge}/revoke/").status_code == 404
    assert client.post(f"/games/{huge}/links/", {"single_use": "1", "days": "1"}).status_code == 404
    assert client.post(f"/games/{huge}/rematch/").status_code == 404
    assert client.get(f"/games/{huge}/rematch/panel/").status_code == 404


def test_no_email_for_who_does_not_want_them_or_has_answered(make_user, commit, smtp_server):
    host, quiet, quick = make_user("host"), make_user("quiet"), make_user("quick")
    profile = profile_for(quiet)
    profile.invitation_emails = False
    profile.save()
    game = _invite(commit, host, "quiet")
    assert smtp_server.messages == []
    assert Notification.objects.get(user=quiet).status == "skipped"
    # An invitation answered before its email goes out is not sent.
    with commit():
        services.create_game(host, seats=2, invite=["quick"])
        pending = Notification.objects.get(user=quick)
        Invitation.objects.filter(invitee=quick).update(status="declined")
    assert Notification.objects.get(pk=pending.pk).status == "skipped"
    assert smtp_server.messages == []
    # And a game that started without them (the host started it early) is no reason to write either.
    assert game.status == Game.Status.OPEN


def test_the_one_click_unsubscribe_turns_invitation_emails_off(client, make_user):
    user = make_user("guest")
    token = emails.unsubscribe_token(user.pk, "invitations")
    response = client.post(f"/notifications/unsubscribe/{token}/", {"List-Unsubscribe": "One-Click"})
    assert response.status_code == 200
    user.profile.refresh_from_db()
    assert user.profile.invitation_emails is False
    client.force_login(user)
    assert 'name="invitation_emails"' in client.get(reverse("profile_settings")).content.decode()


def test_invitations_made_through_the_api_are_invitations_too(make_user, api_client_for, commit, smtp_server):
    host, guest = make_user("host"), make_user("guest")
    with commit():
        response = api_client_for(host).post("/api/v1/games/", {"seats": 2, "invite": ["guest"]}, format="json")
    assert response.status_code == 201
    assert Invitation.objects.get().invitee == guest
    assert smtp_server.to(guest.email)


def test_an_invitation_to_a_suspended_or_deleted_account_is_refused_like_one_to_nobody(make_user, api_client_for):
    """Inviting a suspended account, or a deleted one, is refused with the words an unknown name gets, and
    nothing is created: whether an account is suspended is not the inviter's to learn."""
    from django.contrib.auth.models import Permission

    from accounts import services as account_services
    from social.moderation import services as moderation

    alice, suspended, gone = make_user("alice"), make_user("suspended"), make_user("gone")
    moderator = make_user("mod", is_staff=True)
    moderator.user_permissions.add(Permission.objects.get(codename="moderate"))
    moderation.suspend(suspended, moderator, "spam")
    account_services.delete_account(gone, gone.raw_password)
    gone.refresh_from_db()
    client = api_client_for(alice)
    unknown = client.post("/api/v1/games/", {"seats": 2, "invite": ["nobody-at-all"]}, format="json").json()
    for name in (suspended.username, gone.username):
        refused = client.post("/api/v1/games/", {"seats": 2, "invite": [name]}, format="json")
        assert refused.status_code == 400
        body = refused.json()
        assert body["fields"] == {"invite": [f"Unknown users: {name}."]}
        assert body["detail"].replace(name, "?") == unknown["detail"].replace("nobody-at-all", "?")
    with pytest.raises(InvalidRequest):
        services.create_game(alice, seats=2, invite=[suspended.username])
    assert not Game.objects.exists() and not Invitation.objects.exists()
