"""The header counts the invitations waiting for an answer; the live socket's "your games changed" makes
the page fetch it again (tests/games/live/test_chat_and_badges.py)."""

from django.urls import reverse

from games import services
from social.relations import services as blocks


def _nav(client, user):
    client.force_login(user)
    return client.get(reverse("live:nav")).content.decode()


def test_the_header_counts_invitations_waiting_for_an_answer(client, make_user):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    assert 'id="invitations-waiting"' not in _nav(client, bob)
    services.create_game(alice, seats=2, invite=["bob"])
    game = services.create_game(carol, seats=2, invite=["bob"])
    assert "2 invitations" in _nav(client, bob)
    services.join(game.pk, bob)  # answered by taking the seat
    assert "1 invitation<" in _nav(client, bob)
    assert 'id="invitations-waiting"' not in _nav(client, alice)


def test_an_invitation_from_a_blocked_player_is_not_counted(client, make_user):
    alice, bob = make_user("alice"), make_user("bob")
    blocks.block(bob, alice)
    services.create_game(alice, seats=2, invite=["bob"])
    assert 'id="invitations-waiting"' not in _nav(client, bob)
