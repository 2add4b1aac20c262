"""Live tables in two browser contexts: a move by one player appears on the other's page (and on a
spectator's) within a second or two, with the polls turned down to once in ten minutes, so only the
WebSocket can have brought it; the header's badge follows. With the socket cut off, the page falls back
to its poll. Chromium through Playwright against daphne (the ASGI application with its WebSockets)."""

import pytest
from django.conf import settings as django_settings
from django.test import Client

from games.models import Game
from tests.games.helpers import play, started_game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LIVE_WITHIN_MS = 2000


def signed_in(new_page, base, user):
    client = Client()
    client.force_login(user)
    page = new_page()
    page.context.add_cookies(
        [
            {
                "name": django_settings.SESSION_COOKIE_NAME,
                "value": client.cookies[django_settings.SESSION_COOKIE_NAME].value,
                "url": base,
            }
        ]
    )
    return page


def seq_shown(page):
    return int(page.get_attribute("#table", "data-seq"))


def wait_seq(page, seq, timeout):
    page.wait_for_function("s => Number(document.querySelector('#table').dataset.seq) === s", arg=seq, timeout=timeout)


def discard_one(page):
    """The player to move discards a card in the setup (one decision), as a click."""
    before = seq_shown(page)
    page.locator("#my-hand [data-decision-type=discard]").first.click()
    wait_seq(page, before + 1, 5000)
    return before + 1


def mover_and_other(make_user):
    """A started two-player game, the player to move in it and the other one."""
    alice, bob = make_user("alice"), make_user("bob")
    game = started_game([alice, bob])
    mover = Game.objects.get(pk=game.pk).to_move_user
    return game, mover, bob if mover == alice else alice


def test_a_move_appears_on_the_other_pages_through_the_socket(asgi_live_server, new_page, make_user, settings):
    settings.GUILDHALL_POLL_SECONDS = 600
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    game = started_game([alice, bob])
    mover = Game.objects.get(pk=game.pk).to_move_user
    other = bob if mover == alice else alice
    pages = {user: signed_in(new_page, asgi_live_server, user) for user in (mover, other, carol)}
    for page in pages.values():
        page.goto(f"{asgi_live_server}/games/{game.pk}/")
        page.wait_for_function("() => document.documentElement.dataset.live === 'open'")
    assert pages[other].locator("#games-waiting").count() == 0

    seq = discard_one(pages[mover])
    for user in (other, carol):
        wait_seq(pages[user], seq, LIVE_WITHIN_MS)

    # The mover finishes the setup (done, three places): the turn passes, the other's badge appears live.
    page = pages[mover]
    for selector in ["#prompt [data-decision-type=done]"] + ["#my-hand [data-decision-type=place]"] * 3:
        before = seq_shown(page)
        page.locator(selector).first.click()
        wait_seq(page, before + 1, 5000)
    final = seq_shown(page)
    wait_seq(pages[other], final, LIVE_WITHIN_MS)
    pages[other].wait_for_selector("#games-waiting", timeout=LIVE_WITHIN_MS)
    assert pages[other].locator("#games-waiting").inner_text().startswith("1")
    pages[other].wait_for_selector("#prompt", timeout=LIVE_WITHIN_MS)
    wait_seq(pages[carol], final, LIVE_WITHIN_MS)
    assert pages[carol].locator("#my-hand").count() == 0  # the spectator's table: nobody's hand


def test_without_the_socket_the_page_polls(asgi_live_server, new_page, make_user, settings):
    settings.GUILDHALL_POLL_SECONDS = 1
    game, mover, other = mover_and_other(make_user)
    watcher = signed_in(new_page, asgi_live_server, other)
    # The socket is refused: every attempt to open it is closed at once (as by a proxy without WebSockets).
    watcher.route_web_socket("**/ws/live/", lambda ws: ws.close())
    watcher.goto(f"{asgi_live_server}/games/{game.pk}/")
    mover_page = signed_in(new_page, asgi_live_server, mover)
    mover_page.goto(f"{asgi_live_server}/games/{game.pk}/")

    seq = discard_one(mover_page)
    wait_seq(watcher, seq, 5000)
    assert watcher.evaluate("document.documentElement.dataset.live") in ("closed", "connecting")


def test_an_older_seq_heard_late_asks_for_nothing(asgi_live_server, new_page, make_user, settings):
    """A game's messages may arrive out of order (two app servers; a step's news sent after the decider's
    answer): the page keeps the highest seq it heard, so news of an older seq makes it ask for nothing,
    and news of a newer one still brings the move."""
    from games.live import publish

    settings.GUILDHALL_POLL_SECONDS = 600
    game, mover, other = mover_and_other(make_user)
    watcher = signed_in(new_page, asgi_live_server, other)
    watcher.goto(f"{asgi_live_server}/games/{game.pk}/")
    watcher.wait_for_function("() => document.documentElement.dataset.live === 'open'")
    mover_page = signed_in(new_page, asgi_live_server, mover)
    mover_page.goto(f"{asgi_live_server}/games/{game.pk}/")
    seq = discard_one(mover_page)
    wait_seq(watcher, seq, LIVE_WITHIN_MS)

    polls = []
    poll_path = f"/games/{game.pk}/seq/"
    watcher.on("request", lambda request: polls.append(request.url) if poll_path in request.url else None)
    publish.game_moved(game.pk, seq - 1, "active")  # the news of the move before, arriving late
    watcher.wait_for_timeout(1000)
    assert polls == []
    assert seq_shown(watcher) == seq

    play(game, 1)
    wait_seq(watcher, seq + 1, LIVE_WITHIN_MS)
