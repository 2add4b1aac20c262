"""Two players sign up, verify by the emailed link, start a game by invitation and play it by clicking.

The browser is Debian's chromium driven by Playwright; the server is pytest-django's live server. What
the pages show is checked against the real game state: neither page ever holds a card id of the other
player's hand, anywhere in its HTML.
"""

import re

import pytest
from django.core import mail
from playwright.sync_api import expect

from games import cache as state_cache
from games.models import Game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-pass-phrase-42"


def sign_up_and_verify(page, base, username):
    page.goto(f"{base}/accounts/signup/")
    page.fill("input[name=username]", username)
    page.fill("input[name=email]", f"{username}@example.com")
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.get_by_role("button", name=re.compile("sign up", re.I)).click()
    page.wait_for_load_state()
    # Mandatory verification: no way in before the link in the email is followed.
    assert page.get_by_role("button", name="Sign out").count() == 0
    message = next(m for m in reversed(mail.outbox) if f"{username}@example.com" in m.to)
    link = re.search(r"https?://\S+/accounts/confirm-email/\S+/", message.body).group(0)
    page.goto(link)
    page.get_by_role("button", name=re.compile("confirm", re.I)).click()
    page.wait_for_load_state()
    if page.get_by_role("button", name="Sign out").count() == 0:
        page.goto(f"{base}/accounts/login/")
        page.fill("input[name=login]", username)
        page.fill("input[name=password]", PASSWORD)
        page.get_by_role("button", name=re.compile("sign in", re.I)).click()
        page.wait_for_load_state()
    assert page.get_by_role("button", name="Sign out").count() == 1


def shown_seq(page):
    return int(page.get_attribute("#table", "data-seq"))


def click_and_wait(page, locator):
    before = shown_seq(page)
    locator.first.click()
    page.wait_for_function("before => Number(document.querySelector('#table').dataset.seq) !== before", arg=before)


def hand_ids(game, seat):
    state = state_cache.load_state(Game.objects.get(pk=game.pk))
    return set(state.players[seat].hand)


def assert_no_foreign_hand(page, game, my_seat, other_seat):
    """No card id of the other player's hand anywhere in the page's HTML, and all of mine."""
    html = page.content()
    for card in hand_ids(game, other_seat):
        assert f'data-card-id="{card}"' not in html
        assert not re.search(rf"card(&quot;|\"):{card}\b", html), f"card {card} of the other hand leaked"
    mine = hand_ids(game, my_seat)
    assert all(f'data-card-id="{card}"' in html for card in mine)


PREFERENCE = [
    "[data-decision-type=tier]",
    "[data-decision-type=use]",
    "[data-decision-type=target]",
    "[data-decision-type=select]",
    "[data-decision-type=chapter]",
    "[data-decision-type=pay]",
    "[data-decision-type=place]",
    "[data-decision-type=done]",
    "[data-decision-type=play]",
    "[data-decision-type=end_turn]",
]


def one_decision(page):
    """Click the first offered button in a fixed order of preference (a simple clicking player)."""
    for selector in PREFERENCE:
        buttons = page.locator(f"#prompt {selector}, #my-hand {selector}")
        if buttons.count():
            click_and_wait(page, buttons)
            return selector
    raise AssertionError("no decision offered on my turn")


