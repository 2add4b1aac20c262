"""Append-only tables in the database itself: triggers that refuse UPDATE and DELETE of a table's rows
(and, asked for, TRUNCATE of a table that holds any), whatever the code path (ORM, admin, raw SQL). The
one copy of the SQL, for every migration that makes a table append-only (the game log, the moderation
log), on PostgreSQL and SQLite.

A role that owns the table can still drop or disable the triggers: in production the site runs under a
role that does not own its tables (docs/operations.md), and the triggers keep its code, and its staff,
from rewriting what the table says.

    operations = [append_only.install("moderation_auditentry")]
"""

from django.db import migrations

CHANGES = "changes"  # UPDATE and DELETE of any row
TRUNCATE = "truncate"  # TRUNCATE while the table holds rows (PostgreSQL; SQLite has no TRUNCATE)


def _message(table, what="entries cannot be changed or deleted"):
    return f"{table} is append-only: {what}"


def statements(table, vendor, parts=(CHANGES,)):
    """(statements that create the triggers, statements that drop them) of ``parts`` on ``vendor``."""
    create, drop = [], []
    if vendor == "postgresql":
        if CHANGES in parts:
            create += [
                f"""
                CREATE OR REPLACE FUNCTION {table}_refuse_change() RETURNS trigger AS $$
                BEGIN
                    RAISE EXCEPTION '{_message(table)}' USING ERRCODE = 'integrity_constraint_violation';
                END;
                $$ LANGUAGE plpgsql;
                """,
                f"""
                CREATE TRIGGER {table}_append_only
                BEFORE UPDATE OR DELETE ON {table}
                FOR EACH ROW EXECUTE FUNCTION {table}_refuse_change();
                """,
            ]
            drop += [
                f"DROP TRIGGER IF EXISTS {table}_append_only ON {table};",
                f"DROP FUNCTION IF EXISTS {table}_refuse_change();",
            ]
        if TRUNCATE in parts:
            # An empty table has nothing to lose (and test runners empty every table between tests).
            create += [
                f"""
                CREATE OR REPLACE FUNCTION {table}_refuse_truncate() RETURNS trigger AS $$
                BEGIN
                    IF EXISTS (SELECT 1 FROM {table}) THEN
                        RAISE EXCEPTION '{_message(table, "it cannot be truncated")}'
                            USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    RETURN NULL;
                END;
                $$ LANGUAGE plpgsql;
                """,
                f"""
                CREATE TRIGGER {table}_no_truncate
                BEFORE TRUNCATE ON {table}
                FOR EACH STATEMENT EXECUTE FUNCTION {table}_refuse_truncate();
                """,
            ]
            drop += [
                f"DROP TRIGGER IF EXISTS {table}_no_truncate ON {table};",
                f"DROP FUNCTION IF EXISTS {table}_refuse_truncate();",
            ]
    elif vendor == "sqlite":
        if CHANGES in parts:
            create += [
                f"""
                CREATE TRIGGER IF NOT EXISTS {table}_no_update BEFORE UPDATE ON {table}
                BEGIN SELECT RAISE(ABORT, '{_message(table)}'); END;
                """,
                f"""
                CREATE TRIGGER IF NOT EXISTS {table}_no_delete BEFORE DELETE ON {table}
                BEGIN SELECT RAISE(ABORT, '{_message(table)}'); END;
                """,
            ]
            drop += [f"DROP TRIGGER IF EXISTS {table}_no_update;", f"DROP TRIGGER IF EXISTS {table}_no_delete;"]
    else:
        raise RuntimeError(f"No append-only trigger for database vendor {vendor!r}.")
    return create, drop


def _runner(table, parts, index):
    def run(apps, schema_editor):
        for statement in statements(table, schema_editor.connection.vendor, parts)[index]:
            schema_editor.execute(statement)

    return run


def install(table, parts=(CHANGES,)):
    """A migration operation that installs the triggers of ``parts`` on ``table`` (and drops them backwards)."""
    return migrations.RunPython(_runner(table, parts, 0), _runner(table, parts, 1), elidable=False)


def restore_on_sqlite(table):
    """A migration operation for after SQLite rebuilt ``table`` (adding a column with a default does):
    the triggers went with the old table and are created again. Nothing to do elsewhere."""

    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "sqlite":
            for statement in statements(table, "sqlite")[0]:
                schema_editor.execute(statement)

    return migrations.RunPython(run, migrations.RunPython.noop, elidable=False)
