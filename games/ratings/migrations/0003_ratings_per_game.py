"""Ratings per game: each rating says which game it is in (a Guildhall rating says nothing about another
game), and its ``mode`` is the variant of that game's rules rated apart.

Expand only: every rating so far is a Guildhall rating (the database's default), its mode a Guildhall mode.
One rating per (user, game, mode) instead of per (user, mode): the new constraint comes before the old one
goes, so no moment is without one. The previous release's leaderboard indexes (per mode) stay while it may
run on this schema.
"""

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("ratings", "0002_provisional_index"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="playerrating",
            name="game",
            field=models.CharField(db_default="guildhall", default="guildhall", max_length=32, verbose_name="game"),
        ),
        migrations.AddConstraint(
            model_name="playerrating",
            constraint=models.UniqueConstraint(fields=("user", "game", "mode"), name="ratings_one_per_pool"),
        ),
        migrations.RemoveConstraint(
            model_name="playerrating",
            name="ratings_one_per_mode",
        ),
        migrations.AlterField(
            model_name="gameresult",
            name="mode",
            field=models.CharField(blank=True, max_length=64, verbose_name="variant"),
        ),
        migrations.AlterField(
            model_name="playerrating",
            name="mode",
            field=models.CharField(blank=True, max_length=64, verbose_name="variant"),
        ),
        migrations.AddIndex(
            model_name="playerrating",
            index=models.Index(
                condition=models.Q(("rated_games__gte", 10)),
                fields=["game", "mode", "-ordinal", "user"],
                include=("last_rated_at",),
                name="ratings_pool_board",
            ),
        ),
        migrations.AddIndex(
            model_name="playerrating",
            index=models.Index(
                condition=models.Q(("rated_games__lt", 10)),
                fields=["game", "mode", "-ordinal", "user"],
                include=("last_rated_at",),
                name="ratings_pool_provisional",
            ),
        ),
    ]
