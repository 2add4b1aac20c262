"""On PostgreSQL a person's step that leaves the decision with them (the same seat, the same turn) is
written by one statement without a transaction of its own (games.services.deciding._one_more_step); everything else
takes the locked path. Both must leave the same log, the same row and the same answers."""

import datetime
import random

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

import engine
from games import cache as state_cache
from games import services, started
from games.clock import deadlines
from games.clock.models import Absence, TimeControl
from games.exceptions import Forbidden, IllegalDecision, StaleSeq
from games.models import Game, LogEntry, Seat
from games.notifications.models import Notification
from games.services import deciding

from .helpers import advance_until, started_game

GUILDHALL = engine.get("guildhall")

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture(params=["seats known", "seats read"])
def seats_known(request):
    """Both ways to a step: a process that has seen the game started (its seats remembered, nothing read
    before the statement), and one that reads the game and its seats first."""
    started.forget_all()
    yield request.param == "seats known"
    started.forget_all()


def _as_this_process_knows(game, seats_known):
    started.forget_all()
    if seats_known:
        started.remember(deciding.seated(Seat.objects.filter(game_id=game.pk)))


def _on_the_step_s_read(monkeypatch, happening):
    """Run ``happening(game)`` once, right after the step has read the state it judges (from the cache
    for a remembered game, through ``load_state`` otherwise), before it writes."""
    real = {"cached_state": state_cache.cached_state, "load_state": state_cache.load_state}

    def reading(name):
        def read(g, *args, **kwargs):
            for original, function in real.items():
                monkeypatch.setattr(state_cache, original, function)
            state = real[name](g, *args, **kwargs)
            happening(g)
            return state

        return read

    for name in real:
        monkeypatch.setattr(state_cache, name, reading(name))


def _replayed(game):
    game.refresh_from_db()
    return state_cache.replay(game)


def test_a_step_within_the_turn_is_one_statement_and_the_log_replays_to_the_same_game(make_user):
    game = started_game([make_user(), make_user()])
    rng = random.Random(3)
    for round_ in range(5):
        seat, decision = advance_until(game, keeps_turn=True, rng=rng)
        game.refresh_from_db()
        before, user = game.updated_at, seat.user
        if round_ == 0:
            started.forget_all()  # a process that has not seen this game yet
        with CaptureQueriesContext(connection) as queries:
            result = services.submit_decision(game.pk, user, game.seq, {**decision, "note": "ignored"})
        sent = [q["sql"].split()[0] for q in queries.captured_queries]
        # The append with the update (no BEGIN, no lock, no COMMIT), after one read of the game and its
        # seats by a process that had not seen it yet; none once it has.
        expected = ["SELECT", "WITH"] if round_ == 0 else ["WITH"]
        assert sent == expected, [q["sql"][:200] for q in queries.captured_queries]
        assert result.game.deadline == Game.objects.get(pk=game.pk).deadline  # the row as written
        assert result.entry.seq == game.seq + 1
        entry = LogEntry.objects.get(game=game, seq=result.entry.seq)
        assert entry.decision == decision and entry.by == ""  # the engine's form, not the extra field
        game.refresh_from_db()
        assert game.seq == result.entry.seq and game.updated_at > before
        replayed = _replayed(game)
        assert replayed.seq == game.seq and game.scores == [replayed.vp(p) for p in range(game.num_seats)]
        assert GUILDHALL.view(replayed, seat.position) == GUILDHALL.view(result.state, seat.position)
        assert state_cache.load_state(game).seq == game.seq  # the snapshot of the new seq is cached


def test_a_decision_that_passes_the_turn_takes_the_locked_path_with_the_clock_and_the_outbox(make_user):
    game = started_game([make_user(), make_user()])
    seat, decision = advance_until(game, keeps_turn=False, rng=random.Random(4))
    game.refresh_from_db()
    user = seat.user
    with CaptureQueriesContext(connection) as queries:
        services.submit_decision(game.pk, user, game.seq, decision)
    sql = [q["sql"] for q in queries.captured_queries]
    assert any("FOR UPDATE" in q for q in sql) and not any(q.startswith("WITH moved") for q in sql)
    game.refresh_from_db()
    clock = TimeControl.objects.get(game=game)
    assert (clock.seat, clock.turn) == (game.to_move_position, game.turn)
    assert Notification.objects.filter(user=game.to_move_user, game=game, turn=game.turn, kind="turn").exists()


