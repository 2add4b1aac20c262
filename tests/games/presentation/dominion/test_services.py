"""Dominion through the site's real services from lobby to leaderboard: a whole game through the REST API
against a bot of Dominion's own kinds, the clock's timeouts and the bot taking a seat over (an Advisor's
chooser included), the history list, the replay's steps and the verifiable record, a rating in Dominion's
own pool and its leaderboard, a tournament of Dominion, and the analysis of a finished game in words."""

import datetime
import json
import random

import pytest
import time_machine
from django.core.management import call_command
from django.urls import reverse

from engine.dominion.cards import GUILDS
from games import cache as state_cache
from games import services
from games.analysis import work
from games.analysis.models import Analysis
from games.clock.deadlines import set_time_limit
from games.clock.tasks import scan_clocks
from games.history.record import verify
from games.models import Game, LogEntry
from games.ratings.models import PlayerRating

from . import scenarios

pytestmark = pytest.mark.django_db

GAMES = "/api/v1/games/"
G = scenarios.G
KINGDOM = list(GUILDS[:10])
UTC = datetime.UTC
H = datetime.timedelta(hours=1)


def test_a_whole_game_through_the_rest_api_against_a_dominion_bot(make_user, api_client_for, commit):
    ann = make_user("ann")
    client = api_client_for(ann)
    with commit():  # the bot moves after each commit, as in production
        created = client.post(GAMES, {"seats": 2, "game": "dominion", "options": {"kingdom": KINGDOM}, "bots": 1,
                                      "bot_kind": "bigmoney_x"}, format="json")
    assert created.status_code == 201, created.content
    body = created.json()
    assert body["game"] == "dominion" and body["options"]["kingdom"] == KINGDOM and body["status"] == "active"
    game_id = body["id"]
    rng = random.Random(1)
    for _step in range(2000):
        detail = client.get(f"{GAMES}{game_id}/").json()
        assert detail["game"] == "dominion"
        if detail["status"] != "active":
            break
        assert detail["legal"]  # the bot has moved by the time the answer came
        state = state_cache.load_state(Game.objects.get(pk=game_id))
        seat = detail["view"]["you"]["seat"]
        decision = G.bots.choose(state, seat, "bigmoney", rng)
        with commit():
            answer = client.post(f"{GAMES}{game_id}/decisions/",
                                 {"expected_seq": detail["seq"], "decision": decision}, format="json")
        assert answer.status_code == 201, answer.content
    game = Game.objects.get(pk=game_id)
    assert game.status == Game.Status.FINISHED
    final = G.replay(2, game.seed, game.options, [(e.seat, e.decision, e.by) for e in game.log.order_by("seq")])
    assert G.outcome(final)["over"] and G.outcome(final)["scores"] == game.scores
    assert [e["text"] for e in client.get(f"{GAMES}{game_id}/log/").json()["entries"]][-1]
    listed = client.get(GAMES, {"game": "dominion", "filter": "mine"}).json()["results"]
    assert [(g["id"], g["game"]) for g in listed] == [(game_id, "dominion")]


@pytest.mark.parametrize("kind", ["random", "bigmoney", "bigmoney_x", "strong"])
def test_every_dominion_bot_plays_its_seat_from_the_api(kind, make_user, api_client_for, commit):
    client = api_client_for(make_user("ann"))
    with commit():
        created = client.post(GAMES, {"seats": 2, "game": "dominion", "options": {"kingdom": "random"}, "bots": 1,
                                      "bot_kind": kind}, format="json")
    assert created.status_code == 201, created.content
    game = Game.objects.get(pk=created.json()["id"])
    bot = game.seats.get(kind="bot")
    assert bot.bot_kind == kind
    rng = random.Random(2)
    while LogEntry.objects.filter(game=game, seat=bot.position).count() < 3:  # the bot has played a turn
        game.refresh_from_db()
        detail = client.get(f"{GAMES}{game.pk}/").json()
        assert detail["legal"]
        decision = G.bots.choose(state_cache.load_state(game), detail["view"]["you"]["seat"], "bigmoney", rng)
        with commit():
            client.post(f"{GAMES}{game.pk}/decisions/", {"expected_seq": game.seq, "decision": decision},
                        format="json")
    # The bot's seat is its own player: its entries are the seat's, made by the bot runner after each commit.
    assert all(e.by == LogEntry.By.SEAT for e in LogEntry.objects.filter(game=game, seat=bot.position))


@pytest.mark.parametrize("options, field", [
    ({"kingdom": KINGDOM[:9]}, "options"),
    ({"kingdom": [*KINGDOM[:9], "Chapel"]}, "options"),
    ({"kingdom": "all"}, "options"),
    ({"edition": "2030"}, "options"),
])
def test_a_bad_kingdom_through_the_api_is_a_400_and_nothing_is_made(options, field, make_user, api_client_for):
    response = api_client_for(make_user("ann")).post(GAMES, {"seats": 2, "game": "dominion", "options": options},
                                                     format="json")
    assert response.status_code == 400 and field in response.json()["fields"]
    assert Game.objects.count() == 0


