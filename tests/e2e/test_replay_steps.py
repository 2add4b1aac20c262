"""The replay steps without loading the page, in a real browser (Debian's chromium through Playwright;
skipped without it unless REQUIRE_SERVICES=1, see conftest.py): the keys change the table in place, the
address follows (a position can be linked), back and forward step back and forth, focus stays put."""

import re

import pytest

import engine
from games.models import LogEntry
from tests.games.history.helpers import finished_game

GUILDHALL = engine.get("guildhall")

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def shown_step(page):
    return int(re.search(r"Step (\d+) of", page.inner_text("#step-label")).group(1))


def wait_for_step(page, step):
    page.wait_for_function(
        "step => document.getElementById('step-label').textContent.includes('Step ' + step + ' of')"
        " && document.querySelector('.replay-log li[aria-current=\"step\"]').dataset.seq === String(step)",
        arg=step,
    )


def test_five_arrow_steps_change_the_table_in_place_and_the_address_follows(new_page, live_server,
                                                                             django_user_model):
    users = [django_user_model.objects.create_user(n, password="pw-not-secret-123") for n in ("nia", "oto")]
    game = finished_game(users, kind="greedy", seed=6)
    log = [(e.seat, e.decision) for e in LogEntry.objects.filter(game=game).order_by("seq")]
    names = {s.position: s.user.username for s in game.seats.select_related("user")}
    names = [names[p] for p in range(game.num_seats)]
    final = GUILDHALL.replay(game.num_seats, game.seed, {"mode": game.mode}, log)

    page = new_page()
    loads = []
    page.on("load", lambda _page: loads.append(1))
    page.goto(f"{live_server.url}/games/{game.pk}/replay/?step=0")
    loads.clear()
    page.evaluate("window.__noReload = 'still here'")
    hand_at_0 = page.inner_text(".replay-table")

    for step in range(1, 6):
        page.keyboard.press("ArrowRight")
        page.wait_for_url(re.compile(rf"[?&]step={step}$"))
        wait_for_step(page, step)
        assert page.evaluate("window.__noReload") == "still here", f"the page loaded again at step {step}"
        # The table is the server's for that step: the deciding seat's sentence is the log's current one.
        current = page.locator('.replay-log li[aria-current="step"]')
        assert current.count() == 1
        assert current.inner_text().strip() == GUILDHALL.describe(final, step, None, names)
        assert page.locator("#step-slider").input_value() == str(step)
    assert loads == []
    assert page.inner_text(".replay-table") != hand_at_0
    # The table at step 5 is the one the page itself shows at step 5 (same viewer, same parts).
    in_place = page.inner_html('[data-replay-part="table"]')

    page.go_back()
    page.wait_for_url(re.compile(r"[?&]step=4$"))
    wait_for_step(page, 4)
    page.go_back()
    wait_for_step(page, 3)
    page.go_forward()
    page.wait_for_url(re.compile(r"[?&]step=4$"))
    wait_for_step(page, 4)
    assert page.evaluate("window.__noReload") == "still here" and loads == []

    # Focus stays on the control used: a click on "Next" keeps it there, and the step counter is a
    # polite live region.
    page.locator("#step-next").focus()
    page.keyboard.press("Enter")
    wait_for_step(page, 5)
    assert page.evaluate("document.activeElement.id") == "step-next"
    assert page.get_attribute("#step-label", "aria-live") == "polite"
    # The slider with its own arrow keys: the step follows, focus stays on the slider.
    page.locator("#step-slider").focus()
    page.keyboard.press("ArrowRight")
    wait_for_step(page, 6)
    page.wait_for_url(re.compile(r"[?&]step=6$"))
    assert page.evaluate("document.activeElement.id") == "step-slider"
    assert page.evaluate("window.__noReload") == "still here" and loads == []

    # The address is a link to the position: opened afresh it shows the same table.
    fresh = new_page()
    fresh.goto(f"{live_server.url}/games/{game.pk}/replay/?step=5")
    assert fresh.inner_html('[data-replay-part="table"]') == in_place


def test_without_script_the_links_still_step(browser, live_server, django_user_model):
    users = [django_user_model.objects.create_user(n, password="pw-not-secret-123") for n in ("pia", "quin")]
    game = finished_game(users, kind="greedy", seed=7)
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/games/{game.pk}/replay/?step=0")
        page.click("#step-next")
        page.wait_for_url(re.compile(r"[?&]step=1$"))
        assert shown_step(page) == 1
        page.fill("#step-number", "4")
        page.click(".replay-step-number button")
        page.wait_for_url(re.compile(r"[?&]step=4$"))
        assert shown_step(page) == 4
    finally:
        context.close()
