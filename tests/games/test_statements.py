"""The statements written once per process (games.statements) store and read what the ORM would: the same
rows, the same values back, the same conflicts skipped. On SQLite and on PostgreSQL alike."""

import datetime

import pytest
from django.utils import timezone

from games import statements
from games.clock.models import Absence
from games.models import Game
from games.notifications.models import Notification

from .helpers import started_game

pytestmark = pytest.mark.django_db


def test_update_stores_what_the_orm_reads_back(make_user):
    game = started_game([make_user(), make_user()])
    before = Game.objects.get(pk=game.pk).updated_at
    game.seq, game.scores = 1, [3, 0]
    statements.update(game, ["seq", "scores", "updated_at"])
    again = Game.objects.get(pk=game.pk)
    assert (again.seq, again.scores) == (1, [3, 0]) and again.updated_at == game.updated_at > before


def test_column_values_are_the_orm_s_values_list(make_user):
    alice, bob = make_user(), make_user()
    now = timezone.now()
    for user, days in [(alice, 1), (alice, 5), (alice, -2), (bob, 3)]:
        Absence.objects.create(
            user=user, starts_at=now - datetime.timedelta(days=9), ends_at=now + datetime.timedelta(days=days)
        )
    found = statements.column_values(
        Absence, ["starts_at", "ends_at"], [("user", "=", alice.pk), ("ends_at", ">", now)]
    )
    orm = list(Absence.objects.filter(user=alice, ends_at__gt=now).values_list("starts_at", "ends_at"))
    assert sorted(found) == sorted(orm) and len(found) == 2
    assert all(isinstance(v, datetime.datetime) and v.tzinfo is not None for row in found for v in row)


def test_insert_ignoring_conflicts_skips_the_rows_a_unique_constraint_refuses(make_user):
    alice, bob = make_user(), make_user()
    game = started_game([alice, bob])
    now = timezone.now()

    def row(user, kind="turn"):
        return Notification(game=game, turn=1, seq=1, user=user, kind=kind, due_at=now)

    statements.insert_ignoring_conflicts([row(alice)])
    statements.insert_ignoring_conflicts([row(alice), row(bob)])  # alice's is there already: skipped
    assert sorted(Notification.objects.values_list("user_id", "kind")) == sorted([(alice.pk, "turn"), (bob.pk, "turn")])
    statements.insert_ignoring_conflicts([])
    assert Notification.objects.count() == 2