def test_a_change_of_turn_writes_the_clock_and_the_outbox_in_the_decision_s_own_statement(make_user):
    """The clock's UPDATE and the outbox's INSERT, made by the receivers of the game's save, go out in the
    statement that appends the entry (games.statements.append_locked), not in round trips of their own;
    the clock's row and the next player's absences are read by one statement."""
    game = started_game([make_user(), make_user()])
    deadlines.set_time_limit(game, datetime.timedelta(hours=48))
    seat, decision = advance_until(game, keeps_turn=False, rng=random.Random(5))
    game.refresh_from_db()
    with CaptureQueriesContext(connection) as queries:
        services.submit_decision(game.pk, seat.user, game.seq, decision)
    sql = [q["sql"] for q in queries.captured_queries]
    sql = sql[: sql.index("COMMIT")]  # what follows the commit (the email's delivery) is not the decision's
    writes = [q for q in sql if q.startswith(("UPDATE", "INSERT", "WITH", "DELETE"))]
    assert len(writes) == 1, writes
    tables = (Game._meta.db_table, LogEntry._meta.db_table, TimeControl._meta.db_table, Notification._meta.db_table)
    assert all(f'"{table}"' in writes[0] for table in tables)
    assert not any(f'FROM "{Absence._meta.db_table}"' in q and q.startswith("SELECT a.") for q in sql)
    game.refresh_from_db()
    clock = TimeControl.objects.get(game=game)
    assert (clock.seat, clock.turn) == (game.to_move_position, game.turn)
    assert clock.deadline == game.deadline == clock.turn_started_at + datetime.timedelta(hours=48)
    assert Notification.objects.filter(user=game.to_move_user, game=game, turn=game.turn, kind="turn").count() == 1


def test_the_next_player_s_absence_read_with_the_clock_pauses_the_new_turn(make_user):
    """An absence of the player now awaited that overlaps the new turn moves the deadline by the overlap;
    one that ended before the turn began does not."""
    game = started_game([make_user(), make_user()])
    deadlines.set_time_limit(game, datetime.timedelta(hours=48))
    seat, decision = advance_until(game, keeps_turn=False, rng=random.Random(6))
    game.refresh_from_db()
    following = next(s.user for s in Seat.objects.filter(game=game) if s.user_id != seat.user_id)
    now, hour = timezone.now(), datetime.timedelta(hours=1)
    Absence.objects.create(user=following, starts_at=now - 72 * hour, ends_at=now - 48 * hour)
    Absence.objects.create(user=following, starts_at=now + 10 * hour, ends_at=now + 16 * hour)
    services.submit_decision(game.pk, seat.user, game.seq, decision)
    game.refresh_from_db()
    assert game.to_move_user == following
    clock = TimeControl.objects.get(game=game)
    assert clock.deadline == game.deadline == clock.turn_started_at + datetime.timedelta(hours=54)


def test_a_stale_or_refused_step_writes_nothing_and_answers_as_the_locked_path_does(make_user, seats_known):
    game = started_game([make_user(), make_user()])
    seat, decision = advance_until(game, keeps_turn=True, rng=random.Random(5))
    game.refresh_from_db()
    services.submit_decision(game.pk, seat.user, game.seq, decision)
    seq = game.seq + 1
    _as_this_process_knows(game, seats_known)
    # The same click again: with the seats remembered, judged on the cached state of the seq it names,
    # then refused by the statement (the row is at seq now); otherwise refused on reading the row.
    with CaptureQueriesContext(connection) as queries, pytest.raises(StaleSeq) as stale:
        services.submit_decision(game.pk, seat.user, seq - 1, decision)
    assert stale.value.current_seq == seq
    tried = [q["sql"] for q in queries.captured_queries if q["sql"].startswith("WITH moved")]
    assert len(tried) == (1 if seats_known else 0)
    with pytest.raises(StaleSeq) as stale:
        services.submit_decision(game.pk, seat.user, seq + 3, decision)
    assert stale.value.current_seq == seq
    with pytest.raises(IllegalDecision):
        services.submit_decision(game.pk, seat.user, seq, {"type": "play", "card": 999})
    assert LogEntry.objects.filter(game=game).count() == seq
    game.refresh_from_db()
    assert game.seq == seq


def test_the_game_moving_on_between_the_read_and_the_write_leaves_the_step_unwritten(
    make_user, monkeypatch, seats_known
):
    """Another request's step commits after this one read the state: the one statement finds the seq
    moved on and writes nothing, and the locked path answers 409 with the current seq."""
    game = started_game([make_user(), make_user()])
    seat, decision = advance_until(game, keeps_turn=True, rng=random.Random(6))
    game.refresh_from_db()
    seq = game.seq
    _as_this_process_knows(game, seats_known)

    def someone_else_decides(_game):
        with transaction.atomic():
            services.submit_decision(game.pk, seat.user, seq, decision)

    _on_the_step_s_read(monkeypatch, someone_else_decides)
    with CaptureQueriesContext(connection) as queries, pytest.raises(StaleSeq) as stale:
        services.submit_decision(game.pk, seat.user, seq, decision)
    assert stale.value.current_seq == seq + 1
    # The other writer's statement, then this one's, which found the seq moved on.
    assert sum(q["sql"].startswith("WITH moved") for q in queries.captured_queries) == 2
    assert list(LogEntry.objects.filter(game=game).values_list("seq", flat=True)) == list(range(1, seq + 2))


