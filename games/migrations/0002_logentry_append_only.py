"""The log is append-only, and the database says so: a trigger refuses UPDATE and DELETE on
games_logentry, on PostgreSQL and on SQLite. (TRUNCATE, an administrator's tool that test runners use
to reset tables, is left alone.)"""

from django.db import migrations

from ._append_only import SQL


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
