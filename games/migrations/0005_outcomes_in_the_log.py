"""Outcomes in the log: who made each entry (the seat, or the server for it), and how a game ended.

SQLite cannot add a column with a default in place: Django rebuilds the table, and the append-only
triggers of migration 0002 go with the old table, so they are created again here."""

from django.db import migrations, models

from guildhall_site import append_only


def finished_games_ended_by_vp(apps, schema_editor):
    # Before this migration a finished game could only have ended the rulebook's way, or by the clock
    # writing its fields (not in the log); the second kind is told apart by replay_games.
    apps.get_model("games", "Game").objects.filter(status="finished").update(ended_by="vp")


class Migration(migrations.Migration):
    dependencies = [("games", "0004_history_indexes")]

    operations = [
        migrations.AddField(
            model_name="game",
            name="ended_by",
            field=models.CharField(blank=True, default="", max_length=16, verbose_name="ended by"),
        ),
        migrations.AddField(
            model_name="logentry",
            name="by",
            field=models.CharField(
                blank=True,
                choices=[
                    ("", "the seat's player"),
                    ("timeout", "the server: time ran out"),
                    ("bot", "the server's bot, for a seat that left"),
                ],
                default="",
                max_length=8,
                verbose_name="made by",
            ),
        ),
        append_only.restore_on_sqlite("games_logentry"),
        migrations.RunPython(finished_games_ended_by_vp, migrations.RunPython.noop),
    ]
