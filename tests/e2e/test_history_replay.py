"""Stepping through a finished game's replay with the keyboard alone, in a real browser (Debian's
chromium through Playwright; skipped without it unless REQUIRE_SERVICES=1, see conftest.py)."""

import re

import pytest

import engine
from games.models import LogEntry
from tests.games.history.helpers import finished_game

GUILDHALL = engine.get("guildhall")

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def shown_step(page):
    return int(re.search(r"Step (\d+) of", page.inner_text("#step-label")).group(1))


def press_and_wait(page, key, expected):
    page.keyboard.press(key)
    page.wait_for_url(re.compile(rf"[?&]step={expected}(&|$)"))
    assert shown_step(page) == expected


def test_step_through_a_finished_game_with_the_keyboard(browser, new_page, live_server, django_user_model):
    users = [django_user_model.objects.create_user(n, password="pw-not-secret-123") for n in ("kira", "lev")]
    game = finished_game(users, kind="greedy", seed=4)
    total = game.seq
    log = [(e.seat, e.decision) for e in LogEntry.objects.filter(game=game).order_by("seq")]
    names = {s.position: s.user.username for s in game.seats.select_related("user")}
    names = [names[p] for p in range(game.num_seats)]
    final = GUILDHALL.replay(game.num_seats, game.seed, {"mode": game.mode}, log)

    page = new_page()
    page.goto(f"{live_server.url}/games/{game.pk}/replay/?step=0")
    assert shown_step(page) == 0
    press_and_wait(page, "ArrowRight", 1)
    press_and_wait(page, "ArrowRight", 2)
    press_and_wait(page, "ArrowRight", 3)
    # The current entry of the log is highlighted, and it is the engine's sentence for that step.
    current = page.locator('.replay-log li[aria-current="step"]')
    assert current.count() == 1
    assert current.inner_text().strip() == GUILDHALL.describe(final, 3, None, names)
    press_and_wait(page, "ArrowLeft", 2)
    press_and_wait(page, "End", total)
    assert "won the game" in page.inner_text(".replay-table")
    page.keyboard.press("ArrowRight")  # nothing past the last step
    page.wait_for_timeout(300)
    assert shown_step(page) == total
    press_and_wait(page, "Home", 0)

    # Keyboard only, through the controls: Tab to the slider, move it with the arrow keys (it submits).
    page.locator("#step-slider").focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_url(re.compile(r"[?&]step=1(&|$)"))
    assert shown_step(page) == 1
    # Enter on a focused "Next" link follows it.
    page.locator("#step-next").focus()
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"[?&]step=2(&|$)"))
    # A step typed into the number field.
    page.locator("#step-number").fill(str(total // 2))
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(rf"[?&]step={total // 2}(&|$)"))
    assert shown_step(page) == total // 2
    # Everything is shown once the game is over: every one of the 120 cards is on the page.
    ids = set(page.eval_on_selector_all("[data-card-id]", "els => els.map(e => Number(e.dataset.cardId))"))
    assert ids == set(range(120))
    # The VP chart is an SVG drawn by the server, with a point per seat and turn.
    assert page.locator(".vp-chart svg g.series").count() == game.num_seats
