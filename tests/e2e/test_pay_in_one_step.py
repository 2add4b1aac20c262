"""Paying a chapter takes one click in the browser (rules version 3): the card on top is the button, the
order of the rest is the default unless the closed "choose the order" control beside it is used, and
either way the payment is one decision with nothing asked afterwards."""

import random

import pytest
from django.test import TestCase

import engine
from games import cache as state_cache
from games import services
from games.models import Game, LogEntry
from tests.games.helpers import started_game

GUILDHALL = engine.get("guildhall")

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def until_a_payment(game, rng):
    """Both seats play greedy decisions through the service until the seat to move is paying for a VP
    card: that seat's user, and the state."""
    for _ in range(3000):
        game.refresh_from_db()
        assert game.status == Game.Status.ACTIVE, "the game ended before anyone paid"
        state = state_cache.load_state(game)
        if state.stack[-1]["kind"] == "pay":
            return game.seats.get(position=game.to_move_position).user, state
        seat = game.seats.get(position=game.to_move_position)
        decision = GUILDHALL.bots.choose(state, seat.position, kind="greedy", rng=rng)
        with TestCase.captureOnCommitCallbacks(execute=True):
            services.submit_decision(game.pk, seat.user, game.seq, decision)
    raise AssertionError("nobody paid")


def seq_shown(page):
    return int(page.get_attribute("#table", "data-seq"))


def test_paying_a_chapter_is_one_click_and_the_order_travels_with_it(live_server, logged_in_page, make_user,
                                                                     artifacts):
    game = started_game([make_user("ann"), make_user("bea")])
    assert int(game.engine_version) >= 3  # the order travels with the payment from rules version 3
    rng = random.Random(3)

    # One click on a card of a completed chapter: paid, that card on top, the rest in the default order.
    payer, state = until_a_payment(game, rng)
    page = logged_in_page(payer)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    control = page.locator("details[data-order-control]").first
    assert control.is_visible() and control.get_attribute("open") is None  # offered, closed
    button = page.locator("#prompt button[data-decision-type=pay]").first
    top = int(page.evaluate("b => JSON.parse(b.value).card", button.element_handle()))
    before = seq_shown(page)
    button.click()
    page.wait_for_function("b => Number(document.querySelector('#table').dataset.seq) > b", arg=before)
    game.refresh_from_db()
    after = state_cache.load_state(game)
    assert game.seq == before + 1 and after.discard[-1] == top
    assert after.stack[-1]["kind"] != "order_pile" and "Keep the order shown" not in page.content()
    if state.stack[-1]["left"] == 1:  # the last chapter: the VP card is bought with that same click
        # The payer's own hall (the click may have ended their turn: to_move is the next seat then).
        payer_seat = game.seats.get(user=payer).position
        assert state.stack[-1]["card"] in after.players[payer_seat].vp_cards
    page.screenshot(path=str(artifacts / "paid-in-one-click.png"), full_page=True)

    # With the control: open it, put another card second, pay: still one decision, the order in it.
    payer, state = until_a_payment(game, rng)
    page = logged_in_page(payer)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    control = page.locator("details[data-order-control]").first
    control.locator("summary").click()
    places = control.locator("select[data-order-place]")
    assert places.count() == 5
    default = [int(places.nth(i).input_value()) for i in range(5)]
    places.nth(1).select_option(str(default[4]))  # the bottom card goes second: the two swap places
    chosen = [int(places.nth(i).input_value()) for i in range(5)]
    assert chosen == [default[0], default[4], default[2], default[3], default[1]]
    page.screenshot(path=str(artifacts / "choose-the-order.png"), full_page=True)
    before = seq_shown(page)
    control.locator("button[data-order-base]").click()
    page.wait_for_function("b => Number(document.querySelector('#table').dataset.seq) > b", arg=before)
    game.refresh_from_db()
    assert game.seq == before + 1
    logged = LogEntry.objects.get(game=game, seq=game.seq).decision
    assert logged == {"type": "pay", "card": chosen[0], "order": chosen}
    after = state_cache.load_state(game)
    assert after.discard[-5:] == chosen[::-1] and after.stack[-1]["kind"] != "order_pile"
