"""Time limits with a frozen clock (time-machine): reminders, timeouts, the bot taking a seat over, the
"end" policy, vacations. Tasks in-process (both CI passes), emails to a real SMTP server. Every timeout
is an entry of the game's log made by the server for the seat (``LogEntry.by``)."""

import datetime
import random

import pytest
import time_machine
from django.core.exceptions import ValidationError
from django.test import Client

import engine
from games import cache as state_cache
from games import services
from games.clock import deadlines, selectors, vacations
from games.clock.deadlines import set_time_limit
from games.clock.models import TimeControl
from games.clock.tasks import scan_clocks
from games.exceptions import Conflict
from games.models import Game, LogEntry
from games.notifications.models import Notification
from tests.games.helpers import bodies, play_until_turn_changes, start_game

GUILDHALL = engine.get("guildhall")

pytestmark = pytest.mark.django_db

UTC = datetime.UTC
H = datetime.timedelta(hours=1)
T0 = datetime.datetime(2027, 1, 11, 12, 0, tzinfo=UTC)


def _kinds(user):
    return list(Notification.objects.filter(user=user).order_by("id").values_list("kind", flat=True))


def _subjects(inbox, user):
    return [str(m["Subject"]) for m in inbox.to(user.email)]


def _timeouts(game, seat):
    """The seat's timeouts in a row, as the log says (the engine state replayed from it)."""
    game.refresh_from_db()
    return state_cache.replay(game).timeouts[seat]


def test_paused_deadline_and_reminder_points(settings):
    start = T0
    assert deadlines.paused_deadline(start, 72 * H, []) == start + 72 * H
    # An absence inside the turn moves the deadline by its length; one before the turn, not at all.
    absences = [(start - 50 * H, start - 40 * H), (start + 10 * H, start + 20 * H)]
    assert deadlines.paused_deadline(start, 72 * H, absences) == start + 82 * H
    # A turn that starts during an absence starts counting when it ends.
    assert deadlines.paused_deadline(start, 72 * H, [(start - H, start + 5 * H)]) == start + 77 * H
    # An absence after the deadline changes nothing.
    assert deadlines.paused_deadline(start, 72 * H, [(start + 80 * H, start + 90 * H)]) == start + 72 * H
    settings.CLOCK_REMINDER_POINTS = [24 * H, 0.2]
    assert deadlines.reminder_points(72 * H) == [24 * H, 72 * H * 0.2]
    assert deadlines.reminder_points(7 * 24 * H) == [7 * 24 * H * 0.2, 24 * H]
    assert deadlines.reminder_points(12 * H) == [12 * H * 0.2]  # 24 h left would be before the turn starts
    assert deadlines.reminder_points(None) == []


