"""Test processes side by side (``pytest -n 2``, pytest-xdist) on one PostgreSQL and one Redis server.

pytest-django gives each process a test database of its own (``test_guildhall_gw0``, ``test_guildhall_gw1``).
This gives each its own Redis database as well, so that one process's caches, Celery broker and workers
never serve the other's tests, and with it its own live-message prefix (see ``settings/live.py``). It is
loaded as a plugin (``-p tests.parallel`` in pyproject.toml) because pytest-django reads the settings,
and with them REDIS_URL, before any conftest.py is imported.
"""

import os
from urllib.parse import urlsplit, urlunsplit

_worker = os.environ.get("PYTEST_XDIST_WORKER", "")  # "gw0", "gw1", ... in a worker; unset without -n
_redis = urlsplit(os.environ.get("REDIS_URL", ""))

# The database is the URL's path (redis://host:port/N), which both redis-py and Celery's kombu read.
if _worker.startswith("gw") and _redis.scheme in ("redis", "rediss"):
    _database = int(_redis.path.strip("/") or 0) + int(_worker[2:])
    os.environ["REDIS_URL"] = urlunsplit(_redis._replace(path=f"/{_database}"))
