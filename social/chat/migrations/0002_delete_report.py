"""Reports of chat messages moved to games.moderation (with reports of private messages and profiles);
moderation's 0002 copied them before this removes the table."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('chat', '0001_initial'),
        ('moderation', '0002_chat_reports'),
    ]

    operations = [
        migrations.DeleteModel(
            name='Report',
        ),
    ]
