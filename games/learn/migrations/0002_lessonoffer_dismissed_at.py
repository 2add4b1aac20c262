from django.db import migrations, models


class Migration(migrations.Migration):
    """The player's "Not now" on the offer of the lesson: a nullable column, which the previous release
    neither reads nor writes."""

    dependencies = [
        ("learn", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="lessonoffer",
            name="dismissed_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="put away at"),
        ),
    ]
