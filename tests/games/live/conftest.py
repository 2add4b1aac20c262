import pytest


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item, nextitem):
    """These tests commit (the sockets read the database from other threads), so the database is reset
    by ``flush``. The append-only tables' triggers (the game log; the moderation log, which a suspension
    writes) rest meanwhile: on SQLite, whose flush deletes rows, they are dropped and made again; on
    PostgreSQL, whose flush truncates, the refusal of TRUNCATE is disabled and enabled again."""
    from django.db import connection
    from pytest_django.plugin import blocking_manager_key

    if item.get_closest_marker("django_db") is None:
        yield
        return
    blocker = item.config.stash[blocking_manager_key]
    with blocker.unblock(), connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND "
                           "(name LIKE '%_no_update' OR name LIKE '%_no_delete')")
            resting = cursor.fetchall()
            for name, _sql in resting:
                cursor.execute(f'DROP TRIGGER "{name}"')
        elif connection.vendor == "postgresql":
            cursor.execute("SELECT tgrelid::regclass::text, tgname FROM pg_trigger WHERE tgname LIKE '%%_no_truncate'")
            resting = cursor.fetchall()
            for table, trigger in resting:
                cursor.execute(f'ALTER TABLE {table} DISABLE TRIGGER "{trigger}"')
        else:
            resting = []
    yield
    # After the session's last test the test database is already gone with the session's fixtures.
    if resting and nextitem is not None:
        with blocker.unblock(), connection.cursor() as cursor:
            for first, second in resting:
                if connection.vendor == "sqlite":
                    cursor.execute(second)
                else:
                    cursor.execute(f'ALTER TABLE {first} ENABLE TRIGGER "{second}"')


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
