"""The log is append-only, and the database says so: a trigger refuses UPDATE and DELETE on
games_logentry, on PostgreSQL and on SQLite (the site's one copy of that SQL: guildhall_site/append_only.py).
(TRUNCATE, an administrator's tool that test runners use to reset tables, is left alone.)"""

from django.db import migrations

from guildhall_site import append_only


class Migration(migrations.Migration):
    dependencies = [("games", "0001_initial")]

    operations = [append_only.install("games_logentry")]
