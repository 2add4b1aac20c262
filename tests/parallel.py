"""Test processes side by side (``pytest -n 2``, pytest-xdist) on one PostgreSQL and one Redis server.

pytest-django gives each process a test database of its own (``test_guildhall_gw0``, ``test_guildhall_gw1``).
This gives each its own Redis database as well, so that one process's caches, Celery broker and workers
never serve the other's tests, and with it its own live-message prefix (see ``settings/live.py``). It is
loaded as a plugin (``-p tests.parallel`` in pyproject.toml) because pytest-django reads the settings,
and with them REDIS_URL, before any conftest.py is imported.
"""

import os
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from redis.connection import parse_url

# Redis' default ``databases``: a worker asked for a database past it would fail on every command.
REDIS_DATABASES = 16


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


def unused_database(url):
    """A database of ``url``'s server (this process's REDIS_URL) that no test process uses, for a test
    about another database: the workers use databases base..base+N-1, and these base+N..base+2N-1."""
    return database_of(url) + _workers()


def _own_database(url, worker_index):
    base, workers = database_of(url), _workers()
    if base + 2 * workers > REDIS_DATABASES:
        raise RuntimeError(
            f"{workers} test processes need Redis databases {base} to {base + 2 * workers - 1} (one each, and "
            f"one unused each), and Redis has {REDIS_DATABASES}: lower REDIS_URL's database or TEST_PROCESSES."
        )
    return with_database(url, base + worker_index)


_worker = os.environ.get("PYTEST_XDIST_WORKER", "")  # "gw0", "gw1", ... in a worker; unset without -n
if _worker.startswith("gw") and os.environ.get("REDIS_URL"):
    os.environ["REDIS_URL"] = _own_database(os.environ["REDIS_URL"], int(_worker[2:]))
