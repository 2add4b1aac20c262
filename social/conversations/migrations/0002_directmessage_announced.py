"""Whether what a private message sets going was decided (in a worker, so that sending takes the same time
whoever the recipient is). Messages already written, and those the previous release writes while both run
during an upgrade, take the database default: announced (that release sends its emails itself)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("conversations", "0001_initial")]

    operations = [
        migrations.AddField(
            model_name="directmessage",
            name="announced",
            field=models.BooleanField(db_default=True, default=False, verbose_name="announced"),
        ),
        migrations.AddIndex(
            model_name="directmessage",
            index=models.Index(condition=models.Q(("announced", False)), fields=["id"],
                               name="conversations_msg_unannounced"),
        ),
    ]
