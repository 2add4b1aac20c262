"""The clock's models move here from the notifications app, their tables and rows untouched: this
migration only tells Django's model state that they now belong to the clock (the tables keep their
old names until 0002 renames them)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("games", "0005_outcomes_in_the_log"),
        ("notifications", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name="Absence",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("starts_at", models.DateTimeField(verbose_name="from")),
                        ("ends_at", models.DateTimeField(verbose_name="until")),
                        ("created_at", models.DateTimeField(auto_now_add=True, verbose_name="created at")),
                        ("user", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="absences", to=settings.AUTH_USER_MODEL, verbose_name="user")),
                    ],
                    options={
                        "verbose_name": "absence",
                        "verbose_name_plural": "absences",
                        "ordering": ["user", "starts_at"],
                        "db_table": "notifications_absence",
                        "indexes": [models.Index(fields=["user", "ends_at"], name="notif_absence_user_end")],
                        "constraints": [models.CheckConstraint(condition=models.Q(("ends_at__gt", models.F("starts_at"))), name="notif_absence_positive")],
                    },
                ),
                migrations.CreateModel(
                    name="TimeControl",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("per_move", models.DurationField(blank=True, help_text="Empty: no limit.", null=True, verbose_name="time per turn")),
                        ("policy", models.CharField(choices=[("bot", "The bot plays the turn"), ("end", "The game ends, the absent player last")], default="bot", max_length=8, verbose_name="timeout policy")),
                        ("seat", models.PositiveSmallIntegerField(blank=True, null=True, verbose_name="seat to move")),
                        ("turn", models.PositiveIntegerField(default=0, verbose_name="turn")),
                        ("turn_started_at", models.DateTimeField(blank=True, null=True, verbose_name="turn started at")),
                        ("deadline", models.DateTimeField(blank=True, db_index=True, null=True, verbose_name="deadline")),
                        ("reminders_sent", models.PositiveSmallIntegerField(default=0, verbose_name="reminders sent this turn")),
                        ("next_check_at", models.DateTimeField(blank=True, null=True, verbose_name="next check at")),
                        ("enqueued_at", models.DateTimeField(blank=True, null=True, verbose_name="check last enqueued at")),
                        ("consecutive_timeouts", models.JSONField(blank=True, default=dict, verbose_name="consecutive timeouts by seat")),
                        ("taken_over", models.JSONField(blank=True, default=list, verbose_name="seats taken over by the bot")),
                        ("updated_at", models.DateTimeField(auto_now=True, verbose_name="updated at")),
                        ("game", models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name="time_control", to="games.game", verbose_name="game")),
                    ],
                    options={
                        "verbose_name": "time control",
                        "verbose_name_plural": "time controls",
                        "db_table": "notifications_timecontrol",
                        "indexes": [models.Index(condition=models.Q(("next_check_at__isnull", False)), fields=["next_check_at"], name="notif_tc_next_check")],
                    },
                ),
            ],
        ),
    ]
