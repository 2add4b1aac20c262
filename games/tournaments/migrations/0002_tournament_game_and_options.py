"""A tournament is for one game and its options (as a game says them: ``Game.game``, ``Game.options``).

Expand only: every tournament so far is a Guildhall tournament, its one option the ``mode`` column, which
stays (and is still written) for the previous release.
"""

from django.db import migrations, models
from django.db.models.functions import JSONObject


def options_from_mode(apps, schema_editor):
    apps.get_model("tournaments", "Tournament").objects.update(options=JSONObject(mode=models.F("mode")))


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="game",
            field=models.CharField(db_default="guildhall", default="guildhall", max_length=32, verbose_name="game"),
        ),
        migrations.AddField(
            model_name="tournament",
            name="options",
            field=models.JSONField(
                blank=True, db_default=models.Value({}, models.JSONField()), default=dict, verbose_name="options"
            ),
        ),
        migrations.AlterField(
            model_name="tournament",
            name="mode",
            field=models.CharField(
                blank=True,
                choices=[("printed", "Printed rules"), ("yucata", "Yucata rules")],
                default="printed",
                max_length=16,
                verbose_name="rules",
            ),
        ),
        migrations.RunPython(options_from_mode, migrations.RunPython.noop, elidable=False),
    ]
