"""Relation is filled from the previous release's three tables (friends_follow, blocks_block, chat_mute),
each row with its time. The old tables stay: the previous release goes on using them while both run,
and ``manage.py sync_relations`` brings over what it did meanwhile (social/relations/legacy.py). Backwards,
nothing is lost: the old tables still hold every relation (this release writes them too)."""

from django.db import migrations

from social.relations import legacy


def copy(apps, schema_editor):
    legacy.sync(apps)


class Migration(migrations.Migration):
    dependencies = [
        ("relations", "0001_initial"),
        ("friends", "0001_initial"),
        ("blocks", "0001_initial"),
        ("chat", "0002_delete_report"),
    ]

    operations = [migrations.RunPython(copy, migrations.RunPython.noop)]
