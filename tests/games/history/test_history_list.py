"""The history browser (filters, sorting, pagination, per-game summary) and player statistics."""

import datetime
import re

import pytest
from django.utils import timezone

import engine
from games.history import selectors
from games.models import Game, Seat
from tests.games.helpers import started_game
from tests.games.history.helpers import finished_game, play_through, stored_log

GUILDHALL = engine.get("guildhall")

pytestmark = [pytest.mark.django_db, pytest.mark.slow]
ROW = re.compile(r'<tr data-game-id="(\d+)">(.*?)</tr>', re.S)


def listed(client, query=""):
    html = client.get(f"/games/history/{query}").content.decode()
    return [int(i) for i, _ in ROW.findall(html)], html


@pytest.fixture
def games(make_user):
    alice, bob, carol, dave = (make_user(n) for n in ("alice", "bob", "carol", "dave"))
    g1 = finished_game([alice, bob], seed=1)
    g2 = finished_game([alice, carol], seed=2, mode="yucata")
    g3 = finished_game([bob, carol, dave], seed=3)
    active = play_through(started_game([alice, dave]), moves=10)
    now = timezone.now()
    for game, days in ((g1, 30), (g2, 10), (g3, 1)):
        Game.objects.filter(pk=game.pk).update(
            finished_at=now - datetime.timedelta(days=days),
            started_at=now - datetime.timedelta(days=days, hours=days),
        )
    for g in (g1, g2, g3):
        g.refresh_from_db()
    users = {"alice": alice, "bob": bob, "carol": carol, "dave": dave}
    return users, (g1, g2, g3), active


def winner_of(game):
    return Seat.objects.get(game=game, final_place=1).user


def check_filters_sorting_and_summary(games, client):
    users, (g1, g2, g3), active = games
    ids, html = listed(client)
    assert ids == [g3.pk, g2.pk, g1.pk]  # newest first; the game in progress is not listed
    assert active.pk not in ids
    assert listed(client, "?player=alice")[0] == [g2.pk, g1.pk]
    assert listed(client, "?player=dave")[0] == [g3.pk]
    assert listed(client, "?players=3")[0] == [g3.pk]
    assert listed(client, "?players=2&mode=yucata")[0] == [g2.pk]
    assert listed(client, "?mode=printed")[0] == [g3.pk, g1.pk]
    w = winner_of(g3)
    won = [g.pk for g in (g3, g2, g1) if winner_of(g) == w]
    assert listed(client, f"?winner={w.username}")[0] == won
    loser = next(s.user for s in g3.seats.all() if s.final_place != 1)
    assert g3.pk not in listed(client, f"?winner={loser.username}")[0]
    today = timezone.localdate()
    since = (today - datetime.timedelta(days=15)).isoformat()
    assert listed(client, f"?since={since}")[0] == [g3.pk, g2.pk]
    until = (today - datetime.timedelta(days=5)).isoformat()
    assert listed(client, f"?until={until}")[0] == [g2.pk, g1.pk]
    assert listed(client, f"?since={since}&until={until}")[0] == [g2.pk]
    assert listed(client, "?sort=finished")[0] == [g1.pk, g2.pk, g3.pk]
    by_turns = sorted((g1, g2, g3), key=lambda g: (g.turn, g.pk))
    assert listed(client, "?sort=turns")[0] == [g.pk for g in by_turns]
    assert listed(client, "?sort=-duration")[0] == [g1.pk, g2.pk, g3.pk]
    assert listed(client, "?sort=duration")[0] == [g3.pk, g2.pk, g1.pk]  # 1 h, 10 h, 30 h
    ids, html = listed(client, "?player=nobody-by-that-name")
    assert ids == [] and "There is no player called" in html
    ids, html = listed(client, "?since=2026-13-45")
    assert ids == [g3.pk, g2.pk, g1.pk] and "Enter a valid date" in html
    # The per-game summary: turns, duration, VP cards bought (from the engine's final state).
    for game in (g1, g2, g3):
        row = dict(ROW.findall(html))[str(game.pk)]
        final = GUILDHALL.replay(game.num_seats, game.seed, {"mode": game.mode}, stored_log(game))
        bought = sum(len(p["vp_cards"]) for p in GUILDHALL.view(final, None)["players"])
        assert re.search(rf'<td data-summary="turns"[^>]*>{final.turn}</td>', row)
        assert re.search(rf'<td data-summary="vp-cards"[^>]*>{bought}</td>', row)
        assert 'data-summary="duration">—' not in row
        assert f"/games/{game.pk}/replay/" in row


