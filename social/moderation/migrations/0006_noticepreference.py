import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("moderation", "0005_audit_log_chain"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="NoticePreference",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("email", models.BooleanField(default=True, verbose_name="email me the staff's decisions about my account")),
                ("user", models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name="moderation_notice_preference", to=settings.AUTH_USER_MODEL, verbose_name="player")),
            ],
            options={
                "verbose_name": "preference for the staff's notices",
                "verbose_name_plural": "preferences for the staff's notices",
            },
        ),
    ]
