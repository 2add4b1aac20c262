"""Each moderation log entry carries the hash of the one before it and its own (moderation.auditlog). The
columns have a database default (empty): the previous release, which writes entries without them while
both run during an upgrade, goes on working. Entries already written keep empty hashes (the table
refuses updates): the chain runs through their content.

SQLite rebuilds the table to add a column with a default; the append-only triggers go with the old
table, so they are created again here."""

import django.utils.timezone
from django.db import migrations, models

from guildhall_site import append_only


class Migration(migrations.Migration):
    dependencies = [("moderation", "0004_audit_log_refuses_truncate")]

    operations = [
        migrations.AlterField(
            model_name="auditentry",
            name="at",
            field=models.DateTimeField(default=django.utils.timezone.now, verbose_name="at"),
        ),
        migrations.AddField(
            model_name="auditentry",
            name="previous_hash",
            field=models.CharField(blank=True, db_default="", default="", max_length=64,
                                   verbose_name="hash of the entry before"),
        ),
        migrations.AddField(
            model_name="auditentry",
            name="entry_hash",
            field=models.CharField(blank=True, db_default="", default="", max_length=64, verbose_name="hash"),
        ),
        append_only.restore_on_sqlite("moderation_auditentry"),
    ]
