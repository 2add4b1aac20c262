"""Settings: production refuses to start without a secret key, `check --deploy` is clean, the
protections are on. Each case runs manage.py in a subprocess with a controlled environment."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STRONG_KEY = "k" * 20 + "Xy7#p!Qz9@Lm2$Vb8&Rt5^Wn3*Hc6(Jd4)Fg1"


def manage(*args, **env_overrides):
    # A clean deployment environment: none of the variables tests themselves may set (e.g. the
    # browser tests' DJANGO_ALLOW_ASYNC_UNSAFE, which check --deploy rightly refuses).
    dropped = {"SECRET_KEY", "DEBUG", "DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE", "EMAIL_URL"}
    env = {k: v for k, v in os.environ.items() if k not in dropped}
    env["EMAIL_URL"] = "smtp://127.0.0.1:25"
    env.update(env_overrides)
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


def test_production_refuses_to_start_without_secret_key():
    result = manage("check", DJANGO_SETTINGS_MODULE="guildhall_site.settings.production", ALLOWED_HOSTS="x.example")
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_production_refuses_to_start_without_email_url():
    result = manage(
        "check",
        DJANGO_SETTINGS_MODULE="guildhall_site.settings.production",
        SECRET_KEY=STRONG_KEY,
        ALLOWED_HOSTS="guildhall.example",
        EMAIL_URL="",
    )
    assert result.returncode != 0
    assert "EMAIL_URL must be set" in result.stderr


def test_debug_off_refuses_to_start_without_secret_key():
    result = manage("check", DEBUG="0")
    assert result.returncode != 0 and "SECRET_KEY must be set" in result.stderr


def test_check_deploy_is_clean_under_production_settings():
    result = manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_SETTINGS_MODULE="guildhall_site.settings.production",
        SECRET_KEY=STRONG_KEY,
        ALLOWED_HOSTS="guildhall.example",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_settings_values():
    code = (
        "from django.conf import settings as s;"
        "print(s.DEBUG, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.LANGUAGE_COOKIE_SECURE,"
        " s.SECURE_SSL_REDIRECT, s.X_FRAME_OPTIONS)"
    )
    result = manage(
        "shell",
        "-c",
        code,
        DJANGO_SETTINGS_MODULE="guildhall_site.settings.production",
        SECRET_KEY=STRONG_KEY,
        ALLOWED_HOSTS="guildhall.example",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[-6:] == ["False", "True", "True", "True", "True", "DENY"]


@pytest.mark.django_db
def test_protections_on_in_default_settings(client, settings):
    assert "django.middleware.csrf.CsrfViewMiddleware" in settings.MIDDLEWARE
    assert "django.middleware.clickjacking.XFrameOptionsMiddleware" in settings.MIDDLEWARE
    response = client.get("/")
    assert response.status_code == 200
    assert response["X-Frame-Options"] == "DENY"


def test_environment_selects_services():
    code = (
        "from django.conf import settings as s;"
        "print(s.DATABASES['default']['ENGINE'], s.CACHES['default']['BACKEND'], s.CELERY_TASK_ALWAYS_EAGER,"
        " s.EMAIL_BACKEND)"
    )
    env = {"DATABASE_URL": "", "REDIS_URL": "", "EMAIL_URL": ""}
    embedded = manage("shell", "-c", code, **env).stdout.split()[-4:]
    assert embedded == [
        "django.db.backends.sqlite3",
        "django.core.cache.backends.locmem.LocMemCache",
        "True",
        "django.core.mail.backends.console.EmailBackend",
    ]
    env = {
        "DATABASE_URL": "postgres://u@db.example:5432/g",
        "REDIS_URL": "redis://cache.example:6379/0",
        "EMAIL_URL": "smtp+tls://u:p@mail.example:587",
    }
    services = manage("shell", "-c", code, **env).stdout.split()[-4:]
    assert services == [
        "django.db.backends.postgresql",
        "ops.cache.MeteredResilientRedisCache",
        "False",
        "django.core.mail.backends.smtp.EmailBackend",
    ]