def test_reminders_timeouts_and_the_bot_taking_the_seat_over(make_user, commit, smtp_server, settings):
    settings.CLOCK_REMINDER_POINTS = [24 * H, 0.2]
    alice, bob = make_user("alice"), make_user("bob")
    rng = random.Random(7)
    with time_machine.travel(T0, tick=False) as traveller:
        game = start_game(commit, [alice, bob])
        set_time_limit(game, 72 * H)
        game.refresh_from_db()
        absent = game.to_move_user
        other = bob if absent == alice else alice
        assert game.deadline == T0 + 72 * H
        assert _kinds(absent) == ["turn"]

        traveller.move_to(T0 + 47 * H)
        with commit():
            assert scan_clocks() == 0  # nothing is due: the scan does nothing
        traveller.move_to(T0 + 48 * H)
        with commit():
            assert scan_clocks() == 1
        assert _kinds(absent) == ["turn", "reminder-1"]
        subject = _subjects(smtp_server, absent)[-1]
        assert "1\xa0day left" in subject or "1 day left" in subject
        with commit():
            assert scan_clocks() == 0  # the same point never twice
        traveller.move_to(T0 + 72 * H * 0.8)
        with commit():
            scan_clocks()
        assert _kinds(absent) == ["turn", "reminder-1", "reminder-2"]
        assert len(smtp_server.to(absent.email)) == 3

        # The deadline passes: the bot plays the turn, through the service layer, into the log.
        traveller.move_to(T0 + 72 * H)
        seq_before = game.seq
        with commit():
            scan_clocks()
        game.refresh_from_db()
        assert game.to_move_user == other
        absent_seat = game.seats.get(user=absent).position
        entries = list(LogEntry.objects.filter(game=game, seq__gt=seq_before).values_list("seq", "seat", "by"))
        assert entries and all(seat == absent_seat and by == "timeout" for _s, seat, by in entries)
        assert [s for s, _seat, _by in entries] == list(range(seq_before + 1, game.seq + 1))
        assert _kinds(absent)[-1] == "timeout"
        assert "time ran out" in _subjects(smtp_server, absent)[-1]
        # The other player's your-turn email tells what the bot did, and that it was the bot.
        text, _html = bodies(smtp_server.to(other.email)[-1])
        assert f"Time ran out for {absent.username}: the bot plays this turn for them." in text
        tc = TimeControl.objects.get(game=game)
        assert _timeouts(game, absent_seat) == 1
        assert tc.deadline == T0 + 72 * H + 72 * H  # the other player's clock started at the timeout
        game.refresh_from_db()
        assert game.deadline == tc.deadline

        # Two more timeouts in a row: the bot takes the seat over.
        for count in (2, 3):
            play_until_turn_changes(game, rng, commit=commit)
            game.refresh_from_db()
            assert game.to_move_user == absent
            traveller.move_to(game.deadline)
            with commit():
                scan_clocks()
            assert _timeouts(game, absent_seat) == count
        assert GUILDHALL.departed_reason(state_cache.replay(game), absent_seat) == "taken_over"
        take_over = LogEntry.objects.get(game=game, decision={"type": "take_over"})
        assert (take_over.seat, take_over.by) == (absent_seat, "timeout")
        # With two players, the seat taken over ends the game: the other wins, the absent player is last.
        game.refresh_from_db()
        assert game.status == Game.Status.FINISHED and game.ended_by == "taken_over"
        places = dict(game.seats.values_list("user_id", "final_place"))
        assert places == {other.pk: 1, absent.pk: 2}
        for user in (absent, other):
            message = smtp_server.to(user.email)[-1]
            assert "is over" in str(message["Subject"])
            text, html = bodies(message)
            assert "the bot took over a seat after timeouts" in text
            assert f"/games/{game.pk}/replay/" in text and f"/games/{game.pk}/replay/" in html
        assert "taken-over" not in _kinds(absent), "no notice of a takeover that ended the game"


@pytest.mark.slow
def test_a_seat_taken_over_is_played_by_the_bot_to_the_end_and_placed_last(make_user, commit, smtp_server):
    users = [make_user("alice"), make_user("bob"), make_user("carol")]
    rng = random.Random(3)
    with time_machine.travel(T0, tick=False) as traveller:
        game = start_game(commit, users)
        set_time_limit(game, 10 * H)
        game.refresh_from_db()
        absent = game.to_move_user
        absent_seat = game.seats.get(user=absent).position
        for count in (1, 2, 3):
            game.refresh_from_db()
            while game.to_move_user != absent:
                play_until_turn_changes(game, rng, commit=commit)
                game.refresh_from_db()
            traveller.move_to(game.deadline)
            with commit():
                scan_clocks()
            assert _timeouts(game, absent_seat) == count
        game.refresh_from_db()
        assert game.status == Game.Status.ACTIVE
        assert GUILDHALL.departed_reason(state_cache.replay(game), absent_seat) == "taken_over"
        assert _kinds(absent)[-1] == "taken-over"
        assert "took over your seat" in _subjects(smtp_server, absent)[-1]

        # From now on the server's bot plays that seat at once, and the player gets no turn emails.
        emails_before = len(smtp_server.to(absent.email))
        for _i in range(6):
            play_until_turn_changes(game, rng, commit=commit)
            game.refresh_from_db()
            if game.status != Game.Status.ACTIVE:
                break
            assert game.to_move_position != absent_seat, "the taken-over seat was not played at once"
        assert LogEntry.objects.filter(game=game, seat=absent_seat, by="bot").exists()
        assert len(smtp_server.to(absent.email)) == emails_before
        with pytest.raises(Conflict) as refused:  # the player who was taken over has left the game
            services.resign(game.pk, absent)
        assert refused.value.code == "already_left"

        # To the end of the game: the taken-over seat is placed last, whatever its score.
        for _i in range(600):
            game.refresh_from_db()
            if game.status != Game.Status.ACTIVE:
                break
            play_until_turn_changes(game, rng, commit=commit)
        game.refresh_from_db()
        assert game.status == Game.Status.FINISHED and game.ended_by == "rules"
        places = dict(game.seats.values_list("user_id", "final_place"))
        assert places[absent.pk] == 3 and sorted(places.values()) in ([1, 2, 3], [1, 1, 3])


