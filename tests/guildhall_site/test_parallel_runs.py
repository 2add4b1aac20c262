"""Two test runs at once on one machine (tests/parallel.py): with TEST_RUN_ID each has test databases of its
own names, and keys, queues and channels of its own in Redis (REDIS_KEY_PREFIX); without it, the names
every run shares."""

import os
import runpy
import subprocess
import sys

import pytest
from django.core.exceptions import ImproperlyConfigured

from tests import parallel
from tests.guildhall_site.test_settings import ROOT


def test_a_run_id_names_the_test_databases(monkeypatch):
    sqlite = {"ENGINE": "django.db.backends.sqlite3", "NAME": "db.sqlite3", "TEST": {"NAME": "/x/var/test-db.sqlite3"}}
    postgres = {"ENGINE": "django.db.backends.postgresql", "NAME": "guildhall"}
    monkeypatch.delenv("TEST_RUN_ID", raising=False)
    assert parallel.test_database_name(sqlite) == "/x/var/test-db.sqlite3"
    assert parallel.test_database_name(postgres) == "test_guildhall"
    monkeypatch.setenv("TEST_RUN_ID", "ci42")
    assert parallel.test_database_name(sqlite) == "/x/var/test-db-ci42.sqlite3"
    assert parallel.test_database_name(postgres) == "test_guildhall_ci42"
    assert parallel.test_database_name({**postgres, "TEST": {"NAME": "own"}}) == "own_ci42"


def test_this_run_s_database_carries_its_id():
    from django.conf import settings

    name = settings.DATABASES["default"]["TEST"].get("NAME") or ""
    if parallel.run_id():
        assert parallel.run_id() in name
    assert os.environ.get("REDIS_KEY_PREFIX", "") == (f"test-{parallel.run_id()}" if parallel.run_id() else "")


def _plugin_in(env):
    """What tests.parallel makes of ``env`` when a pytest controller loads it."""
    code = "import os, tests.parallel; print(os.environ.get('TEST_RUN_ID', ''), os.environ.get('REDIS_KEY_PREFIX', ''))"
    base = {key: value for key, value in os.environ.items()
            if key not in ("TEST_RUN_ID", "REDIS_KEY_PREFIX", "PYTEST_XDIST_WORKER", "REDIS_URL")}
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env={**base, **env}, capture_output=True, text=True)


def test_auto_is_the_controller_s_process_and_a_bad_id_is_refused():
    result = _plugin_in({"TEST_RUN_ID": "auto"})
    run, prefix = result.stdout.split()
    assert run.startswith("p") and run[1:].isdigit() and prefix == f"test-{run}"
    assert _plugin_in({}).stdout.strip() == ""
    refused = _plugin_in({"TEST_RUN_ID": "a b"})
    assert refused.returncode != 0 and "TEST_RUN_ID must be" in refused.stderr


def test_the_redis_databases_wrap_round_only_under_a_run_id(monkeypatch):
    monkeypatch.setenv("PYTEST_XDIST_WORKER_COUNT", "2")
    monkeypatch.delenv("TEST_RUN_ID", raising=False)
    with pytest.raises(RuntimeError, match="set TEST_RUN_ID"):
        parallel._own_database("redis://127.0.0.1:6379/13", 0)
    monkeypatch.setenv("TEST_RUN_ID", "x")
    assert parallel._own_database("redis://127.0.0.1:6379/13", 1) == "redis://127.0.0.1:6379/14"
    assert parallel.unused_database("redis://127.0.0.1:6379/13") == 15
    assert parallel.unused_database("redis://127.0.0.1:6379/15") == 1


def _settings_under(monkeypatch, **env):
    """The settings module evaluated afresh under ``env`` (this process's settings stay as they are)."""
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    return runpy.run_module("guildhall_site.settings.__init__", run_name="guildhall_site.settings")


def test_the_prefix_reaches_the_cache_the_broker_and_the_live_channels(monkeypatch):
    def names(prefix):
        s = _settings_under(monkeypatch, REDIS_URL="redis://127.0.0.1:6379/3", REDIS_KEY_PREFIX=prefix)
        return [s["CACHES"]["default"]["KEY_PREFIX"], s["CELERY_BROKER_TRANSPORT_OPTIONS"],
                s["CHANNEL_LAYERS"]["default"]["CONFIG"]["prefix"]]

    assert names("") == ["guildhall", {}, "guildhall-live-db3"]
    assert names("test-ci42") == [
        "test-ci42:guildhall", {"global_keyprefix": "test-ci42:"}, "test-ci42-guildhall-live-db3"]
    with pytest.raises(ImproperlyConfigured, match="REDIS_KEY_PREFIX must be"):
        names("no spaces")
