"""The token lookup cache (accounts.tokens.find): a found token is served from the shared cache, and a
revoked, replaced or password-ended token, or a changed user, is read from the database again at once."""

import pytest
from django.core.cache import cache
from django.test import Client

from accounts import tokens
from accounts.models import ApiToken

pytestmark = pytest.mark.django_db

GAMES = "/api/v1/games/"


def status_with(token):
    return Client().get(GAMES, HTTP_AUTHORIZATION=f"Token {token}").status_code


def test_a_found_token_is_served_from_the_cache(make_user, django_assert_num_queries):
    user = make_user()
    _token, raw = tokens.issue(user, "laptop")
    first = tokens.find(raw)
    assert first.user == user
    with django_assert_num_queries(0):
        again = tokens.find(raw)
    assert again.pk == first.pk and again.user.username == user.username
    assert tokens.find(raw[:-1] + ("A" if raw[-1] != "A" else "B")) is None  # a wrong token is never found


def test_revoking_takes_effect_at_once(make_user, django_capture_on_commit_callbacks):
    user = make_user()
    token, raw = tokens.issue(user, "laptop")
    assert status_with(raw) == 200  # cached now
    with django_capture_on_commit_callbacks(execute=True):
        assert tokens.revoke(user, token.pk)
    assert tokens.find(raw) is None
    assert status_with(raw) == 401


def test_a_lookup_cannot_put_a_revoked_token_back(make_user):
    """A request that read the token just before it was revoked only adds to the cache: the revocation's
    marker stays, and the token is not found afterwards."""
    user = make_user()
    token, raw = tokens.issue(user, "laptop")
    stale_copy = ApiToken.objects.select_related("user").get(pk=token.pk)
    tokens.revoke(user, token.pk)
    cache.add(tokens.cache_key(token.digest), stale_copy, tokens.CACHE_SECONDS)  # what that request would do
    assert tokens.find(raw) is None


def test_a_new_token_of_the_same_name_ends_the_cached_one(make_user):
    user = make_user()
    _old, old_raw = tokens.issue(user, "laptop")
    assert tokens.find(old_raw) is not None
    _new, new_raw = tokens.issue(user, "laptop")
    assert tokens.find(old_raw) is None and tokens.find(new_raw) is not None


def test_a_password_change_ends_cached_tokens(make_user):
    user = make_user()
    _token, raw = tokens.issue(user, "laptop")
    assert status_with(raw) == 200
    user.set_password("a-new-password-for-sure")
    user.save()
    assert status_with(raw) == 401


def test_a_deactivated_user_is_refused_at_once(make_user):
    user = make_user()
    _token, raw = tokens.issue(user, "laptop")
    assert status_with(raw) == 200
    user.is_active = False
    user.save(update_fields=["is_active"])
    assert status_with(raw) == 401
    user.is_active = True
    user.save(update_fields=["is_active"])
    assert status_with(raw) == 200


def test_last_used_is_written_once_per_resolution(make_user):
    user = make_user()
    _token, raw = tokens.issue(user, "laptop")
    assert status_with(raw) == 200
    used = ApiToken.objects.get(user=user).last_used_at
    assert used is not None
    assert status_with(raw) == 200
    assert ApiToken.objects.get(user=user).last_used_at == used  # not written again within the resolution