def check_pagination(games, client, monkeypatch):
    from games.history import views

    _users, (g1, g2, g3), _active = games
    monkeypatch.setattr(views, "PAGE_SIZE", 2)
    ids, html = listed(client, "?mode=printed&sort=finished")
    assert ids == [g1.pk, g3.pk]
    ids, html = listed(client, "?players=2")
    assert ids == [g2.pk, g1.pk] and 'rel="next"' not in html and 'rel="prev"' not in html
    ids, html = listed(client, "")
    assert ids == [g3.pk, g2.pk] and 'rel="next"' in html and 'rel="prev"' not in html
    following = re.search(r'href="\?after=([^"]+)" rel="next"', html).group(1)
    ids, html = listed(client, f"?after={following}")
    assert ids == [g1.pk] and 'rel="prev"' in html and 'rel="next"' not in html
    preceding = re.search(r'href="\?before=([^"]+)" rel="prev"', html).group(1)
    assert listed(client, f"?before={preceding}")[0] == [g3.pk, g2.pk]
    assert listed(client, "?last=1")[0] == [g2.pk, g1.pk]
    ids, html = listed(client, "?mode=yucata")
    assert ids == [g2.pk] and "1 finished game" in html
    # A link that does not fit the sort: the first page, saying so, and a 400.
    response = client.get("/games/history/?sort=turns&after=yesterday~12")
    assert response.status_code == 400 and "That page link is not valid" in response.content.decode()
    assert listed(client, "?page=99")[0] == [g3.pk, g2.pk]  # the numbered pages of old links: the first


def check_player_statistics(games, client):
    users, (g1, g2, g3), _active = games
    for name, user in users.items():
        stats = selectors.player_stats(user)
        seats = list(
            Seat.objects.filter(user=user, game__status="finished").select_related("game").order_by("game__finished_at")
        )
        assert stats["played"] == len(seats)
        assert stats["won"] == sum(s.final_place == 1 for s in seats)
        if seats:
            assert stats["win_rate"] == pytest.approx(stats["won"] / len(seats))
            vps = [s.game.scores[s.position] for s in seats]
            assert stats["average_vp"] == pytest.approx(sum(vps) / len(vps))
            longest = run = 0
            for s in seats:
                run = run + 1 if s.final_place == 1 else 0
                longest = max(longest, run)
            assert stats["longest_streak"] == longest
            assert [r["game"].pk for r in stats["recent"]] == [s.game_id for s in reversed(seats)]
        by = {b["players"]: b for b in stats["by_players"]}
        for n in (2, 3):
            mine = [s for s in seats if s.game.num_seats == n]
            if mine:
                assert by[n]["played"] == len(mine)
                assert by[n]["won"] == sum(s.final_place == 1 for s in mine)
            else:
                assert n not in by
        html = client.get(f"/games/history/player/{name}/").content.decode()
        assert f'<dd data-stat="played">{stats["played"]}</dd>' in html
        assert f'<dd data-stat="won">{stats["won"]}</dd>' in html
        assert f'<dd data-stat="longest-streak">{stats["longest_streak"]}</dd>' in html
    assert client.get("/games/history/player/no-such-user/").status_code == 404
    alice = users["alice"]
    assert selectors.player_stats(alice)["played"] == 2  # the game in progress does not count


def test_history_browser_and_player_statistics(games, client, monkeypatch):
    """One set of played games (they take a while to play) for the three checks."""
    check_filters_sorting_and_summary(games, client)
    check_player_statistics(games, client)
    check_pagination(games, client, monkeypatch)
