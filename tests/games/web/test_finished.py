"""The finished table's words: a rematch someone declined does not say it starts when the others accept."""

import pytest
from django.urls import reverse

from games import services
from games.invitations import rematch
from games.invitations import services as invitation_services
from games.invitations.models import Invitation
from games.models import Game
from tests.games.helpers import started_game

pytestmark = pytest.mark.django_db


def table(client, user, game):
    client.force_login(user)
    return client.get(reverse("games:game", args=[game.pk])).content.decode()


def test_a_declined_rematch_says_it_starts_only_if_they_accept_after_all(client, make_user):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    old = started_game([alice, bob, carol])
    services.resign(old.pk, alice)
    services.resign(old.pk, bob)
    assert Game.objects.get(pk=old.pk).status == Game.Status.FINISHED
    new = rematch.propose(old.pk, alice)[0].game
    page = table(client, alice, old)
    assert "the game starts once every player has accepted" in page
    assert 'id="rematch-declined"' not in page

    invitation_services.decline(Invitation.objects.get(game=new, invitee=bob).pk, bob)
    for viewer in (alice, bob, carol):
        page = table(client, viewer, old)
        assert 'data-state="declined">bob' in page
        assert "1 player has declined: this rematch starts only if they accept after all." in page
    assert 'id="accept-rematch"' in table(client, bob, old)  # bob may still change his mind
