"""Each API token keeps its user's session hash of when it was made (accounts.tokens compares it at every
check): the tokens already made get their user's present one, since until now a password change deleted
every token of its user (a post_save receiver), so each was made under the password the user has now."""

from django.contrib.auth import get_user_model
from django.db import migrations, models


def fill_session_hashes(apps, schema_editor):
    ApiToken = apps.get_model("accounts", "ApiToken")
    User = apps.get_model("accounts", "User")
    # The hash of the present code (the historical model has no methods), from the one field it reads.
    live_user = get_user_model()
    passwords = dict(User.objects.filter(api_tokens__isnull=False).values_list("pk", "password").distinct())
    for token in ApiToken.objects.all().only("pk", "user_id"):
        session_hash = live_user(password=passwords[token.user_id]).get_session_auth_hash()
        ApiToken.objects.filter(pk=token.pk).update(session_hash=session_hash)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0005_profile_turn_push"),
    ]

    operations = [
        migrations.AddField(
            model_name="apitoken",
            name="session_hash",
            field=models.CharField(blank=True, max_length=128, verbose_name="session hash when made"),
        ),
        migrations.RunPython(fill_session_hashes, migrations.RunPython.noop),
    ]
