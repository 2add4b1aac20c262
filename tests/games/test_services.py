"""The service layer: lifecycle, submit_decision's checks, denormalised fields, hooks."""

import random

import pytest

import engine
from games import cache as state_cache
from games import hooks, services
from games.exceptions import Conflict, Forbidden, IllegalDecision, InvalidRequest, NotFound, StaleSeq
from games.models import Game, LogEntry

from .helpers import choose, pending_seat, play, started_game

GUILDHALL = engine.get("guildhall")

pytestmark = pytest.mark.django_db


def test_create_publishes_commitment_and_keeps_seed(make_user):
    alice = make_user()
    game = services.create_game(alice, seats=3, options={"mode": "yucata"})
    assert game.status == Game.Status.OPEN
    assert game.game == "guildhall" and game.options == {"mode": "yucata"}
    assert game.engine_version == engine.get("guildhall").ENGINE_VERSION
    assert game.seed_commitment == engine.seed_commitment(game.seed)
    assert list(game.seats.values_list("user", flat=True)) == [alice.pk]


def test_a_game_keeps_its_options_with_the_defaults_filled_in_and_the_previous_release_reads_its_mode(make_user):
    game = services.create_game(make_user(), seats=2)
    game.refresh_from_db()
    assert (game.game, game.options, game.mode) == ("guildhall", {"mode": "printed"}, "printed")
    yucata = services.create_game(make_user(), seats=2, game="guildhall", options={"mode": "yucata"})
    yucata.refresh_from_db()
    assert (yucata.options, yucata.mode) == ({"mode": "yucata"}, "yucata")


def test_a_row_the_previous_release_wrote_is_read_with_the_mode_it_stored(make_user):
    """The previous release, running on the new schema, writes no options (the database's default {}),
    only its mode column: the game is played under that mode."""
    from games.rules import options_of

    game = services.create_game(make_user(), seats=2, options={"mode": "yucata"})
    Game.objects.filter(pk=game.pk).update(options={}, mode="yucata")
    game.refresh_from_db()
    assert options_of(game) == {"mode": "yucata"}


@pytest.mark.parametrize(
    "kwargs, field",
    [({"seats": 1}, "seats"), ({"seats": 5}, "seats"), ({"seats": "3"}, "seats"), ({"seats": True}, "seats"),
     ({"seats": 2, "options": {"mode": "chess"}}, "options"), ({"seats": 2, "options": {"colour": "red"}}, "options"),
     ({"seats": 2, "options": "printed"}, "options"), ({"seats": 2, "game": "chess"}, "game"),
     ({"seats": 2, "game": None}, "game"), ({"seats": 2, "bot_kind": "genius", "bots": 1}, "bot_kind"),
     ({"seats": 2, "bots": 2}, "bots"), ({"seats": 2, "invite": ["nobody-by-that-name"]}, "invite"),
     ({"seats": 2, "invite": "x"}, "invite")],
)
def test_create_rejects_bad_input_saying_which_field_and_changes_nothing(make_user, kwargs, field):
    with pytest.raises(InvalidRequest) as refused:
        services.create_game(make_user(), **kwargs)
    assert list(refused.value.extra["fields"]) == [field]
    assert Game.objects.count() == 0


def test_game_starts_by_itself_when_full(make_user):
    users = [make_user() for _ in range(3)]
    game = services.create_game(users[0], seats=3)
    services.join(game.pk, users[1])
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN
    services.join(game.pk, users[2])
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert sorted(game.seats.values_list("position", flat=True)) == [0, 1, 2]
    assert game.to_move_position == 0
    assert game.to_move_user_id == game.seats.get(position=0).user_id
    assert game.deadline is not None and game.started_at is not None


def test_join_rules(make_user):
    alice, bob, carol, dave = (make_user() for _ in range(4))
    game = services.create_game(alice, seats=3, invite=[bob.username])
    with pytest.raises(Forbidden):
        services.join(game.pk, carol)
    services.join(game.pk, bob)
    with pytest.raises(Conflict):
        services.join(game.pk, bob)
    with pytest.raises(NotFound):
        services.join(10**12, dave)
    with pytest.raises(NotFound):
        services.join("nope", dave)


def test_leave_and_start_early(make_user):
    alice, bob, carol = (make_user() for _ in range(3))
    game = services.create_game(alice, seats=4)
    services.join(game.pk, bob)
    services.join(game.pk, carol)
    services.leave(game.pk, carol)
    with pytest.raises(Forbidden):
        services.start(game.pk, bob)  # only the creator
    services.start(game.pk, alice)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.num_seats == 2
    with pytest.raises(Conflict):
        services.leave(game.pk, bob)


def test_creator_leaving_aborts(make_user):
    alice = make_user()
    game = services.create_game(alice, seats=2)
    services.leave(game.pk, alice)
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED


def test_submit_appends_and_denormalises(make_user):
    game = started_game([make_user(), make_user()])
    seat, decision = choose(game)
    result = services.submit_decision(game.pk, seat.user, 0, decision)
    assert result.entry.seq == 1 and result.game.seq == 1
    entry = LogEntry.objects.get(game=game)
    assert (entry.seq, entry.seat, entry.decision) == (1, seat.position, decision)
    replayed = state_cache.replay(game)
    game.refresh_from_db()
    assert game.seq == replayed.seq == 1
    assert game.to_move_position == GUILDHALL.pending_player(replayed)
    assert game.scores == [replayed.vp(p) for p in range(2)]


