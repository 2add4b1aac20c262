"""Ratings: results per finished game and person, current ratings per person and mode (games/ratings/models.py)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('games', '0006_game_rated'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='GameResult',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('mode', models.CharField(choices=[('printed', 'Printed rules'), ('yucata', 'Yucata rules')], max_length=16, verbose_name='mode')),
                ('finished_at', models.DateTimeField(verbose_name='finished at')),
                ('position', models.PositiveSmallIntegerField(verbose_name='seat')),
                ('place', models.PositiveSmallIntegerField(verbose_name='place')),
                ('left', models.BooleanField(help_text='Resigned, or lost the seat to the clock.', verbose_name='left the game')),
                ('people', models.PositiveSmallIntegerField(verbose_name='people at the table')),
                ('lineup', models.CharField(max_length=200, verbose_name='line-up')),
                ('verdict', models.CharField(choices=[('rated', 'Rated'), ('unrated', "Unrated (the creator's choice)"), ('bots', 'Unrated: a bot without a calibration rating played'), ('annulled', 'Annulled: a player left before everyone had played two turns'), ('repeated', 'Unrated: too many recent rated games among the same players')], max_length=16, verbose_name='verdict')),
                ('weight', models.FloatField(help_text='The share of the rating change applied; 0 when unrated.', verbose_name='weight')),
                ('mu_before', models.FloatField(blank=True, null=True, verbose_name='μ before')),
                ('sigma_before', models.FloatField(blank=True, null=True, verbose_name='σ before')),
                ('mu', models.FloatField(blank=True, null=True, verbose_name='μ after')),
                ('sigma', models.FloatField(blank=True, null=True, verbose_name='σ after')),
                ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='results', to='games.game', verbose_name='game')),
                ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='game_results', to=settings.AUTH_USER_MODEL, verbose_name='player')),
            ],
            options={
                'verbose_name': 'game result',
                'verbose_name_plural': 'game results',
                'indexes': [models.Index(fields=['user', '-finished_at', '-game'], name='ratings_result_player'), models.Index(fields=['finished_at', 'game'], name='ratings_result_order')],
                'constraints': [models.UniqueConstraint(fields=('game', 'user'), name='ratings_one_result_per_game')],
            },
        ),
        migrations.CreateModel(
            name='PlayerRating',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('mode', models.CharField(choices=[('printed', 'Printed rules'), ('yucata', 'Yucata rules')], max_length=16, verbose_name='mode')),
                ('mu', models.FloatField(verbose_name='μ (mean)')),
                ('sigma', models.FloatField(verbose_name='σ (uncertainty)')),
                ('ordinal', models.FloatField(verbose_name='rating (μ − 3σ)')),
                ('rated_games', models.PositiveIntegerField(verbose_name='rated games')),
                ('last_rated_at', models.DateTimeField(verbose_name='last rated game')),
                ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='ratings', to=settings.AUTH_USER_MODEL, verbose_name='player')),
            ],
            options={
                'verbose_name': 'rating',
                'verbose_name_plural': 'ratings',
                'indexes': [models.Index(condition=models.Q(('rated_games__gte', 10)), fields=['mode', '-ordinal', 'user'], include=('last_rated_at',), name='ratings_board')],
                'constraints': [models.UniqueConstraint(fields=('user', 'mode'), name='ratings_one_per_mode')],
            },
        ),
    ]
