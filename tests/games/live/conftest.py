import pytest


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item, nextitem):
    """These tests commit (the sockets read the database from other threads), so the database is reset
    by ``flush``; on SQLite the append-only trigger is lifted for that, as for the browser tests."""
    import importlib

    from django.db import connection
    from pytest_django.plugin import blocking_manager_key

    blocker = item.config.stash[blocking_manager_key]
    sql = importlib.import_module("games.migrations.0002_logentry_append_only").SQL.get(connection.vendor)
    lifted = connection.vendor == "sqlite" and sql and item.get_closest_marker("django_db") is not None
    if lifted:
        with blocker.unblock(), connection.cursor() as cursor:
            for statement in sql[1]:
                cursor.execute(statement)
    yield
    # After the session's last test the test database is already gone with the session's fixtures.
    if lifted and nextitem is not None:
        with blocker.unblock(), connection.cursor() as cursor:
            for statement in [*sql[1], *sql[0]]:
                cursor.execute(statement)


@pytest.fixture(autouse=True)
def _no_persistent_connections():
    """The consumers reach the database from threads of their own (database_sync_to_async), which close
    their connection after each call only when connections are not kept: none may outlive the test
    database."""
    from django.db import connections

    settings_dict = connections["default"].settings_dict
    before = settings_dict.get("CONN_MAX_AGE", 0)
    settings_dict["CONN_MAX_AGE"] = 0
    yield
    settings_dict["CONN_MAX_AGE"] = before


@pytest.fixture
def round_trips(monkeypatch):
    """The commands of every pipeline redis-py sent, whoever sent it."""
    import redis

    sent = []
    execute = redis.client.Pipeline.execute

    def counted(pipeline, *args, **kwargs):
        sent.append([args[0] for args, _options in pipeline.command_stack])
        return execute(pipeline, *args, **kwargs)

    monkeypatch.setattr(redis.client.Pipeline, "execute", counted)
    return sent
