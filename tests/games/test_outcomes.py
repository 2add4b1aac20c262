"""Every way a game ends or changes hands is an entry of its log: a whole game ended by each route (through
the API, the pages or the clock with a frozen clock), then ``replay_games`` exits 0, ``verify_record``
says OK on its published record, and the record's placings are the live ones."""

import datetime
import json
import random

import pytest
import time_machine
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from games import cache as state_cache
from games import services
from games.clock.deadlines import set_time_limit
from games.clock.tasks import scan_clocks
from games.models import LEGACY_ENDINGS, Game, LogEntry
from games.rules import rules_of

from .helpers import play_until_turn_changes, start_game

pytestmark = pytest.mark.django_db

H = datetime.timedelta(hours=1)
T0 = datetime.datetime(2027, 3, 1, 9, 0, tzinfo=datetime.UTC)


def play_to_the_end(game, commit, rng, limit=3000):
    for _ in range(limit):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            return game
        play_until_turn_changes(game, rng, commit=commit)
    raise AssertionError("the game did not end")


def assert_log_alone_gives_the_game(game, tmp_path, ended_by):
    """replay_games is clean, the record verifies, and the record's result is the live one."""
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.ended_by == ended_by
    call_command("replay_games", game.pk, stdout=open(tmp_path / "replay.txt", "w"))  # noqa: SIM115
    client = Client()
    client.force_login(game.created_by)
    response = client.get(reverse("api-game-record", args=[game.pk]))
    assert response.status_code == 200, response.content
    record = response.json()
    path = tmp_path / f"record-{game.pk}.json"
    path.write_text(json.dumps(record))
    out = tmp_path / "verify.txt"
    with open(out, "w") as handle:
        call_command("verify_record", str(path), stdout=handle)
    assert out.read_text().startswith("OK: ")
    live = {s.position: s.final_place for s in game.seats.all()}
    assert record["placings"] == [live[p] for p in range(game.num_seats)]
    assert record["final_vp"] == list(game.scores)
    assert LEGACY_ENDINGS.get(record["ended_by"], record["ended_by"]) == ended_by  # a record may say "vp"
    outcome = rules_of(game).outcome(state_cache.replay(game))
    assert outcome["places"] == record["placings"] and outcome["ended_by"] == ended_by
    return record


@pytest.mark.slow
def test_a_game_played_to_the_end(make_user, commit, tmp_path):
    game = start_game(commit, [make_user("ann"), make_user("ben")])
    play_to_the_end(game, commit, random.Random(1))
    record = assert_log_alone_gives_the_game(game, tmp_path, "rules")
    assert all(len(entry) == 2 for entry in record["decisions"]), "every entry was made by its own seat"


def test_resign_through_the_api_with_two_players(make_user, commit, tmp_path, api_client_for):
    ann, ben = make_user("ann"), make_user("ben")
    game = start_game(commit, [ann, ben])
    play_until_turn_changes(game, random.Random(2), commit=commit)
    waiting = ann if game.to_move_user_id != ann.pk else ben  # resigning needs no turn of one's own
    with commit():
        response = api_client_for(waiting).post(f"/api/v1/games/{game.pk}/resign/")
    assert response.status_code == 201, response.content
    assert response.json()["status"] == "finished"
    record = assert_log_alone_gives_the_game(game, tmp_path, "resigned")
    other = ben if waiting == ann else ann
    assert dict(game.seats.values_list("user_id", "final_place")) == {other.pk: 1, waiting.pk: 2}
    assert record["decisions"][-1][1] == {"type": "resign"}
    # Nothing more: the game is over.
    again = api_client_for(other).post(f"/api/v1/games/{game.pk}/resign/")
    assert again.status_code == 409 and again.json()["error"] == "not_active"