def test_inside_a_caller_s_transaction_that_rolls_back_nothing_remains(make_user):
    game = started_game([make_user(), make_user()])
    seat, decision = advance_until(game, keeps_turn=True, rng=random.Random(7))
    game.refresh_from_db()
    seq = game.seq
    with pytest.raises(RuntimeError), transaction.atomic():
        services.submit_decision(game.pk, seat.user, seq, decision)
        raise RuntimeError("the caller fails after the step")
    game.refresh_from_db()
    assert game.seq == seq and LogEntry.objects.filter(game=game).count() == seq
    assert Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE
    state_cache.clear_local()
    assert state_cache.load_state(game).seq == seq  # no snapshot of the rolled-back seq was used


def test_a_deadline_the_clock_moves_meanwhile_is_not_written_back(make_user, monkeypatch, seats_known):
    """The clock changes the row's deadline without moving the seq (a vacation begins): a step read before
    that change writes only what a step changes, and the clock's deadline stays."""
    import datetime

    from django.utils import timezone

    game = started_game([make_user(), make_user()])
    seat, decision = advance_until(game, keeps_turn=True, rng=random.Random(8))
    game.refresh_from_db()
    moved_deadline = timezone.now().replace(microsecond=0) + datetime.timedelta(days=9)
    _as_this_process_knows(game, seats_known)
    _on_the_step_s_read(monkeypatch, lambda g: Game.objects.filter(pk=g.pk).update(deadline=moved_deadline))
    result = services.submit_decision(game.pk, seat.user, game.seq, decision)
    game.refresh_from_db()
    assert game.seq == result.entry.seq
    assert game.deadline == moved_deadline
    assert result.game.deadline == moved_deadline  # the answer carries the row as written, not as remembered


def test_a_refused_statement_inside_a_caller_s_transaction_leaves_it_usable(make_user):
    """Where the log and the row disagree (an entry at seq + 1 the row does not count), the one statement is
    refused by the unique (game, seq): in a savepoint, so the caller's transaction goes on, and the locked
    path answers 409 with nothing written."""
    game = started_game([make_user(), make_user()])
    seat, decision = advance_until(game, keeps_turn=True, rng=random.Random(9))
    game.refresh_from_db()
    seq = game.seq
    with pytest.raises(RuntimeError), transaction.atomic():
        LogEntry.objects.create(game=game, seq=seq + 1, seat=seat.position, decision=decision)
        with pytest.raises(StaleSeq):
            services.submit_decision(game.pk, seat.user, seq, decision)
        assert Game.objects.get(pk=game.pk).seq == seq  # the transaction still answers
        assert LogEntry.objects.filter(game=game).count() == seq + 1
        raise RuntimeError("undo the planted entry")
    assert LogEntry.objects.filter(game=game).count() == seq


def test_a_remembered_game_id_that_now_names_another_game_writes_nothing_by_the_step(make_user):
    """A process remembers game N; the database now holds another game under that id (a test database
    whose sequences were reset). The statement compares the seed commitment: it writes nothing, and the
    locked path, reading the row, decides the step as it is."""
    game = started_game([make_user(), make_user()])
    seat, decision = advance_until(game, keeps_turn=True, rng=random.Random(10))
    game.refresh_from_db()
    seq = game.seq
    seats = deciding.seated(Seat.objects.filter(game_id=game.pk))
    other = seats[0].game
    other.seed_commitment = "f" * 64  # the game this process once knew under the same id
    started.forget_all()
    started.remember(seats)
    state_cache._local_put(state_cache.state_key(other, seq), state_cache.load_state(game))
    user = seat.user
    with CaptureQueriesContext(connection) as queries:
        result = services.submit_decision(game.pk, user, seq, decision)
    sql = [q["sql"] for q in queries.captured_queries]
    assert sql[0].startswith("WITH moved") and any("FOR UPDATE" in q for q in sql[1:])
    assert result.entry.seq == seq + 1
    assert list(LogEntry.objects.filter(game=game).values_list("seq", flat=True)) == list(range(1, seq + 2))


def test_someone_a_remembered_game_does_not_seat_is_answered_from_the_row(make_user):
    game = started_game([make_user(), make_user()])
    seat, decision = advance_until(game, keeps_turn=True, rng=random.Random(11))
    game.refresh_from_db()
    started.forget_all()
    started.remember(deciding.seated(Seat.objects.filter(game_id=game.pk)))
    with pytest.raises(Forbidden) as refused:
        services.submit_decision(game.pk, make_user(), game.seq, decision)
    assert refused.value.code == "not_a_player"
    assert LogEntry.objects.filter(game=game).count() == game.seq
