"""The strong bot on the site: chosen in the lobby and the API, playing whole games through the services,
playing for a person whose time ran out, and handing its worker back between decisions."""

import random

import pytest

import engine
from games import cache as state_cache
from games import services, tasks
from games.exceptions import InvalidRequest
from games.models import Game, LogEntry, Seat
from games.ratings.models import GameResult

from .helpers import pending_seat

GUILDHALL = engine.get("guildhall")

pytestmark = pytest.mark.django_db
GAMES = "/api/v1/games/"


@pytest.fixture(autouse=True)
def _small_search_budget(settings):
    settings.STRONG_BOT_LEVEL = "quick"  # the suite stays fast; the budget is the only difference


@pytest.mark.slow
def test_a_whole_game_against_the_strong_bot(make_user, settings, django_capture_on_commit_callbacks):
    settings.RATINGS_BOT_CALIBRATION = {"greedy": (20.0, 2.0), "strong": (33.0, 3.0)}  # docs/ratings.md
    alice = make_user()
    with django_capture_on_commit_callbacks(execute=True):
        game = services.create_game(alice, seats=2, bots=1, bot_kind="strong", rated=True)
    rng = random.Random(5)
    for _ in range(2000):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        seat = pending_seat(game)
        assert seat.user_id == alice.pk  # the bot moved until alice is to decide
        decision = GUILDHALL.bots.choose(state_cache.load_state(game), seat.position, "greedy", rng)
        with django_capture_on_commit_callbacks(execute=True):
            services.submit_decision(game.pk, alice, game.seq, decision)
    assert game.status == Game.Status.FINISHED
    bot = game.seats.get(kind=Seat.Kind.BOT)
    assert bot.bot_kind == "strong" and bot.display_name == f"Strong bot {bot.position + 1}"
    entries = list(LogEntry.objects.filter(game=game).order_by("seq"))
    assert sum(1 for e in entries if e.seat == bot.position) > 20
    # Every entry the bot made is legal by the engine's own check.
    log = [(e.seat, e.decision) for e in entries]
    replayed = GUILDHALL.replay(2, game.seed, {'mode': game.mode}, log, validate=True, version=game.engine_version)
    assert replayed.finished
    # With its calibration rating the game is rated: alice against the bot's fixed (33, 3).
    result = GameResult.objects.get(game=game, user=alice)
    assert result.weight == 1.0 and result.mu is not None and result.mu != result.mu_before
    assert result.lineup == f"b:strong|u:{alice.pk}"


def until_a_bot_is_to_move(game, person):
    """``person`` decides (greedily, on-commit work not run, so no bot moves) until a bot is to move."""
    rng = random.Random(1)
    game.refresh_from_db()
    while game.to_move_user_id == person.pk:
        state = state_cache.load_state(game)
        decision = GUILDHALL.bots.choose(state, game.to_move_position, "greedy", rng)
        services.submit_decision(game.pk, person, game.seq, decision)
        game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.to_move_user_id is None


def test_a_long_bot_turn_is_split_across_tasks(make_user, settings, monkeypatch):
    alice = make_user()
    game = services.create_game(alice, seats=3, bots=2, bot_kind="strong")  # on-commit work not run yet
    until_a_bot_is_to_move(game, alice)
    settings.BOT_RUN_SECONDS = 0
    before = game.seq
    assert services.run_bots(game.pk) is None  # one decision, then the runner hands its worker back
    game.refresh_from_db()
    assert game.seq == before + 1 and game.to_move_user_id is None
    before = game.seq

    runs = []
    real_run_bots = services.run_bots

    def counted(game_id, *args, **kwargs):
        runs.append(game_id)
        return real_run_bots(game_id, *args, **kwargs)

    monkeypatch.setattr(services, "run_bots", counted)
    tasks.play_bots(game.pk)  # eager Celery: each re-enqueued task runs at once
    game.refresh_from_db()
    assert game.to_move_user_id == alice.pk
    # One bot decision per task, each re-enqueuing the next while a bot is still to move.
    assert game.seq - before > 1 and len(runs) == game.seq - before


def test_without_a_time_budget_the_runner_plays_on(make_user, settings):
    alice = make_user()
    game = services.create_game(alice, seats=3, bots=2, bot_kind="strong")
    until_a_bot_is_to_move(game, alice)
    settings.BOT_RUN_SECONDS = 60
    made = services.run_bots(game.pk)
    game.refresh_from_db()
    assert made and made > 1 and game.to_move_user_id == alice.pk


def test_the_strong_bot_plays_a_timed_out_turn(make_user, settings):
    settings.ABSENT_PLAYER_BOT = "strong"
    alice, bob = make_user(), make_user()
    game = services.create_game(alice, seats=2)
    services.join(game.pk, bob)
    game.refresh_from_db()
    position = game.to_move_position
    made = services.play_timed_out_turn(game.pk, position)
    game.refresh_from_db()
    assert made >= 1 and game.to_move_position != position
    assert LogEntry.objects.filter(game=game, seat=position, by=engine.BY_TIMEOUT).count() == made


def test_the_lobby_offers_the_strong_bot(client, make_user, django_capture_on_commit_callbacks):
    from django.urls import reverse

    user = make_user()
    client.force_login(user)
    page = client.get(reverse("games:create")).content.decode()
    assert 'value="strong"' in page and "Strong bot" in page
    data = {
        "seats": "2",
        "option_mode": "printed",
        "time_per_move": "",
        "visibility": "open",
        "invite": "",
        "bots": "1",
        "bot_kind": "strong",
        "timeout_policy": "bot",
    }
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("games:create"), data)
    game = Game.objects.get()
    assert game.status == Game.Status.ACTIVE
    assert game.seats.get(kind=Seat.Kind.BOT).bot_kind == "strong"
    assert game.to_move_user == user


def test_the_api_accepts_the_strong_bot_and_refuses_an_unknown_one(make_user, api_client_for):
    client = api_client_for(make_user())
    refused = client.post(GAMES, {"seats": 2, "bots": 1, "bot_kind": "clever"}, format="json")
    assert refused.status_code == 400 and "bot_kind" in refused.json()["fields"]
    assert Game.objects.count() == 0
    created = client.post(GAMES, {"seats": 2, "bots": 1, "bot_kind": "strong"}, format="json")
    assert created.status_code == 201
    assert Game.objects.get().seats.get(kind=Seat.Kind.BOT).bot_kind == "strong"


def test_create_game_names_every_bot_kind_in_its_error(make_user):
    with pytest.raises(InvalidRequest, match='"random", "greedy", "strong"'):
        services.create_game(make_user(), seats=2, bots=1, bot_kind="clever")
    assert Game.objects.count() == 0