def test_the_advisors_chooser_times_out_and_the_bot_takes_the_seat_over(make_user, commit, settings):
    settings.CLOCK_REMINDER_POINTS = []
    users = [make_user("ann"), make_user("bob")]
    t0 = datetime.datetime(2027, 3, 1, 12, 0, tzinfo=UTC)
    with time_machine.travel(t0, tick=False) as traveller:
        game, state = scenarios.game_at("advisor", users)
        chooser, active = state.prompt["seat"], state.active
        set_time_limit(game, 24 * H)
        game.refresh_from_db()
        assert game.to_move_position == chooser and game.deadline == t0 + 24 * H
        traveller.move_to(game.deadline)
        seq = game.seq
        with commit():
            scan_clocks()
        entry = LogEntry.objects.get(game=game, seq=seq + 1)
        assert (entry.seat, entry.by, entry.decision["type"]) == (chooser, "timeout", "choose")
        assert state_cache.replay(game).timeouts[chooser] == 1
        rng = random.Random(4)
        while state_cache.replay(game).timeouts[chooser] < 3:
            game.refresh_from_db()
            assert game.status == Game.Status.ACTIVE
            if game.to_move_position == chooser:
                traveller.move_to(game.deadline)
                with commit():
                    scan_clocks()
                continue
            seat = game.seats.get(position=game.to_move_position)
            decision = G.bots.choose(state_cache.load_state(game), seat.position, "bigmoney", rng)
            with commit():
                services.submit_decision(game.pk, seat.user, game.seq, decision)
        game.refresh_from_db()
        assert G.departed_reason(state_cache.replay(game), chooser) == "taken_over"
        assert game.status == Game.Status.FINISHED and game.ended_by == "taken_over"
        places = dict(game.seats.values_list("position", "final_place"))
        assert places == {active: 1, chooser: 2}


@pytest.fixture
def finished(make_user):
    users = [make_user("ann"), make_user("bob")]
    return scenarios.finished_game(users), users


def test_the_history_replay_and_record_of_a_finished_game(finished, client, api_client_for, tmp_path, capsys):
    game, users = finished
    client.force_login(users[0])
    listing = client.get(reverse("history") + "?game=dominion").content.decode()
    assert f"/games/{game.pk}/replay/" in listing
    final = state_cache.load_state(game)
    turns = max(s.turns for s in final.seats)
    assert f'data-summary="turns" data-label="Turns">{turns}<' in listing
    assert 'data-summary="provinces"' in listing
    for step in (0, 1, game.seq // 2, game.seq):
        page = client.get(reverse("game-replay", args=[game.pk]) + f"?step={step}").content.decode()
        assert f"Step {step} of {game.seq}" in page and "dreplay" in page
    last = client.get(reverse("game-replay", args=[game.pk]) + f"?step={game.seq}").content.decode()
    assert "Won by:" in last and last.count("top first") >= 2  # everything shown once the game is over

    record = api_client_for(users[1]).get(f"{GAMES}{game.pk}/record/").json()
    assert record["seed"] == game.seed and verify(record) == []
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    call_command("verify_record", str(path))
    tampered = dict(record, decisions=[*record["decisions"][:-2], record["decisions"][-1]])
    assert verify(tampered)


def test_a_rated_game_counts_in_dominions_own_pool_and_leaderboard(make_user, commit, client):
    users = [make_user("ann"), make_user("bob")]
    with commit():
        game = services.create_game(users[0], seats=2, game="dominion", options={"kingdom": KINGDOM}, rated=True)
        services.join(game.pk, users[1])
    rng = random.Random(5)
    while True:
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        seat = game.seats.get(position=game.to_move_position)
        decision = G.bots.choose(state_cache.load_state(game), seat.position, "bigmoney", rng)
        with commit():
            services.submit_decision(game.pk, seat.user, game.seq, decision)
    ratings = PlayerRating.objects.filter(user__in=users)
    assert {(r.game, r.mode) for r in ratings} == {("dominion", "2013")}
    assert not PlayerRating.objects.filter(game="guildhall").exists()
    client.force_login(users[0])
    board = client.get(reverse("ratings:leaderboard", args=["dominion", "2013"]))
    assert board.status_code == 200
    page = board.content.decode()
    assert "Dominion" in page and all(u.username in page for u in users)
    assert client.get(reverse("ratings:game-leaderboard", args=["dominion"])).url == reverse(
        "ratings:leaderboard", args=["dominion", "2013"])


def test_the_analysis_of_a_finished_game_names_its_decisions_in_dominions_words(
    finished, api_client_for, settings, commit
):
    settings.ANALYSIS_PLAYOUTS = 4
    settings.ANALYSIS_CPU_SECONDS = 0.02
    settings.ANALYSIS_USER_RATE = ""
    game, users = finished
    client = api_client_for(users[0])
    with commit():  # the analysis task runs after the commit (in-process here)
        started = client.post(f"{GAMES}{game.pk}/analysis/")
    assert started.status_code in (200, 201, 202), started.content
    work.run_to_end(Analysis.objects.get(game=game).pk)  # what a worker does (here the polls would)
    assert Analysis.objects.get(game=game).status == "done"
    body = client.get(f"{GAMES}{game.pk}/analysis/").json()
    decisions = body["decisions"]
    assert decisions and len(decisions) <= game.seq
    words = {d["played_text"] for d in decisions} | {d["best_text"] for d in decisions if d.get("best_text")}
    assert any(w.startswith("Buy ") for w in words) and any(w == "Play all Treasures" for w in words)
    assert not any(w.startswith(("buy:", "play_treasures")) for w in words)  # never the plain default
