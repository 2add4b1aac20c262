"""The log is append-only in the database itself: the trigger installed by migration 0002 refuses
UPDATE and DELETE, whatever code path tries (ORM, bulk queryset, raw SQL). On SQLite (default run)
and PostgreSQL (CI's second run) alike."""

import pytest
from django.db import DatabaseError, connection, transaction

from games.models import Game, LogEntry

pytestmark = pytest.mark.django_db


@pytest.fixture
def entry():
    game = Game.objects.create(
        engine_version="test", mode="printed", num_seats=2, seed="s" * 64, seed_commitment="c" * 64
    )
    return LogEntry.objects.create(game=game, seq=1, seat=0, decision={"type": "done"})


def _refused(fn):
    with pytest.raises(DatabaseError) as info:
        with transaction.atomic():
            fn()
    return str(info.value)


def test_insert_is_allowed(entry):
    LogEntry.objects.create(game=entry.game, seq=2, seat=1, decision={"type": "end_turn"})
    assert list(LogEntry.objects.filter(game=entry.game).values_list("seq", flat=True)) == [1, 2]


def test_orm_update_is_refused(entry):
    entry.decision = {"type": "forged"}
    message = _refused(lambda: entry.save())
    assert "append-only" in message
    assert LogEntry.objects.get(pk=entry.pk).decision == {"type": "done"}


def test_queryset_update_is_refused(entry):
    _refused(lambda: LogEntry.objects.filter(pk=entry.pk).update(seat=1))
    assert LogEntry.objects.get(pk=entry.pk).seat == 0


def test_delete_is_refused(entry):
    _refused(lambda: entry.delete())
    _refused(lambda: LogEntry.objects.filter(game=entry.game).delete())
    assert LogEntry.objects.filter(pk=entry.pk).exists()


def test_raw_sql_update_and_delete_are_refused(entry):
    table = LogEntry._meta.db_table

    def update():
        with connection.cursor() as cursor:
            cursor.execute(f"UPDATE {table} SET seq = 99 WHERE id = %s", [entry.pk])

    def delete():
        with connection.cursor() as cursor:
            cursor.execute(f"DELETE FROM {table} WHERE id = %s", [entry.pk])

    _refused(update)
    _refused(delete)
    assert LogEntry.objects.get(pk=entry.pk).seq == 1


def test_duplicate_seq_is_refused(entry):
    from django.db import IntegrityError

    with pytest.raises(IntegrityError), transaction.atomic():
        LogEntry.objects.create(game=entry.game, seq=1, seat=1, decision={"type": "done"})


@pytest.mark.postgres
def test_trigger_is_installed_on_postgresql():
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT tgname FROM pg_trigger WHERE tgrelid = 'games_logentry'::regclass AND NOT tgisinternal"
        )
        assert [row[0] for row in cursor.fetchall()] == ["games_logentry_append_only"]
