"""Dominion in a real browser: a whole game against a bot by clicks from the lobby form (ten cards picked,
an overpay chosen beside the Buy), the keyboard alone, Doctor's "choose the order" control, and an
Advisor's pick by the player to the left arriving live on the active player's page.

Debian's chromium through Playwright (skipped without it unless REQUIRE_SERVICES=1)."""

import json
import re

import pytest
from playwright.sync_api import expect

from engine.dominion.cards import GUILDS
from games import cache as state_cache
from games.models import Game, LogEntry
from tests.e2e.test_live import signed_in
from tests.games.presentation.dominion import scenarios

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

MAX_CLICKS = 600
FOCUSED_DECISION = (
    "() => { const el = document.activeElement;"
    " return !!el && el.name === 'decision' && !el.disabled && !el.closest('[data-dominion-order]'); }"
)


@pytest.fixture(autouse=True)
def _fresh_snapshots():
    state_cache.clear_local()  # the scenarios' seeds repeat, and so do a fresh database's game ids
    yield
    state_cache.clear_local()


def seq(page):
    return int(page.get_attribute("#table", "data-seq"))


def click_and_wait(page, locator):
    before = seq(page)
    locator.click()
    page.wait_for_function("b => Number(document.querySelector('#table').dataset.seq) > b", arg=before,
                           timeout=30_000)


def coins(page):
    text = page.locator("#turn .dstats").inner_text()
    return int(re.search(r"\$(\d+) to spend", text).group(1))


def one_click(page, overpaid):
    """A Big Money player's next click: all Treasures, then the best card the money buys (Masterpiece with
    the most overpay the first time it is affordable), else the end of the turn."""
    table = page.locator("#table")
    play_all = table.locator("button[data-decision-type=play_treasures]")
    if play_all.count():
        click_and_wait(page, play_all)
        return "play_treasures"
    buys = {card: table.locator(f"#buy-{card.lower()}") for card in ("province", "gold", "masterpiece", "silver")}
    money = coins(page) if page.locator("#turn .dstats").count() else 0
    for card, wanted in (("province", 8), ("gold", 6), ("masterpiece", 4), ("silver", 3)):
        if money >= wanted and buys[card].count():
            if card == "masterpiece" and not overpaid:
                amounts = page.locator("select[data-dominion-choice=buy-masterpiece] option")
                last = amounts.nth(amounts.count() - 1)
                page.select_option("select[data-dominion-choice=buy-masterpiece]", value=last.get_attribute("value"))
                click_and_wait(page, buys[card])
                expect(page.locator("#table .log")).to_contain_text("bought Masterpiece, overpaying $")
                return "overpay"
            click_and_wait(page, buys[card])
            return "buy"
    for kind in ("end_actions", "end_turn", "decline", "choose", "order", "option", "name", "number", "play"):
        button = table.locator(f"button[name=decision][data-decision-type={kind}]:visible")
        if button.count():
            click_and_wait(page, button.first)
            return kind
    raise AssertionError("no decision offered on my turn")


def test_a_whole_game_against_a_bot_by_clicks(live_server, logged_in_page, make_user, settings, artifacts):
    settings.GUILDHALL_POLL_SECONDS = 3600  # the bot moves within each request
    user = make_user("clicker")
    page = logged_in_page(user)
    page.goto(f"{live_server.url}/games/new/?game=dominion")
    page.select_option("select[name=bots]", "1")
    page.select_option("select[name=bot_kind]", "bigmoney")
    picked = [c for c in GUILDS if c != "Soothsayer"][:10]  # Masterpiece in, and no Curses to hand out
    for card in picked:
        page.check(f"input[name=option_kingdom_cards][value='{card}']")
    expect(page.locator("input[name=option_kingdom_mode][value=pick]")).to_be_checked()  # ticking is picking
    page.get_by_role("button", name="Create the game").click()
    page.wait_for_selector("#table")
    game = Game.objects.get()
    assert (game.game, game.options["kingdom"]) == ("dominion", picked) and game.status == Game.Status.ACTIVE

    clicks = []
    for _ in range(MAX_CLICKS):
        if page.locator("#results-h").count():
            break
        assert page.get_attribute("#table", "data-my-turn") == "1"
        assert page.title().startswith("(1) Your turn")
        clicks.append(one_click(page, "overpay" in clicks))
    else:
        raise AssertionError(f"the game did not end in {MAX_CLICKS} clicks")

    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    expect(page.locator("#results-h")).to_contain_text(re.compile("won the game|First place is shared"))
    expect(page).not_to_have_title(re.compile(r"^\(1\)"))
    assert "overpay" in clicks and "buy" in clicks
    mine = game.seats.get(user=user).position
    assert LogEntry.objects.filter(game=game, seat=mine).count() == len(clicks)
    overpaid = LogEntry.objects.filter(game=game, seat=mine, decision__card="Masterpiece").first()
    assert overpaid.decision.get("overpay", 0) >= 1  # the amount chosen beside the Buy went with it
    page.screenshot(path=str(artifacts / "dominion-whole-game.png"), full_page=True)
    page.goto(f"{live_server.url}/games/{game.pk}/replay/?step={game.seq}")
    expect(page.locator(".dreplay")).to_contain_text("Won by:")


