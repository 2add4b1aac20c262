"""Concurrent submissions for one game on real PostgreSQL, with real threads: exactly one wins, the
others get 409 with the current seq; no gap, no double entry."""

import threading

import pytest
from django.db import connection, connections

from games import services
from games.exceptions import StaleSeq
from games.models import LogEntry

from .helpers import choose, play, started_game

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

THREADS = 20


def _race(fn, n=THREADS):
    barrier = threading.Barrier(n)
    results = [None] * n

    def run(i):
        try:
            barrier.wait()
            results[i] = ("ok", fn(i))
        except StaleSeq as exc:
            results[i] = ("stale", exc.current_seq)
        except Exception as exc:  # anything else is a failure the assertions below will show
            results[i] = ("error", repr(exc))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return results


def test_twenty_identical_submissions_exactly_one_accepted(make_user):
    assert connection.vendor == "postgresql"
    game = started_game([make_user(), make_user()])
    play(game, 3)
    seat, decision = choose(game)
    results = _race(lambda i: services.submit_decision(game.pk, seat.user, 3, decision).entry.seq)
    outcomes = sorted(r[0] for r in results)
    assert outcomes == ["ok"] + ["stale"] * (THREADS - 1), results
    assert [r[1] for r in results if r[0] == "ok"] == [4]
    assert all(r[1] == 4 for r in results if r[0] == "stale")
    assert list(LogEntry.objects.filter(game=game).values_list("seq", flat=True)) == [1, 2, 3, 4]
    game.refresh_from_db()
    assert game.seq == 4


def test_api_race_exactly_one_201(make_user, api_client_for):
    game = started_game([make_user(), make_user()])
    seat, decision = choose(game)
    body = {"expected_seq": 0, "decision": decision}
    clients = [api_client_for(seat.user) for _ in range(THREADS)]
    results = _race(
        lambda i: clients[i].post(f"/api/v1/games/{game.pk}/decisions/", body, format="json")
    )
    codes = sorted(r[1].status_code for r in results if r[0] == "ok")
    assert codes == [201] + [409] * (THREADS - 1), results
    for r in results:
        if r[1].status_code == 409:
            body = r[1].json()
            assert {k: body[k] for k in ("error", "seq")} == {"error": "stale_seq", "seq": 1}
            assert set(body) == {"error", "detail", "seq", "request_id"}
    assert LogEntry.objects.filter(game=game).count() == 1


def test_parallel_games_do_not_block_each_other(make_user):
    """Different games in parallel: every submission lands (the lock is per game)."""
    games = [started_game([make_user(), make_user()]) for _ in range(8)]
    moves = [choose(g) for g in games]

    def submit(i):
        seat, decision = moves[i]
        return services.submit_decision(games[i].pk, seat.user, 0, decision).entry.seq

    results = _race(submit, n=len(games))
    assert results == [("ok", 1)] * len(games)
