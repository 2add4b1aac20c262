"""The log is append-only, and the database says so: a trigger refuses UPDATE and DELETE on
games_logentry, on PostgreSQL and on SQLite. (TRUNCATE, an administrator's tool that test runners use
to reset tables, is left alone.)"""

from django.db import migrations

MESSAGE = "games_logentry is append-only: entries cannot be changed or deleted"

SQL = {
    "postgresql": (
        [
            f"""
            CREATE OR REPLACE FUNCTION games_logentry_refuse_change() RETURNS trigger AS $$
            BEGIN
                RAISE EXCEPTION '{MESSAGE}' USING ERRCODE = 'integrity_constraint_violation';
            END;
            $$ LANGUAGE plpgsql;
            """,
            """
            CREATE TRIGGER games_logentry_append_only
            BEFORE UPDATE OR DELETE ON games_logentry
            FOR EACH ROW EXECUTE FUNCTION games_logentry_refuse_change();
            """,
        ],
        [
            "DROP TRIGGER IF EXISTS games_logentry_append_only ON games_logentry;",
            "DROP FUNCTION IF EXISTS games_logentry_refuse_change();",
        ],
    ),
    "sqlite": (
        [
            f"""
            CREATE TRIGGER games_logentry_no_update BEFORE UPDATE ON games_logentry
            BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END;
            """,
            f"""
            CREATE TRIGGER games_logentry_no_delete BEFORE DELETE ON games_logentry
            BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END;
            """,
        ],
        [
            "DROP TRIGGER IF EXISTS games_logentry_no_update;",
            "DROP TRIGGER IF EXISTS games_logentry_no_delete;",
        ],
    ),
}


def _run(schema_editor, index):
    vendor = schema_editor.connection.vendor
    if vendor not in SQL:
        raise RuntimeError(f"No append-only trigger for database vendor {vendor!r}.")
    for statement in SQL[vendor][index]:
        schema_editor.execute(statement)


def forwards(apps, schema_editor):
    _run(schema_editor, 0)


def backwards(apps, schema_editor):
    _run(schema_editor, 1)


class Migration(migrations.Migration):
    dependencies = [("games", "0001_initial")]

    operations = [migrations.RunPython(forwards, backwards, elidable=False)]