def test_the_keyboard_alone_plays_and_the_next_decision_is_zero_tabs_away(live_server, logged_in_page, make_user):
    users = [make_user("kim"), make_user("lee")]
    game, state = scenarios.game_at("buy", users, where=lambda st: st.seats[st.active].tokens > 0
                                    and any(c in ("Copper", "Silver") for c in st.seats[st.active].hand))
    user = scenarios.users_by_seat(game)[state.prompt["seat"]]
    page = logged_in_page(user, width=375, height=800)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    for _tab in range(300):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED_DECISION):
            break
    assert page.evaluate("() => document.activeElement.dataset.decisionType") == "play_treasures"
    before = seq(page)
    page.keyboard.press("Enter")  # play all Treasures
    page.wait_for_function("b => Number(document.querySelector('#table').dataset.seq) > b", arg=before)
    page.wait_for_function(FOCUSED_DECISION, timeout=5000)  # the next decision, no Tab needed
    # The Coin tokens' amount by keyboard: Tab back to the list is not needed; the list sits before Spend.
    page.focus("select[data-dominion-choice=spend-tokens]")
    page.keyboard.press("End")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "spend-tokens"
    chosen = json.loads(page.evaluate("() => document.activeElement.value"))
    tokens = state.seats[state.prompt["seat"]].tokens
    assert chosen == {"n": tokens, "type": "spend_tokens"}
    before = seq(page)
    page.keyboard.press("Enter")
    page.wait_for_function("b => Number(document.querySelector('#table').dataset.seq) > b", arg=before)
    page.wait_for_function(FOCUSED_DECISION, timeout=5000)
    game.refresh_from_db()
    assert game.log.last().decision == chosen


def test_doctors_order_is_chosen_in_its_control(live_server, logged_in_page, make_user):
    users = [make_user("kim"), make_user("lee")]
    game, state = scenarios.game_at("doctor_order", users, where=lambda st: len(set(st.prompt["cards"])) > 1)
    shown = state.prompt["cards"]
    user = scenarios.users_by_seat(game)[state.prompt["seat"]]
    page = logged_in_page(user)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    control = page.locator("details[data-dominion-order]")
    expect(control).to_be_visible()
    control.locator("summary").click()
    top = page.locator("select[data-dominion-place]").first
    other = next(i for i, card in enumerate(shown) if card != shown[0])
    top.select_option(str(other))
    button = control.locator("button[name=decision]")
    sent = json.loads(button.get_attribute("value"))
    assert sent["type"] == "order" and sent["cards"][0] == shown[other] and sorted(sent["cards"]) == sorted(shown)
    click_and_wait(page, button)
    game.refresh_from_db()
    assert game.log.last().decision == sent


def test_an_advisor_pick_on_the_left_players_table_arrives_live_on_the_active_players(
    asgi_live_server, new_page, make_user, settings
):
    settings.GUILDHALL_POLL_SECONDS = 600  # only the socket can bring the move in time
    users = [make_user("kim"), make_user("lee")]
    game, state = scenarios.game_at("advisor", users)
    by_seat = scenarios.users_by_seat(game)
    chooser, active = state.prompt["seat"], state.active
    pages = {}
    for seat in (chooser, active):
        page = signed_in(new_page, asgi_live_server, by_seat[seat])
        page.goto(f"{asgi_live_server}/games/{game.pk}/")
        page.wait_for_function("() => document.documentElement.dataset.live === 'open'")
        pages[seat] = page
    expect(pages[active].locator("#decider")).to_contain_text(f"{by_seat[chooser].username} chooses which")
    pick = pages[chooser].locator("#prompt button[data-decision-type=choose]").first
    card = json.loads(pick.get_attribute("value"))["card"]
    click_and_wait(pages[chooser], pick)
    pages[active].wait_for_function("s => Number(document.querySelector('#table').dataset.seq) === s",
                                    arg=seq(pages[chooser]), timeout=3000)
    expect(pages[active].locator("#table .log")).to_contain_text(f"chose {card} for {by_seat[active].username}")
