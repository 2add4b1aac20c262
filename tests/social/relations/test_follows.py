"""Following players: follow/unfollow from a profile, the lists on the profile."""

import pytest
from django.urls import reverse

from games.exceptions import InvalidRequest
from social.relations import services as friends
from social.relations.models import Relation

pytestmark = pytest.mark.django_db


def _profile(client, username):
    return client.get(reverse("public_profile", args=[username])).content.decode()


def test_follow_and_unfollow_from_the_profile(client, make_user):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    client.force_login(alice)
    assert 'id="follow"' in _profile(client, "bob")
    response = client.post(reverse("relations:follow", args=["bob"]))
    assert response.status_code == 302 and response["Location"] == "/players/bob/"
    client.post(reverse("relations:follow", args=["bob"]))  # twice is once
    assert Relation.objects.filter(from_user=alice, to_user=bob, kind="follow").count() == 1
    page = _profile(client, "bob")
    assert 'id="unfollow"' in page and "1 follower" in page and 'href="/players/alice/"' in page
    friends.follow(carol, bob)
    friends.follow(bob, carol)
    page = _profile(client, "bob")
    assert "2 followers" in page and "Follows 1 player" in page
    assert page.index('id="following"') < page.index("/players/carol/")
    client.post(reverse("relations:unfollow", args=["bob"]))
    assert not Relation.objects.filter(from_user=alice).exists()
    assert "1 follower" in _profile(client, "bob")


def test_nobody_follows_themselves_and_strangers_must_sign_in(client, make_user):
    alice = make_user("alice")
    with pytest.raises(InvalidRequest):
        friends.follow(alice, alice)
    client.force_login(alice)
    page = _profile(client, "alice")
    assert 'id="follow"' not in page and 'id="unfollow"' not in page
    client.post(reverse("relations:follow", args=["alice"]))
    assert client.post(reverse("relations:follow", args=["nobody"])).status_code == 404
    assert not Relation.objects.exists()
    client.logout()
    response = client.post(reverse("relations:follow", args=["alice"]))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert 'id="follow"' not in _profile(client, "alice")  # the lists are public, the button is not
    assert not Relation.objects.exists()