def test_two_players_sign_up_invite_and_play_by_clicking(live_server, new_page, settings, artifacts):
    settings.ACCOUNT_EMAIL_VERIFICATION = "mandatory"
    settings.GUILDHALL_POLL_SECONDS = 1
    base = live_server.url
    settings.SITE_URL = base  # the sign-in emails link to the site's address
    alice, bob = new_page(), new_page()
    sign_up_and_verify(alice, base, "alice")
    sign_up_and_verify(bob, base, "bob")

    # Alice creates a private two-player game and invites Bob.
    alice.goto(f"{base}/games/new/")
    alice.select_option("select[name=seats]", "2")
    alice.check("input[name=visibility][value=private]")
    alice.fill("input[name=invite]", "bob")
    alice.get_by_role("button", name="Create the game").click()
    alice.wait_for_load_state()
    assert "Waiting for players: 1 of 2" in alice.content()
    game = Game.objects.get()

    # Bob finds it among the open games and joins; it starts by itself.
    bob.goto(f"{base}/games/open/")
    bob.get_by_role("link", name=f"Game {game.pk}").first.click()
    bob.get_by_role("button", name="Join this game").click()
    bob.wait_for_selector("#table")
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    pages = {}
    for seat in game.seats.select_related("user"):
        pages[seat.position] = alice if seat.user.username == "alice" else bob
    for page in pages.values():
        page.goto(f"{base}/games/{game.pk}/")

    first, second = pages[0], pages[1]
    # The header counts the games waiting for each player.
    assert first.locator("#games-waiting").inner_text().startswith("1")
    assert second.locator("#games-waiting").count() == 0

    # Nothing announced to the player who waits (checked before seat 0 moves: the news of its last move
    # may reach the other page at once).
    assert second.locator("#turn-announcer").inner_text() == ""

    # Setup of seat 0, card by card: discard one card, done, place three.
    assert "Setup" in first.locator("#prompt").inner_text()
    click_and_wait(first, first.locator("#my-hand [data-decision-type=discard]"))
    assert first.locator("#my-hand .card.marked").count() == 1
    click_and_wait(first, first.locator("#prompt [data-decision-type=done]"))
    for _ in range(3):
        click_and_wait(first, first.locator("#my-hand [data-decision-type=place]"))
    assert first.locator("#player-0 .chip").count() == 3

    # The other page notices by polling, without a reload; the tab title and a screen reader say so.
    second.wait_for_function("() => document.querySelector('#prompt') !== null", timeout=8000)
    second.wait_for_function(
        "() => document.getElementById('turn-announcer').textContent.startsWith('It is your turn.')", timeout=3000
    )
    assert second.title().startswith("(1) Your turn")
    expect(first).not_to_have_title(re.compile(r"^\(1\)"))  # once htmx has settled the first page's last swap
    assert_no_foreign_hand(second, game, 1, 0)
    assert_no_foreign_hand(first, game, 0, 1)

    # Setup of seat 1: keep every card, place three.
    click_and_wait(second, second.locator("#prompt [data-decision-type=done]"))
    for _ in range(3):
        click_and_wait(second, second.locator("#my-hand [data-decision-type=place]"))
    first.wait_for_function("() => document.querySelector('#prompt') !== null", timeout=8000)

    # Seat 0's first turn: play a card, take it back with undo.
    hand_before = first.locator("#my-hand .card").count()
    click_and_wait(first, first.locator("#my-hand [data-decision-type=play]"))
    assert first.locator("#my-hand .card").count() == hand_before - 1
    click_and_wait(first, first.locator("#prompt [data-decision-type=undo]"))
    assert first.locator("#my-hand .card").count() == hand_before
    assert "2 actions left" in first.locator("#prompt").inner_text()

    # A stale tab: seat 0 opens the table twice (no polling in the second), decides in the first.
    settings.GUILDHALL_POLL_SECONDS = 3600
    stale = new_page()
    stale.context.add_cookies(first.context.cookies())
    stale.goto(f"{base}/games/{game.pk}/")
    stale_seq = shown_seq(stale)
    click_and_wait(first, first.locator("#prompt [data-decision-type=discard_draw]"))
    game.refresh_from_db()
    seq_after = game.seq
    stale.locator("#prompt [data-decision-type=end_turn]").click()
    stale.wait_for_selector("#table-error")
    assert "moved on" in stale.locator("#table-error").inner_text()
    assert shown_seq(stale) == seq_after > stale_seq
    game.refresh_from_db()
    assert game.seq == seq_after  # nothing changed
    settings.GUILDHALL_POLL_SECONDS = 1

    # Several turns by clicking only, checking after every decision that no hand leaks.
    turns_seen = set()
    for _ in range(60):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE or len(turns_seen) >= 5 and game.turn > max(turns_seen):
            break
        turns_seen.add(game.turn)
        seat = game.to_move_position
        page = pages[seat]
        if shown_seq(page) != game.seq:
            page.reload()
        one_decision(page)
        game.refresh_from_db()
        for other_seat, other_page in pages.items():  # both pages, whenever they show the current table
            if shown_seq(other_page) == game.seq:  # a stale page may show cards that were public back then
                assert_no_foreign_hand(other_page, game, other_seat, 1 - other_seat)
    assert len(turns_seen) >= 5

    for page, seat in ((pages[0], 0), (pages[1], 1)):
        page.reload()
        assert_no_foreign_hand(page, game, seat, 1 - seat)
        assert page.locator(".log li").count() > 10

    # Screenshots of the table, desktop and phone width.
    game.refresh_from_db()
    mover = pages[game.to_move_position]
    mover.set_viewport_size({"width": 1280, "height": 900})
    mover.screenshot(path=str(artifacts / "table-desktop.png"), full_page=True)
    mover.set_viewport_size({"width": 375, "height": 800})
    mover.reload()
    mover.screenshot(path=str(artifacts / "table-phone.png"), full_page=True)
    assert mover.evaluate("document.documentElement.scrollWidth") <= 375
