"""Time control leaves the notifications app (see the clock app's 0001): its models leave this app's
state without touching their tables. ``SystemDecision`` is gone: who made a log entry is in the log."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("notifications", "0001_initial"),
        ("clock", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.DeleteModel(name="TimeControl"),
                migrations.DeleteModel(name="Absence"),
            ],
        ),
        migrations.DeleteModel(name="SystemDecision"),
    ]
