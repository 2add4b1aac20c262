"""Settings: production refuses to start without a secret key, `check --deploy` is clean, the
protections are on. Each case runs manage.py in a subprocess with a controlled environment."""

import ast
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


def _module_level_settings(tree):
    """Upper-case names a module assigns, at any depth of its module-level statements (if/else included),
    not inside functions."""
    names = []

    def visit(statements):
        for node in statements:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            targets = node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]
            for target in targets:
                if isinstance(target, ast.Name) and target.id.isupper():
                    names.append(target.id)
            for field in ("body", "orelse", "handlers", "finalbody"):
                visit(getattr(node, field, []) or [])

    visit(tree.body)
    return names


def test_every_setting_is_defined_in_one_module_and_found_by_its_name():
    """No star import, no setting assembled from pieces of other modules: `grep -rn NAME
    guildhall_site/settings` finds the one statement that defines it, and INSTALLED_APPS is one list."""
    package = ROOT / "guildhall_site" / "settings"
    trees = {path.name: ast.parse(path.read_text()) for path in package.glob("*.py")}
    for name, tree in trees.items():
        stars = [node.module for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom) and any(alias.name == "*" for alias in node.names)]
        assert stars == [], f"{name} imports * from {stars}"
        if name != "__init__.py":
            assert _module_level_settings(tree) == [], f"{name} defines settings: only __init__.py does"
    settings_tree = trees["__init__.py"]
    built_up = [node.target.id for node in ast.walk(settings_tree)
                if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name)]
    assert built_up == [], f"settings built up with +=: {built_up}"
    assert "vars()" not in (package / "__init__.py").read_text()  # every name written out
    [apps] = [node for node in settings_tree.body if isinstance(node, ast.Assign)
              and any(isinstance(t, ast.Name) and t.id == "INSTALLED_APPS" for t in node.targets)]
    assert isinstance(apps.value, ast.List) and all(isinstance(e, ast.Constant) for e in apps.value.elts)
    assert _module_level_settings(settings_tree).count("INSTALLED_APPS") == 1


@pytest.mark.parametrize("preload", ["", "1"], ids=["default", "asked for"])
def test_hsts_preload_is_the_operator_s_choice_and_the_deployment_check_is_clean_either_way(preload):
    env = {"DJANGO_SETTINGS_MODULE": "guildhall_site.settings.production", "SECRET_KEY": STRONG_KEY,
           "ALLOWED_HOSTS": "guildhall.example"}
    if preload:
        env["SECURE_HSTS_PRELOAD"] = preload
    code = "from django.conf import settings as s; print(s.SECURE_HSTS_PRELOAD, s.SECURE_HSTS_SECONDS)"
    values = manage("shell", "-c", code, **env)
    assert values.returncode == 0, values.stderr
    assert values.stdout.split()[-2:] == [str(bool(preload)), "31536000"]
    check = manage("check", "--deploy", "--fail-level", "WARNING", **env)
    assert check.returncode == 0, check.stdout + check.stderr