def test_a_players_own_decision_resets_the_timeout_count(make_user, commit, smtp_server):
    alice, bob = make_user("alice"), make_user("bob")
    rng = random.Random(1)
    with time_machine.travel(T0, tick=False) as traveller:
        game = start_game(commit, [alice, bob])
        set_time_limit(game, 10 * H)
        game.refresh_from_db()
        absent = game.to_move_user
        seat = game.seats.get(user=absent).position
        traveller.move_to(game.deadline)
        with commit():
            scan_clocks()
        assert _timeouts(game, seat) == 1
        play_until_turn_changes(game, rng, commit=commit)  # the other player
        game.refresh_from_db()
        assert game.to_move_user == absent
        play_until_turn_changes(game, rng, commit=commit)  # the absent player is back
        assert _timeouts(game, seat) == 0


def test_policy_end_finishes_the_game_with_the_absent_player_last(make_user, commit, smtp_server):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    with time_machine.travel(T0, tick=False) as traveller:
        game = start_game(commit, [alice, bob, carol])
        set_time_limit(game, 2 * H, policy="end")
        game.refresh_from_db()
        absent = game.to_move_user
        traveller.move_to(T0 + 2 * H)
        with commit():
            scan_clocks()
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.to_move_user is None and game.deadline is None
    places = dict(game.seats.values_list("user_id", "final_place"))
    assert places[absent.pk] == 3
    assert sorted(places.values())[:2] in ([1, 2], [1, 1])
    last = LogEntry.objects.filter(game=game).order_by("-seq").first()
    absent_seat = game.seats.get(user=absent).position
    assert (last.seat, last.decision, last.by) == (absent_seat, {"type": "time_out"}, "timeout")
    assert game.ended_by == "timed_out"
    for user in (alice, bob, carol):
        message = smtp_server.to(user.email)[-1]
        text, _html = bodies(message)
        assert "is over" in str(message["Subject"])
        assert "time ran out" in text
        assert f"/games/{game.pk}/replay/" in text
    # The game is over: nothing is due any more.
    assert TimeControl.objects.get(game=game).next_check_at is None


def test_vacation_pauses_the_deadline_and_is_shown(make_user, commit, smtp_server):
    alice, bob = make_user("alice"), make_user("bob")
    with time_machine.travel(T0, tick=False) as traveller:
        game = start_game(commit, [alice, bob])
        set_time_limit(game, 72 * H)
        game.refresh_from_db()
        absent = game.to_move_user
        absence = vacations.declare_absence(absent, T0 + 10 * H, T0 + 20 * H)
        game.refresh_from_db()
        assert game.deadline == T0 + 82 * H
        assert TimeControl.objects.get(game=game).deadline == T0 + 82 * H
        shown = selectors.absences_for_game(game)
        assert [(a.user_id, a.starts_at, a.ends_at, a.current) for a in shown] == [
            (absent.pk, T0 + 10 * H, T0 + 20 * H, False)
        ]
        traveller.move_to(T0 + 15 * H)
        assert selectors.absences_for_game(game)[0].current
        traveller.move_to(T0 + 72 * H)
        with commit():
            scan_clocks()  # the 24-hours-left reminder (at 58 h of the paused clock), no timeout
        game.refresh_from_db()
        assert game.to_move_user == absent
        assert "timeout" not in _kinds(absent)
        traveller.move_to(T0 + 82 * H)
        with commit():
            scan_clocks()
        game.refresh_from_db()
        assert game.to_move_user != absent
        assert _kinds(absent)[-1] == "timeout"
        # Ending an absence early gives back the rest of it.
        traveller.move_to(T0 + 100 * H)
        assert vacations.end_absence(absent, absence.pk) is False  # already over
        later = vacations.declare_absence(absent, T0 + 200 * H, T0 + 210 * H)
        assert vacations.end_absence(absent, later.pk) is True  # not begun: withdrawn
        assert not type(later).objects.filter(pk=later.pk).exists()


def test_at_most_30_days_of_absence_per_calendar_year(make_user):
    alice = make_user("alice")
    start = datetime.datetime(2027, 3, 1, tzinfo=UTC)
    with time_machine.travel(start - H, tick=False):
        vacations.declare_absence(alice, start, start + datetime.timedelta(days=20))
        with pytest.raises(ValidationError) as exc:
            vacations.declare_absence(alice, start + datetime.timedelta(days=40), start + datetime.timedelta(days=51))
        assert exc.value.code == "too_long"
        vacations.declare_absence(alice, start + datetime.timedelta(days=40), start + datetime.timedelta(days=50))
        assert vacations.days_left(alice, 2027) == 0
        with pytest.raises(ValidationError) as exc:
            vacations.declare_absence(alice, start + datetime.timedelta(days=5), start + datetime.timedelta(days=6))
        assert exc.value.code in ("overlap", "too_long")
    # Across New Year each year counts its own part: 2027 is full, so only the 2028 part is allowed.
    new_year = datetime.datetime(2028, 1, 1, tzinfo=UTC)
    with time_machine.travel(new_year - datetime.timedelta(days=3), tick=False):
        with pytest.raises(ValidationError):
            vacations.declare_absence(alice, new_year - 24 * H, new_year + 48 * H)
        vacations.declare_absence(alice, new_year, new_year + datetime.timedelta(days=30))
        assert vacations.days_left(alice, 2028) == 0


