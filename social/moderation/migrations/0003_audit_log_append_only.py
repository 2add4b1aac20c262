"""The moderation log is append-only in the database: triggers refuse UPDATE and DELETE of its rows,
whatever the code path (ORM, admin, raw SQL), so the moderator who acted cannot change what it says.
(TRUNCATE too, since migration 0004.)"""

from django.db import migrations

from guildhall_site import append_only


class Migration(migrations.Migration):
    dependencies = [("moderation", "0002_chat_reports")]

    operations = [append_only.install("moderation_auditentry")]
