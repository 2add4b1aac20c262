"""Pages of the history by keyset: every finished game on exactly one page, in the sort's order, forward
and backward, with many games sharing a sort value (the id breaks ties)."""

import datetime

import pytest
from django.utils import timezone

from games.history import selectors
from games.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def many_games(make_user):
    """23 finished game rows (the paging reads only the game table) whose finish times, turns and
    durations repeat, so that most pages begin or end inside a run of equal values."""
    creator = make_user()
    now = timezone.now().replace(microsecond=0)
    games = []
    for i in range(23):
        finished = now - datetime.timedelta(hours=i // 5)  # five games per finish time
        games.append(
            Game(
                status=Game.Status.FINISHED,
                num_seats=2,
                seed=f"s{i}",
                seed_commitment=f"{i:064x}",
                created_by=creator,
                started_at=finished - datetime.timedelta(minutes=10 * (i % 3)),  # three durations
                finished_at=finished,
                turn=10 + i % 4,  # four turn counts
            )
        )
    Game.objects.bulk_create(games)
    # Not finished: never listed.
    Game.objects.create(seed="open", seed_commitment="f" * 64, created_by=creator, num_seats=2)
    return list(Game.objects.filter(status=Game.Status.FINISHED))


def expected_order(games, sort):
    key, reverse = {
        "-finished": (lambda g: (g.finished_at, g.pk), True),
        "finished": (lambda g: (g.finished_at, g.pk), False),
        "-turns": (lambda g: (g.turn, g.pk), True),
        "turns": (lambda g: (g.turn, g.pk), False),
        "-duration": (lambda g: (g.finished_at - g.started_at, g.pk), True),
        "duration": (lambda g: (g.finished_at - g.started_at, g.pk), False),
    }[sort]
    return [g.pk for g in sorted(games, key=key, reverse=reverse)]


@pytest.mark.parametrize("sort", list(selectors.SORTS))
@pytest.mark.parametrize("size", [1, 4, 5, 7])
def test_forward_and_backward_pages_cover_every_game_once_in_order(many_games, sort, size):
    games = selectors.finished_games(sort=sort)
    forward, page = [], selectors.keyset_page(games, sort, size)
    assert not page.has_previous
    while True:
        assert 0 < len(page.games) <= size
        forward.append([g.pk for g in page.games])
        if not page.has_next:
            break
        page = selectors.keyset_page(games, sort, size, after=page.last_cursor)
        assert page.has_previous
    flat = [pk for p in forward for pk in p]
    assert flat == expected_order(many_games, sort)  # in order, each once, nothing left out

    backward, page = [], selectors.keyset_page(games, sort, size, last=True)
    assert not page.has_next
    while True:
        backward.insert(0, [g.pk for g in page.games])
        if not page.has_previous:
            break
        page = selectors.keyset_page(games, sort, size, before=page.first_cursor)
        assert page.has_next
    assert [pk for p in backward for pk in p] == flat
    # Back from any page lands on the page before it.
    for previous, current in zip(forward, forward[1:], strict=False):
        cursor = selectors.cursor_of(games.get(pk=current[0]), sort)
        assert [g.pk for g in selectors.keyset_page(games, sort, size, before=cursor).games] == previous


@pytest.mark.parametrize(
    "cursor", ["", "~", "12", "x~1", "2026-01-01T00:00:00~1", "2026-01-01T00:00:00+00:00~-1", "1" * 50 + "~1"]
)
def test_a_bad_cursor_is_refused(many_games, cursor):
    with pytest.raises(selectors.BadCursor):
        selectors.keyset_page(selectors.finished_games(), "-finished", 5, after=cursor or "nonsense")


def test_the_page_links_walk_the_history(many_games, client, monkeypatch):
    import re

    from games.history import views

    monkeypatch.setattr(views, "PAGE_SIZE", 6)
    monkeypatch.setattr(selectors, "game_summaries", lambda rows: {g.pk: {"players": []} for g in rows})
    seen, url = [], "/games/history/?sort=-turns"
    while url:
        html = client.get(url).content.decode()
        seen += [int(pk) for pk in re.findall(r'<tr data-game-id="(\d+)">', html)]
        following = re.search(r'href="\?([^"]+)" rel="next"', html)
        url = "/games/history/?" + following.group(1).replace("&amp;", "&") if following else None
    assert seen == expected_order(many_games, "-turns")
