from django.db import migrations


def no_time_limit(apps, schema_editor):
    """Lessons in progress got the site's default time per move when they started: a lesson has none (it
    waits for the learner however long they stay away), so their clocks stop here."""
    Game = apps.get_model("games", "Game")
    TimeControl = apps.get_model("clock", "TimeControl")
    lessons = Game.objects.filter(lesson=True)
    TimeControl.objects.filter(game__in=lessons).update(
        per_move=None, deadline=None, next_check_at=None, enqueued_at=None, reminders_sent=0
    )
    lessons.exclude(deadline=None).update(deadline=None)


class Migration(migrations.Migration):
    dependencies = [
        ("learn", "0002_lessonoffer_dismissed_at"),
        ("games", "0009_game_and_options"),
        ("clock", "0002_clock_tables"),
    ]

    operations = [
        migrations.RunPython(no_time_limit, migrations.RunPython.noop),
    ]
