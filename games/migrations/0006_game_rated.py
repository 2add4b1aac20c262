"""Rated or unrated, chosen when a game is created (games.ratings). Games from before are unrated."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0005_outcomes_in_the_log'),
    ]

    operations = [
        migrations.AddField(
            model_name='game',
            name='rated',
            field=models.BooleanField(default=False, verbose_name='rated'),
        ),
    ]
