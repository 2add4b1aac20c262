"""The token check (accounts.tokens.find, accounts.authentication): every API request reads its token and
its user from the database, so a token that ends is refused at once by every process, whatever cache the
site runs with (the embedded default's is per process)."""

import importlib
import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.apps import apps
from django.contrib.auth.hashers import make_password
from django.db import connection
from django.test import Client

from accounts import tokens
from accounts.models import ApiToken

pytestmark = pytest.mark.django_db

GAMES = "/api/v1/games/"
ROOT = Path(__file__).resolve().parents[2]


def status_with(token):
    return Client().get(GAMES, HTTP_AUTHORIZATION=f"Token {token}").status_code


def database_url():
    """The URL of the database this test runs on (the test database), for another process."""
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    return f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


def test_each_check_reads_the_token_and_its_user_in_one_query(make_user, django_assert_num_queries):
    user = make_user()
    _token, raw = tokens.issue(user, "laptop")
    for _ in range(2):
        with django_assert_num_queries(1):
            found = tokens.find(raw)
            assert found.user.username == user.username
    with django_assert_num_queries(1):
        assert tokens.find(raw[:-1] + ("A" if raw[-1] != "A" else "B")) is None  # a wrong token is never found
    with django_assert_num_queries(0):
        assert tokens.find("") is None and tokens.find("x" * 201) is None


@pytest.mark.django_db(transaction=True)
def test_a_password_changed_by_another_process_ends_the_token_at_once(make_user):
    """``manage.py changepassword`` in a process of its own, on the same database: the very next request
    of this process, which has just served the token, refuses it."""
    user = make_user()
    _token, raw = tokens.issue(user, "laptop")
    assert status_with(raw) == 200 and status_with(raw) == 200  # served twice: anything cacheable is cached
    new_password = f"another process {secrets.token_hex(8)}"
    env = {**os.environ, "DATABASE_URL": database_url()}
    changed = subprocess.run(
        [sys.executable, "manage.py", "changepassword", user.username],
        cwd=ROOT,
        env=env,
        input=f"{new_password}\n{new_password}\n",
        capture_output=True,
        text=True,
        timeout=120,
        start_new_session=True,  # no terminal of its own: getpass reads the password from stdin
    )
    assert changed.returncode == 0, changed.stderr
    assert "Password changed successfully" in changed.stdout
    assert status_with(raw) == 401
    assert not ApiToken.objects.filter(user=user).exists()


def test_revoking_takes_effect_at_once(make_user):
    user = make_user()
    token, raw = tokens.issue(user, "laptop")
    assert status_with(raw) == 200
    assert tokens.revoke(user, token.pk)
    assert tokens.find(raw) is None
    assert status_with(raw) == 401


def test_a_new_token_of_the_same_name_ends_the_old_one(make_user):
    user = make_user()
    _old, old_raw = tokens.issue(user, "laptop")
    assert tokens.find(old_raw) is not None
    _new, new_raw = tokens.issue(user, "laptop")
    assert tokens.find(old_raw) is None and tokens.find(new_raw) is not None


def test_a_password_change_ends_the_tokens(make_user):
    user = make_user()
    _token, raw = tokens.issue(user, "laptop")
    assert status_with(raw) == 200
    user.set_password("a-new-password-for-sure")
    user.save()
    assert status_with(raw) == 401


def test_a_user_changed_past_the_orm_s_signals_is_read_as_it_is(make_user, django_user_model):
    """A queryset update() sends no signal: the check still sees it, at the next request."""
    user = make_user()
    _token, raw = tokens.issue(user, "laptop")
    assert status_with(raw) == 200
    django_user_model.objects.filter(pk=user.pk).update(is_active=False)
    assert status_with(raw) == 401
    django_user_model.objects.filter(pk=user.pk).update(is_active=True)
    assert status_with(raw) == 200


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


def test_last_used_is_written_once_per_resolution(make_user, django_assert_num_queries):
    user = make_user()
    token, raw = tokens.issue(user, "laptop")
    assert status_with(raw) == 200
    used = ApiToken.objects.get(user=user).last_used_at
    assert used is not None
    assert status_with(raw) == 200
    assert ApiToken.objects.get(user=user).last_used_at == used  # not written again within the resolution
    found = tokens.find(raw)
    with django_assert_num_queries(0):
        tokens.mark_used(found, now=used + tokens.USED_RESOLUTION / 2)
    with django_assert_num_queries(1):
        tokens.mark_used(found, now=used + tokens.USED_RESOLUTION)
    assert ApiToken.objects.get(pk=token.pk).last_used_at == used + tokens.USED_RESOLUTION


def test_a_password_written_past_the_orm_s_signals_ends_the_tokens(make_user, django_user_model):
    """A queryset update() of the password field (no signal, no set_password) ends them too: each check
    compares the token's session hash with the one of the user row it read."""
    user = make_user()
    _token, raw = tokens.issue(user, "laptop")
    assert status_with(raw) == 200
    django_user_model.objects.filter(pk=user.pk).update(password=make_password("set in bulk"))
    assert status_with(raw) == 401
    assert not ApiToken.objects.filter(user=user).exists()  # deleted when presented


def test_no_receiver_of_user_saves_touches_the_tokens(make_user):
    """The check needs no signal: the save of a new password leaves the row, which the check refuses."""
    user = make_user()
    token, raw = tokens.issue(user, "laptop")
    user.set_password("a-new-password-for-sure")
    user.save()
    assert ApiToken.objects.filter(pk=token.pk).exists()  # still stored, and refused
    assert tokens.find(raw) is None


def test_the_settings_list_and_the_count_leave_out_ended_tokens(make_user):
    user = make_user()
    tokens.issue(user, "laptop")
    tokens.issue(user, "phone")
    user.set_password("a-new-password-for-sure")
    user.save()
    assert tokens.tokens_of(user) == []
    assert not ApiToken.objects.filter(user=user).exists()
    new, raw = tokens.issue(user, "laptop")
    assert tokens.find(raw) == new


def test_a_token_without_a_session_hash_is_refused(make_user):
    user = make_user()
    token, raw = tokens.issue(user, "laptop")
    ApiToken.objects.filter(pk=token.pk).update(session_hash="")
    assert tokens.find(raw) is None


def test_the_migration_gives_existing_tokens_their_user_s_present_hash(make_user):
    migration = importlib.import_module("accounts.migrations.0006_apitoken_session_hash")
    user, other = make_user(), make_user()
    _token, raw = tokens.issue(user, "laptop")
    _theirs, their_raw = tokens.issue(other, "phone")
    ApiToken.objects.update(session_hash="")
    migration.fill_session_hashes(apps, None)
    assert tokens.find(raw).user == user and tokens.find(their_raw).user == other
