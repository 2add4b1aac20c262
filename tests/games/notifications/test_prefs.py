"""``prefs_for`` reads a user's preferences, confirmed address and push subscriptions in one statement
written once per process: it must say what the ORM's definitions (``confirmed``, the profile's
defaults) say."""

import pytest
from allauth.account.models import EmailAddress
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.models import Profile
from games.notifications import outbox
from games.notifications.models import PushSubscription

pytestmark = pytest.mark.django_db


def _orm_confirmed(user):
    return outbox.confirmed(type(user).objects.filter(pk=user.pk)).get().has_confirmed_email


def test_one_query_gives_the_profile_the_confirmed_address_and_the_push_subscription(make_user):
    alice = make_user("alice")
    profile, _ = Profile.objects.get_or_create(user=alice)
    profile.turn_email, profile.digest_hour, profile.time_zone = "digest", 19, "Europe/Madrid"
    profile.save()
    PushSubscription.objects.create(user=alice, endpoint="https://push.example/1", p256dh="k", auth="a")
    with CaptureQueriesContext(connection) as queries:
        user, prefs = outbox.prefs_for(alice.pk)
        assert (prefs.turn_email, prefs.digest_hour, str(prefs.tz)) == ("digest", 19, "Europe/Madrid")
        assert user.profile == profile
    assert len(queries) == 1
    assert user.pk == alice.pk and user.email == alice.email
    assert user.has_confirmed_email is True and user.has_push_subscription is True
    assert outbox.address_of(user) == alice.email


def test_the_confirmed_address_is_the_orms_case_insensitive_verified_match(make_user):
    same_case = make_user("same_case")
    other_case = make_user("other_case", email="Other.Case@Example.com", verified=False)
    EmailAddress.objects.create(user=other_case, email="other.case@example.com", verified=True)
    unverified = make_user("unverified", verified=False)
    another_address = make_user("another_address", verified=False)
    EmailAddress.objects.create(user=another_address, email="elsewhere@example.com", verified=True)
    no_email = make_user("no_email", email="")
    # "_" is a wildcard of SQL's LIKE: the address a_b@ must not count as confirmed by axb@.
    wildcard = make_user("wildcard", email="a_b@example.com", verified=False)
    EmailAddress.objects.create(user=wildcard, email="axb@example.com", verified=True)
    for user, expected in [
        (wildcard, False),
        (same_case, True),
        (other_case, True),
        (unverified, False),
        (another_address, False),
        (no_email, False),
    ]:
        found, _prefs = outbox.prefs_for(user.pk)
        assert found.has_confirmed_email is expected, user.username
        assert _orm_confirmed(user) is expected, user.username
        assert found.has_push_subscription is False


def test_without_a_profile_row_the_defaults_hold_and_no_further_query_is_made(make_user):
    bob = make_user("bob")
    Profile.objects.filter(user=bob).delete()
    with CaptureQueriesContext(connection) as queries:
        user, prefs = outbox.prefs_for(bob.pk)
        assert prefs.turn_email == outbox.TURN_EMAIL_DEFAULTS["turn_email"]
        assert prefs.turn_push is outbox.TURN_EMAIL_DEFAULTS["turn_push"]
    assert len(queries) == 1
    assert user.username == "bob"


def test_an_unknown_user_has_no_prefs():
    assert outbox.prefs_for(2**62) == (None, None)
