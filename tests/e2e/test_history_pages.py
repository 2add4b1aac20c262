"""The history's pages walked with the keyboard alone in a real browser: Tab to "Next page" and Enter,
then "Previous page" back; every game is listed once across the pages."""

import datetime
import re

import pytest
from django.utils import timezone

from games.history import selectors
from games.models import Game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def listed_ids(page):
    return [int(i) for i in page.locator("tr[data-game-id]").evaluate_all("rows => rows.map(r => r.dataset.gameId)")]


def follow_with_keyboard(page, rel):
    """Tab from the top of the page until the link ``rel`` has the focus, then press Enter."""
    page.locator("body").focus()
    for _ in range(200):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement && document.activeElement.getAttribute('rel')") == rel:
            with page.expect_navigation():
                page.keyboard.press("Enter")
            return
    raise AssertionError(f"no link rel={rel} reachable with Tab")


def test_walk_the_history_pages_with_the_keyboard(
    browser, new_page, live_server, django_user_model, monkeypatch
):
    from games.history import views

    creator = django_user_model.objects.create_user("pager", password="pw-not-secret-123")
    now = timezone.now().replace(microsecond=0)
    Game.objects.bulk_create(
        Game(
            status=Game.Status.FINISHED, num_seats=2, seed=f"p{i}", seed_commitment=f"{i:064x}", created_by=creator,
            started_at=now - datetime.timedelta(hours=2), finished_at=now - datetime.timedelta(hours=i // 3),
        )
        for i in range(7)
    )
    monkeypatch.setattr(views, "PAGE_SIZE", 3)
    monkeypatch.setattr(selectors, "game_summaries", lambda rows: {g.pk: {"players": []} for g in rows})
    expected = [g.pk for g in selectors.finished_games()]

    page = new_page()
    page.goto(f"{live_server.url}/games/history/")
    first = listed_ids(page)
    follow_with_keyboard(page, "next")
    assert re.search(r"[?&]after=", page.url)
    second = listed_ids(page)
    follow_with_keyboard(page, "next")
    third = listed_ids(page)
    assert first + second + third == expected
    assert page.locator('a[rel="next"]').count() == 0
    follow_with_keyboard(page, "prev")
    assert listed_ids(page) == second