def test_stale_seq_is_409_with_current_seq_and_changes_nothing(make_user):
    game = started_game([make_user(), make_user()])
    play(game, 3)
    seat, decision = choose(game)
    for stale in (0, 2, 4, 100):
        with pytest.raises(StaleSeq) as info:
            services.submit_decision(game.pk, seat.user, stale, decision)
        assert info.value.status == 409 and info.value.extra == {"seq": 3}
    assert LogEntry.objects.filter(game=game).count() == 3


def test_wrong_user_is_403_and_changes_nothing(make_user):
    alice, bob, mallory = make_user(), make_user(), make_user()
    game = started_game([alice, bob])
    seat, decision = choose(game)
    other = bob if seat.user == alice else alice
    with pytest.raises(Forbidden) as info:
        services.submit_decision(game.pk, other, 0, decision)
    assert info.value.code == "not_your_turn"
    with pytest.raises(Forbidden) as info:
        services.submit_decision(game.pk, mallory, 0, decision)
    assert info.value.code == "not_a_player"
    assert LogEntry.objects.filter(game=game).count() == 0


@pytest.mark.parametrize(
    "decision",
    [{"type": "no-such-type"}, {"type": "discard", "card": "seven"}, {"type": "discard", "card": 10**6},
     {}, {"type": None}],
)
def test_illegal_decision_is_400_with_engine_message(make_user, decision):
    game = started_game([make_user(), make_user()])
    seat = pending_seat(game)
    with pytest.raises(IllegalDecision) as info:
        services.submit_decision(game.pk, seat.user, 0, decision)
    assert info.value.status == 400 and str(info.value.detail)
    game.refresh_from_db()
    assert game.seq == 0 and LogEntry.objects.filter(game=game).count() == 0


@pytest.mark.parametrize("decision", [None, [], "discard", 3])
def test_non_object_decision_is_malformed(make_user, decision):
    game = started_game([make_user(), make_user()])
    with pytest.raises(IllegalDecision) as info:
        services.submit_decision(game.pk, pending_seat(game).user, 0, decision)
    assert info.value.code == "malformed"


@pytest.mark.slow
def test_finished_game_refuses_decisions_and_records_places(make_user):
    alice, bob = make_user(), make_user()
    game = started_game([alice, bob])
    play(game, 5000, rng=random.Random(7), kind="greedy")  # greedy games are shorter
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.finished_at is not None
    assert game.to_move_position is None and game.to_move_user is None
    places = sorted(game.seats.values_list("final_place", flat=True))
    assert places[0] == 1 and None not in places
    with pytest.raises(Conflict):
        services.submit_decision(game.pk, alice, game.seq, {"type": "end_turn"})


def test_hooks_run_after_commit_only(make_user, django_capture_on_commit_callbacks):
    seen = []

    def hook(event):
        seen.append(event)

    hooks.on_decision(hook)
    try:
        game = started_game([make_user(), make_user()])
        seat, decision = choose(game)
        with django_capture_on_commit_callbacks(execute=False) as callbacks:
            services.submit_decision(game.pk, seat.user, 0, decision)
        assert seen == []  # not before the commit
        for callback in callbacks:
            callback()
        assert [(e.game_id, e.seq, e.seat) for e in seen] == [(game.pk, 1, seat.position)]
    finally:
        hooks.remove_hook(hook)


def test_failed_submission_registers_no_hook(make_user, django_capture_on_commit_callbacks):
    game = started_game([make_user(), make_user()])
    with django_capture_on_commit_callbacks() as callbacks:
        with pytest.raises(StaleSeq):
            services.submit_decision(game.pk, pending_seat(game).user, 5, {"type": "done"})
    assert callbacks == []


def test_bots_move_until_a_human_is_to_move(make_user, django_capture_on_commit_callbacks):
    alice = make_user()
    with django_capture_on_commit_callbacks(execute=True):
        game = services.create_game(alice, seats=3, bots=2)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    # Whoever started, the bots have moved until it is alice's decision.
    assert game.to_move_user_id == alice.pk
    for _ in range(30):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        seat, decision = choose(game)
        assert seat.user_id == alice.pk
        with django_capture_on_commit_callbacks(execute=True):
            services.submit_decision(game.pk, alice, game.seq, decision)
    bot_entries = LogEntry.objects.filter(game=game).exclude(
        seat=game.seats.get(user=alice).position
    )
    assert bot_entries.exists()


def test_the_log_keeps_the_engines_form_of_a_decision(make_user):
    game = started_game([make_user(), make_user()])
    seat, decision = choose(game)
    padded = {**decision, "comment": "x" * 500, "extra": [1, 2, 3]}
    services.submit_decision(game.pk, seat.user, 0, padded)
    assert LogEntry.objects.get(game=game).decision == decision


def test_beat_wakes_a_stalled_bot(make_user):
    from datetime import timedelta

    from django.utils import timezone

    from games.tasks import nudge_stalled_bots

    alice = make_user()
    game = services.create_game(alice, seats=2, bots=1)  # on-commit never runs here: the bot task is "lost"
    game.refresh_from_db()
    if game.to_move_user_id == alice.pk:  # alice first: make her move until the bot is to move
        while game.to_move_user_id == alice.pk:
            seat, decision = choose(game)
            services.submit_decision(game.pk, alice, game.seq, decision)
            game.refresh_from_db()
    stalled_at = game.seq
    Game.objects.filter(pk=game.pk).update(updated_at=timezone.now() - timedelta(minutes=5))
    nudge_stalled_bots()
    game.refresh_from_db()
    assert game.seq > stalled_at and game.to_move_user_id == alice.pk
