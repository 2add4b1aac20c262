"""The clock's tables get the clock's names, and lose what the log now holds: runs of timeouts and
seats taken over are counted by the engine from the log's entries (who made each: ``LogEntry.by``)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("clock", "0001_initial"),
        ("notifications", "0002_clock_moves_out"),
    ]

    operations = [
        migrations.RemoveField(model_name="timecontrol", name="consecutive_timeouts"),
        migrations.RemoveField(model_name="timecontrol", name="taken_over"),
        migrations.AlterField(
            model_name="timecontrol",
            name="policy",
            field=models.CharField(
                choices=[("bot", "The bot plays the turn"), ("end", "The game ends, the absent player last")],
                default="bot", max_length=8, verbose_name="timeout policy",
            ),
        ),
        migrations.AlterModelTable(name="timecontrol", table=None),
        migrations.AlterModelTable(name="absence", table=None),
    ]
