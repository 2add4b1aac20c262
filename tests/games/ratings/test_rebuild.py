"""``rebuild_ratings`` gives exactly the stored values after 200 games played by bots on the people's behalf
(every route: played to the end, resignations, the clock ending a game or taking a seat over, annulled,
unrated, with calibrated and uncalibrated bots, repeated line-ups, games committing out of their order);
``--check`` finds a tampered value and changes nothing. ``RATINGS_REBUILD_GAMES=N`` plays only the first N
of the same seeded sequence, for a quicker run by hand."""

import datetime
import io
import os
import random
from collections import Counter

import pytest
import time_machine
from django.core.management import CommandError, call_command

from games.models import Game
from games.ratings import services as rating_services
from games.ratings.models import GameResult, PlayerRating

from .helpers import new_game, play_to_the_end, play_until_turn, resign, rounds_played, take_over, time_out

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

T0 = datetime.datetime(2027, 1, 4, 8, 0, tzinfo=datetime.UTC)
GAMES = int(os.environ.get("RATINGS_REBUILD_GAMES", "80"))  # RATINGS_REBUILD_GAMES=200 for a longer run


def _finish(game, commit, rng, ending):
    """Play ``game`` to an ending of the kind asked. Short games on purpose: once everyone has played two
    turns, the clock or a resignation ends most of them; a few are played to 20 VP."""
    if ending == "natural":
        return play_to_the_end(game, commit, rng)
    if ending == "annulled":
        play_until_turn(game, commit, rng.randint(1, rounds_played(game, 2) - 1), rng)
    else:
        play_until_turn(game, commit, rounds_played(game, 2) + rng.randint(0, 1), rng)
    if game.status != Game.Status.ACTIVE:
        return game
    people = [s.user for s in game.seats.filter(kind="user").select_related("user")]
    if ending in ("resign", "annulled") and len(people) >= 2:
        resign(game, commit, rng.choice(people))  # with two seats left in play the game ends; else it goes on
    elif ending == "take_over":
        take_over(game, commit)
    while game.status == Game.Status.ACTIVE:
        play_until_turn(game, commit, game.turn + rng.randint(0, 1), rng)
        if game.status == Game.Status.ACTIVE:
            time_out(game, commit)  # the person now to decide runs out of time: the game ends
    return game


# Who sits down together: a few regular tables (so that line-ups repeat) and some chance meetings.
TABLES = [(0, 1), (0, 1), (0, 1), (1, 2), (2, 3, 4), (0, 2, 3, 4), (3,), (4,), None, None]


def _start(commit, rng, users, when):
    with time_machine.travel(when, tick=False):
        table = rng.choice(TABLES) or rng.sample(range(len(users)), rng.randint(1, 3))
        people = [users[i] for i in table]
        bots = min(rng.choice([0, 0, 1]) if len(people) > 1 else 1, 4 - len(people))
        return new_game(
            commit,
            rng.sample(people, len(people)),
            rated=rng.random() < 0.9,
            mode="printed" if rng.random() < 0.8 else "yucata",
            bots=bots,
            bot_kind="greedy" if rng.random() < 0.8 else "random",
        )


def test_rebuild_gives_exactly_the_stored_values_after_many_bot_games(make_user, commit, settings):
    settings.RATINGS_BOT_CALIBRATION = {"greedy": (21.0, 2.0)}
    settings.RATINGS_REPEAT_WEIGHTS = (1.0, 0.5)
    settings.RATINGS_REPEAT_WINDOW = datetime.timedelta(days=3)
    rng = random.Random(20270104)
    users = [make_user(f"r{i}", email="") for i in range(5)]  # no email: no turn emails to build
    endings = ["time_out"] * 12 + ["resign"] * 8 + ["take_over"] * 5 + ["annulled"] * 4 + ["natural"]
    played = 0
    swapped = 0
    when = T0
    while played < GAMES:
        when += datetime.timedelta(hours=rng.randint(1, 9))
        if rng.random() < 0.1 and played + 2 <= GAMES:
            # Two games end in the reverse order of their finishing times: the later one commits first.
            first, second = _start(commit, rng, users, when), _start(commit, rng, users, when)
            with time_machine.travel(when + datetime.timedelta(minutes=2), tick=False):
                _finish(second, commit, rng, rng.choice(endings))
            with time_machine.travel(when + datetime.timedelta(minutes=1), tick=False):
                _finish(first, commit, rng, rng.choice(endings))
            played += 2
            swapped += 1
            continue
        game = _start(commit, rng, users, when)
        with time_machine.travel(when + datetime.timedelta(minutes=1), tick=False):
            _finish(game, commit, rng, rng.choice(endings))
        played += 1

    finished = Game.objects.filter(status=Game.Status.FINISHED)
    assert finished.count() == GAMES and swapped >= 5
    verdicts = Counter(GameResult.objects.values_list("verdict", flat=True))
    assert set(verdicts) == {"rated", "unrated", "bots", "annulled", "repeated"}, verdicts
    assert GameResult.objects.filter(weight=0.5).exists() and GameResult.objects.filter(left=True).exists()
    assert PlayerRating.objects.filter(rated_games__gte=10).exists()
    people = sum(g.seats.filter(kind="user").count() for g in finished)
    assert GameResult.objects.count() == people

    stored = rating_services.stored_values()
    out = io.StringIO()
    call_command("rebuild_ratings", stdout=out)
    assert "exactly the stored values" in out.getvalue(), out.getvalue()
    assert rating_services.stored_values() == stored
    call_command("rebuild_ratings", "--check", stdout=io.StringIO())

    # A value that is not what the games give is found, by --check without changing it, then rebuilt.
    tampered = PlayerRating.objects.order_by("pk").first()
    PlayerRating.objects.filter(pk=tampered.pk).update(mu=tampered.mu + 1e-9)
    out = io.StringIO()
    with pytest.raises(CommandError, match="1 stored rows differ"):
        call_command("rebuild_ratings", "--check", stdout=out)
    assert f"ratings ({tampered.user_id}, 'guildhall', '{tampered.mode}')" in out.getvalue()
    assert PlayerRating.objects.get(pk=tampered.pk).mu == tampered.mu + 1e-9
    call_command("rebuild_ratings", stdout=io.StringIO())
    assert rating_services.stored_values() == stored