@pytest.mark.slow
def test_resign_with_three_players_the_bot_plays_on_and_the_resigner_is_last(make_user, commit, tmp_path,
                                                                             api_client_for):
    users = [make_user("ann"), make_user("ben"), make_user("cid")]
    game = start_game(commit, users)
    rng = random.Random(3)
    play_until_turn_changes(game, rng, commit=commit)
    game.refresh_from_db()
    quitter = game.to_move_user  # resigns in the middle of their own turn
    with commit():
        response = api_client_for(quitter).post(f"/api/v1/games/{game.pk}/resign/")
    assert response.status_code == 201
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert game.to_move_user_id != quitter.pk, "the bot played the rest of the turn at once"
    seat = game.seats.get(user=quitter).position
    detail = api_client_for(quitter).get(f"/api/v1/games/{game.pk}/").json()
    assert detail["view"]["players"][seat]["departed"] == "resigned" and detail["legal"] == []
    twice = api_client_for(quitter).post(f"/api/v1/games/{game.pk}/resign/")
    assert twice.status_code == 409 and twice.json()["error"] == "already_left"
    stranger = api_client_for(make_user("dee")).post(f"/api/v1/games/{game.pk}/resign/")
    assert stranger.status_code == 403
    play_to_the_end(game, commit, rng)
    assert_log_alone_gives_the_game(game, tmp_path, "rules")
    assert game.seats.get(user=quitter).final_place == 3
    assert LogEntry.objects.filter(game=game, seat=seat, by="bot").exists()


def test_resign_on_the_table_takes_a_confirmation(make_user, commit, tmp_path):
    ann, ben = make_user("ann"), make_user("ben")
    game = start_game(commit, [ann, ben])
    client = Client()
    client.force_login(ann)
    table = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert reverse("games:resign", args=[game.pk]) in table
    page = client.get(reverse("games:resign", args=[game.pk]))
    assert page.status_code == 200 and "The other player wins at once" in page.content.decode()
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE, "looking at the confirmation changes nothing"
    with commit():
        response = client.post(reverse("games:resign", args=[game.pk]))
    assert response.status_code == 302
    assert_log_alone_gives_the_game(game, tmp_path, "resigned")
    words = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert "ann resigned." in words and "ben won the game." in words


def test_time_limit_ends_the_game(make_user, commit, tmp_path):
    users = [make_user("ann"), make_user("ben"), make_user("cid")]
    with time_machine.travel(T0, tick=False) as traveller:
        game = start_game(commit, users)
        set_time_limit(game, 24 * H, policy="end")
        play_until_turn_changes(game, random.Random(4), commit=commit)
        game.refresh_from_db()
        absent = game.to_move_user
        traveller.move_to(game.deadline)
        with commit():
            assert scan_clocks() == 1
    assert_log_alone_gives_the_game(game, tmp_path, "timed_out")
    assert game.seats.get(user=absent).final_place == 3
    names = [s.display_name for s in game.seats.order_by("position")]
    last = state_cache.load_state(game, events_after=game.seq - 1)
    assert f"Time ran out for {absent.username}: the game ends." in rules_of(game).describe(last, game.seq, None, names)


@pytest.mark.slow
def test_takeover_then_the_end(make_user, commit, tmp_path, settings):
    settings.CLOCK_TAKEOVER_AFTER = 2
    users = [make_user("ann"), make_user("ben"), make_user("cid")]
    rng = random.Random(5)
    with time_machine.travel(T0, tick=False) as traveller:
        game = start_game(commit, users)
        set_time_limit(game, 24 * H)
        game.refresh_from_db()
        absent = game.to_move_user
        for _timeout in range(2):
            game.refresh_from_db()
            while game.to_move_user != absent:
                play_until_turn_changes(game, rng, commit=commit)
                game.refresh_from_db()
            traveller.move_to(game.deadline)
            with commit():
                scan_clocks()
        play_to_the_end(game, commit, rng)
    record = assert_log_alone_gives_the_game(game, tmp_path, "rules")
    seat = game.seats.get(user=absent).position
    assert game.seats.get(user=absent).final_place == 3
    made_by = {(entry[0], entry[2]) for entry in record["decisions"] if len(entry) == 3}
    assert made_by == {(seat, "timeout"), (seat, "bot")}


def test_cancelled_before_the_start(make_user, commit):
    ann = make_user("ann")
    with commit():
        game = services.create_game(ann, seats=3)
        services.leave(game.pk, ann)
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED and game.seq == 0
    call_command("replay_games", stdout=open("/dev/null", "w"))  # noqa: SIM115
    client = Client()
    client.force_login(ann)
    response = client.get(reverse("api-game-record", args=[game.pk]))
    assert response.status_code == 409
