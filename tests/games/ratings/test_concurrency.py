"""On PostgreSQL, games that end at the same moment in concurrent transactions and share a player are rated one
after the other: each of that player's results starts from the rating the previous one left, and a rebuild
finds exactly the stored values."""

import contextlib
import random
import threading

import pytest
from django.db import connection

from games import services
from games.ratings import services as rating_services
from games.ratings.models import GameResult

from .helpers import new_game, play_until_turn, rounds_played

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _at_once(*calls):
    barrier = threading.Barrier(len(calls))
    errors = []

    def run(call):
        try:
            barrier.wait(timeout=30)
            call()
        except Exception as exc:  # reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not errors, errors


def test_games_ending_at_once_are_rated_one_after_the_other(make_user):
    ann, ben, cid, dee = (make_user(n, email="") for n in ("ann", "ben", "cid", "dee"))
    commit = contextlib.nullcontext  # real commits here: the after-commit work runs by itself
    for round_ in range(4):
        games = [new_game(commit, [ann, other]) for other in (ben, cid, dee)]
        for index, game in enumerate(games):
            play_until_turn(game, commit, rounds_played(game, 2), random.Random(round_ * 10 + index))
        _at_once(*[lambda g=g: services.end_by_time(g.pk, g.to_move_position) for g in games])
    mine = list(GameResult.objects.filter(user=ann).order_by("finished_at", "game_id"))
    assert len(mine) == 12 and all(r.verdict == "rated" for r in mine)
    assert (mine[0].mu_before, mine[0].sigma_before) == (25.0, 25.0 / 3)
    for previous, result in zip(mine, mine[1:], strict=False):
        assert (result.mu_before, result.sigma_before) == (previous.mu, previous.sigma)
    stored = rating_services.stored_values()
    before, after = rating_services.rebuild()
    assert before == stored == after
