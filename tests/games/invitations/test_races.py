"""Races on real PostgreSQL with real threads: a single-use link seats exactly one of many; players who
all ask for the rematch at once get one rematch."""

import threading

import pytest
from django.db import connections

from games import services
from games.invitations import rematch
from games.invitations import services as links
from games.invitations.models import InviteLink, Rematch
from games.models import Game, Seat

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _race(fn, n):
    barrier = threading.Barrier(n)
    results = [None] * n

    def run(i):
        try:
            barrier.wait()
            results[i] = ("ok", fn(i))
        except Exception as exc:  # the assertions below say which outcome was wrong
            results[i] = (type(exc).__name__, str(exc))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return results


def test_a_single_use_link_seats_exactly_one_of_eight(make_user):
    host = make_user("host")
    guests = [make_user(f"guest{i}") for i in range(8)]
    game = services.create_game(host, seats=4)
    _link, token = links.create_link(game.pk, host, single_use=True)
    results = _race(lambda i: links.join_by_link(token, guests[i]).pk, len(guests))
    assert sorted(kind for kind, _detail in results) == ["LinkRefused"] * 7 + ["ok"]
    assert all("already been used" in detail for kind, detail in results if kind == "LinkRefused")
    assert Seat.objects.filter(game=game).count() == 2
    assert InviteLink.objects.get().uses == 1


def test_everyone_asking_for_the_rematch_at_once_gets_one_game(make_user):
    players = [make_user(f"p{i}") for i in range(4)]
    game = services.create_game(players[0], seats=4)
    for user in players[1:]:
        services.join(game.pk, user)
    for user in players[:-1]:
        services.resign(game.pk, user)
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
    results = _race(lambda i: rematch.propose(game.pk, players[i])[0].game_id, len(players))
    assert [kind for kind, _detail in results] == ["ok"] * 4, results
    assert len({detail for _kind, detail in results}) == 1
    assert Rematch.objects.count() == 1 and Game.objects.count() == 2
    new = Rematch.objects.get().game
    new.refresh_from_db()
    assert new.status == Game.Status.ACTIVE and Seat.objects.filter(game=new).count() == 4
