"""The moderation log is append-only in the database: triggers refuse UPDATE and DELETE of its rows,
whatever the code path (ORM, admin, raw SQL), so the moderator who acted cannot change what it says.
TRUNCATE, an administrator's tool that test runners use to reset tables, is left alone."""

from django.db import migrations

MESSAGE = "moderation_auditentry is append-only: entries cannot be changed or deleted"

SQL = {
    "postgresql": (
        [
            f"""
            CREATE OR REPLACE FUNCTION moderation_auditentry_refuse_change() RETURNS trigger AS $$
            BEGIN
                RAISE EXCEPTION '{MESSAGE}' USING ERRCODE = 'integrity_constraint_violation';
            END;
            $$ LANGUAGE plpgsql;
            """,
            """
            CREATE TRIGGER moderation_auditentry_append_only
            BEFORE UPDATE OR DELETE ON moderation_auditentry
            FOR EACH ROW EXECUTE FUNCTION moderation_auditentry_refuse_change();
            """,
        ],
        [
            "DROP TRIGGER IF EXISTS moderation_auditentry_append_only ON moderation_auditentry;",
            "DROP FUNCTION IF EXISTS moderation_auditentry_refuse_change();",
        ],
    ),
    "sqlite": (
        [
            f"""
            CREATE TRIGGER moderation_auditentry_no_update BEFORE UPDATE ON moderation_auditentry
            BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END;
            """,
            f"""
            CREATE TRIGGER moderation_auditentry_no_delete BEFORE DELETE ON moderation_auditentry
            BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END;
            """,
        ],
        [
            "DROP TRIGGER IF EXISTS moderation_auditentry_no_update;",
            "DROP TRIGGER IF EXISTS moderation_auditentry_no_delete;",
        ],
    ),
}


def _run(schema_editor, index):
    vendor = schema_editor.connection.vendor
    if vendor not in SQL:
        raise RuntimeError(f"No append-only trigger for database vendor {vendor!r}.")
    for statement in SQL[vendor][index]:
        schema_editor.execute(statement)


class Migration(migrations.Migration):
    dependencies = [("moderation", "0002_chat_reports")]

    operations = [
        migrations.RunPython(lambda apps, schema_editor: _run(schema_editor, 0),
                             lambda apps, schema_editor: _run(schema_editor, 1), elidable=False)
    ]