def test_vacation_page(make_user):
    alice = make_user("alice")
    client = Client()
    assert client.get("/vacation/").status_code == 302  # login first
    client.force_login(alice)
    page = client.get("/vacation/")
    assert page.status_code == 200 and b"30" in page.content
    with time_machine.travel(T0, tick=False):
        client.force_login(alice)
        response = client.post(
            "/vacation/", {"starts_at": "2027-02-01T08:00", "ends_at": "2027-02-08T08:00"}
        )
        assert response.status_code == 302 and response["Location"] == "/vacation/"
        assert vacations.days_used(alice, 2027) == 7
        response = client.post(
            "/vacation/", {"starts_at": "2027-03-01T08:00", "ends_at": "2027-04-15T08:00"}
        )
        assert response.status_code == 400
        assert vacations.days_used(alice, 2027) == 7


def test_bots_have_no_clock(make_user, commit):
    alice = make_user("alice")
    with time_machine.travel(T0, tick=False):
        game = start_game(commit, [alice], bots=1)
        set_time_limit(game, 5 * H)
        game.refresh_from_db()
        tc = TimeControl.objects.get(game=game)
        # The bots have moved until alice is to move: the clock is hers.
        assert game.to_move_user == alice
        assert tc.deadline == game.deadline
        set_time_limit(game, None)
        game.refresh_from_db()
        assert game.deadline is None and TimeControl.objects.get(game=game).next_check_at is None
    with pytest.raises(ValueError):
        set_time_limit(game, 5 * H, policy="forfeit")
    assert services  # the service layer is what moved the bots above


def test_the_game_rows_deadline_follows_the_time_control(make_user, commit):
    """Every decision (within a turn too) leaves Game.deadline equal to the clock's deadline: None for
    an untimed game, the turn's own deadline (not reset by each step) for a timed one."""
    from games import cache as state_cache
    from games.models import Seat

    alice, bob = make_user("alice"), make_user("bob")
    rng = random.Random(9)

    def step(game):
        seat = Seat.objects.get(game=game, position=game.to_move_position)
        decision = GUILDHALL.bots.choose(state_cache.load_state(game), seat.position, "greedy", rng)
        with commit():
            services.submit_decision(game.pk, seat.user, game.seq, decision)
        game.refresh_from_db()

    with time_machine.travel(T0, tick=False) as traveller:
        game = start_game(commit, [alice, bob])
        set_time_limit(game, None)
        for _i in range(25):
            traveller.shift(H)
            step(game)
            assert game.deadline is None
        set_time_limit(game, 72 * H)
        game.refresh_from_db()
        turns = 0
        while turns < 3:
            start = (game.to_move_position, game.turn)
            deadline = game.deadline
            assert deadline == TimeControl.objects.get(game=game).deadline
            traveller.shift(H)
            step(game)
            if (game.to_move_position, game.turn) == start:
                assert game.deadline == deadline  # a step of the same turn doesn't move it
            else:
                turns += 1
                assert game.deadline == TimeControl.objects.get(game=game).deadline != deadline


def test_a_table_s_absences_cost_one_query_while_nobody_is_away_and_name_whoever_is(
    make_user, commit, django_assert_num_queries
):
    from games import selectors as game_selectors

    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(commit, [alice, bob])
    shown = game_selectors.get_game(game.pk)  # as the table reads it: seats and users with the game
    with django_assert_num_queries(1):
        assert selectors.absences_for_game(shown) == []
    bob.profile.display_name = "Robert"
    bob.profile.save()
    vacations.declare_absence(bob, T0 + 10 * H, T0 + 20 * H)
    with time_machine.travel(T0, tick=False), django_assert_num_queries(2):
        away = selectors.absences_for_game(shown)
    position = next(s.position for s in shown.seats.all() if s.user_id == bob.pk)
    assert [(a.seat, a.user_id, a.name, a.current) for a in away] == [(position, bob.pk, "Robert", False)]
