"""Test processes side by side (``pytest -n 2``, pytest-xdist) on one PostgreSQL and one Redis server, and
test runs side by side (several people, or CI's passes, on one machine).

Within a run, pytest-django gives each process a test database of its own (``test_guildhall_gw0``,
``test_guildhall_gw1``; with SQLite the files ``var/test-db.sqlite3_gw0``, ...). This gives each its own
Redis database as well (REDIS_URL's database, the next one, ...), so that one process's caches, Celery
broker and workers never serve the other's tests, and with it its own live-message prefix (see
``live_prefix`` in the settings). It is loaded as a plugin (``-p tests.parallel`` in pyproject.toml)
because pytest-django reads the settings, and with them REDIS_URL, before any conftest.py is imported.

Those names are the same for every run, so two runs at once on one machine share them (SQLite's "disk I/O
error", one run's worker taking the other's tasks). ``TEST_RUN_ID=<word>`` (``auto``: the pytest
controller's process id) makes a run's names its own: the test databases get the word in their names
(``test_guildhall_<word>_gw0``, ``var/test-db-<word>.sqlite3_gw0``), and every key, queue and channel the
run uses in Redis starts with ``test-<word>`` (REDIS_KEY_PREFIX), whatever database numbers two runs
pick. Without it the names stay as above.
"""

import os
import re
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from redis.connection import parse_url

# Redis' default ``databases``: a worker asked for a database past it would fail on every command.
REDIS_DATABASES = 16

RUN_ID_FORMAT = re.compile(r"[A-Za-z0-9_]{1,20}")


def database_of(url):
    return int(parse_url(url).get("db") or 0)


def with_database(url, database):
    """``url`` (redis://, rediss:// or unix://) naming Redis database ``database``: in the path where
    the scheme has one (which both redis-py and Celery's kombu read), else in the query."""
    parts = urlsplit(url)
    query = [(key, value) for key, value in parse_qsl(parts.query, keep_blank_values=True) if key != "db"]
    if parts.scheme in ("redis", "rediss"):
        return urlunsplit(parts._replace(path=f"/{database}", query=urlencode(query)))
    # unix:///path: urlunsplit would drop the empty host's "//".
    return f"{parts.scheme}://{parts.netloc}{parts.path}?{urlencode([*query, ('db', str(database))])}"


def _workers():
    return int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))


def run_id():
    """This run's own word (TEST_RUN_ID), or "" when the run uses the shared names."""
    return os.environ.get("TEST_RUN_ID", "")


def _database_number(base, offset):
    """Database ``base + offset``: past Redis' last one only when the run's keys carry its own prefix
    (then the numbers may wrap round onto databases other runs or a development site use)."""
    if base + offset < REDIS_DATABASES:
        return base + offset
    if run_id():
        return (base + offset) % REDIS_DATABASES
    raise RuntimeError(
        f"{_workers()} test processes need Redis databases {base} to {base + 2 * _workers() - 1} (one each, and "
        f"one unused each), and Redis has {REDIS_DATABASES}: lower REDIS_URL's database or TEST_PROCESSES, or "
        "set TEST_RUN_ID (the run's keys then carry its own prefix, and the numbers wrap round)."
    )


def unused_database(url):
    """A database of ``url``'s server (this process's REDIS_URL) that no test process of this run uses,
    for a test about another database: the workers use databases base..base+N-1, and these
    base+N..base+2N-1."""
    return _database_number(database_of(url), _workers())


def _own_database(url, worker_index):
    _database_number(database_of(url), 2 * _workers() - 1)  # the whole range fits (or wraps round)
    return with_database(url, _database_number(database_of(url), worker_index))


def key_prefix(name):
    """A cache's KEY_PREFIX for a test's own cache: ``name`` under this run's prefix, if it has one."""
    prefix = os.environ.get("REDIS_KEY_PREFIX", "")
    return f"{prefix}:{name}" if prefix else name


def _name_this_run():
    """In the controller (or the only process): check TEST_RUN_ID, make ``auto`` the process id, and put
    the run's Redis prefix in the environment, which the workers (and every process a test starts with
    the environment) inherit."""
    asked = os.environ.get("TEST_RUN_ID", "")
    if not asked:
        return
    if asked == "auto":
        asked = os.environ["TEST_RUN_ID"] = f"p{os.getpid()}"
    if not RUN_ID_FORMAT.fullmatch(asked):
        raise RuntimeError(f"TEST_RUN_ID must be 1 to 20 letters, digits or _ (or auto), not {asked!r}")
    os.environ["REDIS_KEY_PREFIX"] = f"test-{asked}"


_worker = os.environ.get("PYTEST_XDIST_WORKER", "")  # "gw0", "gw1", ... in a worker; unset without -n
if not _worker:
    _name_this_run()
if _worker.startswith("gw") and os.environ.get("REDIS_URL"):
    os.environ["REDIS_URL"] = _own_database(os.environ["REDIS_URL"], int(_worker[2:]))


def test_database_name(database):
    """The test database's name for this run (before pytest-xdist's ``_gwN``): a settings' DATABASES
    entry's own TEST NAME (or pytest-django's ``test_<NAME>``), with the run's word in it."""
    engine_is_sqlite = database["ENGINE"] == "django.db.backends.sqlite3"
    name = (database.get("TEST") or {}).get("NAME") or (None if engine_is_sqlite else f"test_{database['NAME']}")
    if name is None or not run_id():
        return name
    if engine_is_sqlite:
        path = Path(name)
        return str(path.with_name(f"{path.stem}-{run_id()}{path.suffix}"))
    return f"{name}_{run_id()}"


def pytest_configure(config):
    """pytest-django has read the settings by now, and makes the test databases later (adding ``_gwN``)."""
    if not run_id():
        return
    from django.conf import settings

    for database in settings.DATABASES.values():
        name = test_database_name(database)
        if name is not None:
            database.setdefault("TEST", {})["NAME"] = name
