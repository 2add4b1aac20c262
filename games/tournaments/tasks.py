"""Celery tasks of tournaments. With no REDIS_URL they run in-process (CELERY_TASK_ALWAYS_EAGER)."""

from celery import shared_task

from . import services


@shared_task(name="tournaments.table_finished", acks_late=True, ignore_result=True)
def table_finished(game_id):
    """A game ended: record it if it is a tournament's table, and pair the next round when the round is done."""
    services.table_finished(game_id)


@shared_task(name="tournaments.catch_up", ignore_result=True)
def catch_up():
    """Beat: start tournaments whose time has come, record tables whose task was lost."""
    services.catch_up()
