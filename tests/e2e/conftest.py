"""End-to-end tests: Playwright (Python) driving Debian's chromium, headless, against a live server.

Never downloads a browser. Without /usr/bin/chromium (or CHROMIUM_PATH) the tests skip, unless
REQUIRE_SERVICES=1, under which they fail. tests/e2e/ensure_browser.sh installs Debian's chromium.
"""

import os
import shutil
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = Path(__file__).parent / "artifacts"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def pytest_configure(config):
    config.addinivalue_line("markers", "e2e: end-to-end test in a real browser (Debian's chromium)")


def _missing():
    if not Path(CHROMIUM).exists():
        return f"chromium not found at {CHROMIUM} (run tests/e2e/ensure_browser.sh)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed"
    return None


@pytest.fixture(scope="module")
def browser():
    missing = _missing()
    if missing:
        if os.environ.get("REQUIRE_SERVICES") == "1":
            pytest.fail(f"REQUIRE_SERVICES=1 but {missing}", pytrace=False)
        pytest.skip(missing)
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in the main thread while it lives; Django then refuses sync
    # ORM calls (test bodies, the database reset) unless told this is fine. Only while the browser runs.
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            yield browser
            browser.close()
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture
def new_page(browser):
    """Pages in fresh browser contexts. Every page of every test also checks the Content-Security-Policy:
    anything the browser refuses under it (an inline script, an eval) fails the test."""
    contexts = []
    refused = []

    def make(width=1280, height=900):
        context = browser.new_context(viewport={"width": width, "height": height}, locale="en-GB")
        context.set_default_timeout(10_000)
        contexts.append(context)
        page = context.new_page()
        page.on("console", lambda message: refused.append(message.text) if "Content Security Policy" in message.text
                else None)
        return page

    yield make
    for context in contexts:
        context.close()
    assert refused == [], refused


@pytest.fixture
def artifacts():
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def logged_in_page(new_page, live_server):
    """A page whose browser context carries ``user``'s session (for tests that are not about login)."""
    from urllib.parse import urlparse

    from django.conf import settings
    from django.test import Client

    def make(user, width=1280, height=900):
        client = Client()
        client.force_login(user)
        page = new_page(width, height)
        host = urlparse(live_server.url).hostname
        page.context.add_cookies(
            [
                {
                    "name": settings.SESSION_COOKIE_NAME,
                    "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                    "domain": host,
                    "path": "/",
                }
            ]
        )
        return page

    return make


def _append_only_sql():
    """(the connection, (the statements that create the game log's triggers, those that drop them)) on SQLite."""
    from django.db import connection

    from guildhall_site import append_only

    if connection.vendor != "sqlite":
        return connection, None
    return connection, append_only.statements("games_logentry", connection.vendor)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item, nextitem):
    """Live-server tests use a transactional database, reset by ``flush`` (DELETE on SQLite), which the
    append-only trigger on games_logentry refuses. On SQLite: lift the trigger for the reset only, and
    put it back right after (PostgreSQL's flush uses TRUNCATE, which the trigger leaves alone)."""
    from pytest_django.plugin import blocking_manager_key

    blocker = item.config.stash[blocking_manager_key]
    lifted = None
    if {"live_server", "asgi_live_server"} & set(getattr(item, "fixturenames", ())):
        with blocker.unblock():
            connection, sql = _append_only_sql()
            if connection.vendor == "sqlite" and sql:
                with connection.cursor() as cursor:
                    for statement in sql[1]:
                        cursor.execute(statement)
                lifted = sql
    yield
    # After the session's last test the test database is already gone with the session's fixtures.
    if lifted and nextitem is not None:
        with blocker.unblock():
            connection, _sql = _append_only_sql()
            with connection.cursor() as cursor:
                for statement in [*lifted[1], *lifted[0]]:
                    cursor.execute(statement)


@pytest.fixture(scope="session")
def _asgi_server(django_db_setup, django_db_blocker):
    """daphne serving the ASGI application (pages, static files and the live WebSockets) from a thread of
    this process, so that it reads the test database. Twisted's reactor runs once per process: one
    server for the whole session."""
    import threading

    from daphne.server import Server
    from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler

    from guildhall_site.asgi import application

    ready = threading.Event()
    server = Server(
        ASGIStaticFilesHandler(application),
        endpoints=["tcp:port=0:interface=127.0.0.1"],
        signal_handlers=False,
        verbosity=0,
        ready_callable=ready.set,
    )
    from django.db import connections

    # The server's threads open connections of their own, during the tests that use it (transactional_db
    # lets them); each is closed after its request, and what a request still in flight at the end holds
    # is closed below.
    connections["default"].settings_dict["CONN_MAX_AGE"] = 0
    thread = threading.Thread(target=server.run, name="daphne", daemon=True)
    with django_db_blocker.unblock():
        thread.start()
        ready.wait(10)
    for _ in range(100):
        if server.listening_addresses:
            break
        threading.Event().wait(0.05)
    host, port = server.listening_addresses[0]
    yield f"http://{host}:{port}"
    # A page of the session's last test may still be talking to the server (a poll, a socket), its
    # thread holding a connection: PostgreSQL would refuse to drop a test database still in use. The
    # server stops first, so that no request opens another; then what its threads still hold is closed.
    from twisted.internet import reactor

    reactor.callFromThread(server.stop)
    thread.join(10)
    if connections["default"].vendor == "postgresql":
        with django_db_blocker.unblock(), connections["default"].cursor() as cursor:
            cursor.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )


@pytest.fixture
def asgi_live_server(_asgi_server, transactional_db):
    """The URL of the ASGI server (see _asgi_server), on a transactional test database."""
    return _asgi_server
