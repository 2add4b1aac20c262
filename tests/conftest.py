"""Shared fixtures.

Services: tests marked ``postgres`` / ``redis`` need DATABASE_URL (PostgreSQL) / REDIS_URL. Without
them such a test is skipped, unless REQUIRE_SERVICES=1, under which it fails (CI's second run).
Celery runs in-process in tests (CELERY_TASK_ALWAYS_EAGER) unless a test starts a real worker.
"""

import os
import secrets

import pytest
from django.conf import settings

REQUIRE_SERVICES = os.environ.get("REQUIRE_SERVICES") == "1"


def _missing_service(item):
    if item.get_closest_marker("postgres") and settings.DATABASES["default"]["ENGINE"] != (
        "django.db.backends.postgresql"
    ):
        return "PostgreSQL (set DATABASE_URL=postgres://...)"
    if item.get_closest_marker("redis") and not settings.REDIS_URL:
        return "Redis (set REDIS_URL=redis://...)"
    return None


def pytest_runtest_setup(item):
    missing = _missing_service(item)
    if missing:
        if REQUIRE_SERVICES:
            pytest.fail(f"REQUIRE_SERVICES=1 but this test needs {missing}", pytrace=False)
        pytest.skip(f"needs {missing}")


@pytest.fixture(autouse=True)
def _eager_celery_no_throttle(settings):
    """Tasks run in-process; the write throttle and the chat's are off unless a test sets a rate."""
    from guildhall_site.celery import app

    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    settings.GUILDHALL_WRITE_THROTTLE_RATE = None
    settings.CHAT_THROTTLE_RATE = None  # the chat's own rate, likewise (tests/games/chat sets one)
    # A fast hasher: users are created by the dozen (production keeps Django's default).
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    yield
    app.conf.task_always_eager = previous


@pytest.fixture(autouse=True)
def _language_of_its_own():
    """Every test starts in the default language: a page asked for with a player's language leaves it
    active in the test's thread (the locale middleware activates it), and the next test would read
    Spanish where it expects English."""
    from django.utils import translation

    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _fresh_rate_limits():
    """Every test starts with no sign-in attempts, lockouts or write counts on record (user ids and the
    client address repeat from test to test)."""
    _clear_rate_limits()
    yield


def _clear_rate_limits():
    from django.core.cache import cache

    from guildhall_site.cache import ResilientRedisCache

    if isinstance(cache, ResilientRedisCache):
        client = cache.redis_client
        # Only this run's keys (their prefix): another run may share the database (tests/parallel.py).
        for pattern in (f"{cache.key_prefix}:*:allauth:rl:*", f"{cache.key_prefix}:*:throttle:*"):
            keys = list(client.scan_iter(pattern))
            if keys:
                client.delete(*keys)
        cache._fallback.clear()
    else:
        cache.clear()


@pytest.fixture
def make_user(django_user_model):
    def make(username=None, password="pw-not-secret-123", verified=True, **extra):
        """A user with a password and (unless ``email=""``) an email address, confirmed unless
        ``verified=False`` (emails go only to confirmed addresses)."""
        from allauth.account.models import EmailAddress

        username = username or f"user_{secrets.token_hex(4)}"
        extra.setdefault("email", f"{username}@example.com")
        user = django_user_model.objects.create_user(username=username, password=password, **extra)
        if user.email:
            EmailAddress.objects.create(user=user, email=user.email, primary=True, verified=verified)
        user.raw_password = password
        return user

    return make


@pytest.fixture
def api_client_for():
    """An APIClient that authenticates with the user's real API token (as scripts do)."""
    from rest_framework.test import APIClient

    from accounts import tokens

    issued = {}

    def client_for(user):
        client = APIClient()
        if user is not None:
            if user.pk not in issued:
                issued[user.pk] = tokens.issue(user, "tests")[1]
            client.credentials(HTTP_AUTHORIZATION=f"Token {issued[user.pk]}")
        return client

    return client_for
