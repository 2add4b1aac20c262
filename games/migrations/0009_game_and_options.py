"""Each game says which game it is and the options it was created with.

Expand only: every game stored so far is a Guildhall game, and its one option was the ``mode`` column,
which stays (and is still written) so that the previous release, running on this schema, reads it. A row
that release writes gets the database defaults: game "guildhall", options {} (the site then reads the
mode column: ``games.rules.options_of``).
"""

from django.db import migrations, models
from django.db.models.functions import JSONObject


def options_from_mode(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    # One UPDATE: a site with a million games is migrated in one statement.
    Game.objects.update(options=JSONObject(mode=models.F("mode")))


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0008_game_lesson"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="game",
            field=models.CharField(db_default="guildhall", default="guildhall", max_length=32, verbose_name="game"),
        ),
        migrations.AddField(
            model_name="game",
            name="options",
            field=models.JSONField(
                blank=True, db_default=models.Value({}, models.JSONField()), default=dict, verbose_name="options"
            ),
        ),
        migrations.AlterField(
            model_name="game",
            name="mode",
            field=models.CharField(
                blank=True,
                choices=[("printed", "Printed rules"), ("yucata", "Yucata rules")],
                default="printed",
                max_length=16,
                verbose_name="mode",
            ),
        ),
        migrations.RunPython(options_from_mode, migrations.RunPython.noop, elidable=False),
    ]
