"""The statements written once per process (games.statements) store and read what the ORM would: the same
rows, the same values back, the same conflicts skipped. On SQLite and on PostgreSQL alike."""

import datetime

import pytest
from django.utils import timezone

from games import statements
from games.clock.models import Absence
from games.models import Game, LogEntry
from games.notifications.models import Notification

from .helpers import started_game

pytestmark = pytest.mark.django_db


def test_insert_and_update_store_what_the_orm_reads_back(make_user):
    game = started_game([make_user(), make_user()])
    entry = statements.insert(LogEntry(game=game, seq=1, seat=0, decision={"type": "pass", "é": [1, None]}))
    stored = LogEntry.objects.get(pk=entry.pk)
    assert (stored.game_id, stored.seq, stored.seat, stored.decision, stored.by) == (game.pk, 1, 0, entry.decision, "")
    assert stored.created_at == entry.created_at
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


def _fields(instance):
    return {f.attname: getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields}


def _orm_game(game_id):
    from django.db.models import Prefetch

    from games.models import Seat

    seats = Prefetch("seats", queryset=Seat.objects.select_related("user"))
    return Game.objects.select_related("created_by").prefetch_related(seats).get(pk=game_id)


def test_game_with_seats_is_the_orm_s_game_with_its_creator_and_seats_in_one_query(
    make_user, django_assert_num_queries
):
    from games import services

    alice, bob, carol = make_user(), make_user(), make_user()
    started = started_game([alice, bob], bots=1)  # seated people and a bot seat
    open_game = services.create_game(carol, seats=3)  # the creator's seat, no position yet
    services.join(open_game.pk, alice)
    Game.objects.filter(pk=open_game.pk).update(created_by=None)  # the creator's account deleted
    seatless = Game.objects.create(
        engine_version="test", mode="printed", num_seats=2, seed="s" * 64, seed_commitment="c" * 64, created_by=bob
    )
    for game_id in (started.pk, open_game.pk, seatless.pk):
        orm = _orm_game(game_id)
        with django_assert_num_queries(1):
            game = statements.game_with_seats(game_id)
        with django_assert_num_queries(0):  # everything a page reads of it is there
            seats = list(game.seats.all())
            users = [seat.user for seat in seats]
            creator = game.created_by
            assert all(seat.game is game for seat in seats)
        assert _fields(game) == _fields(orm)
        assert (creator and _fields(creator)) == (orm.created_by and _fields(orm.created_by))
        assert [_fields(s) for s in seats] == [_fields(s) for s in orm.seats.all()]
        assert [u and _fields(u) for u in users] == [s.user and _fields(s.user) for s in orm.seats.all()]
    assert len(started.seats.all()) == 3 and len(list(statements.game_with_seats(seatless.pk).seats.all())) == 0
    game = statements.game_with_seats(started.pk)
    with django_assert_num_queries(1):  # a query made from the seats joins their users, as the ORM's did
        assert {seat.user for seat in game.seats.filter(kind="user")} == {alice, bob}
    assert statements.game_with_seats(seatless.pk + 1000) is None
