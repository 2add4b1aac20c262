"""The moderation log refuses TRUNCATE too (PostgreSQL; SQLite has none) while it holds any entry: the
role that owns the table could otherwise empty it in one statement."""

from django.db import migrations

from guildhall_site import append_only


class Migration(migrations.Migration):
    dependencies = [("moderation", "0003_audit_log_append_only")]

    operations = [append_only.install("moderation_auditentry", parts=(append_only.TRUNCATE,))]
