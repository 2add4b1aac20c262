"""Phones: every page at 375 px wide, in a real browser, scrolls only up and down; card text is at least
12 px. Debian's chromium through Playwright (skipped without it unless REQUIRE_SERVICES=1)."""

import pytest
from django.urls import reverse

from games import services
from tests.games.helpers import started_game
from tests.games.history.helpers import finished_game, play_through

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = 375

OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const wide = [];
  for (const el of document.querySelectorAll('body *')) {
    const box = el.getBoundingClientRect();
    if (box.width && box.right > width + 1 && getComputedStyle(el).position !== 'fixed') {
      const inside = el.closest('[style*="overflow"], .log, .replay-log, details:not([open])');
      const name = el.tagName + (el.id ? '#' + el.id : '') + '.' + el.className;
      if (!inside) wide.push(name + ' ' + Math.round(box.right));
    }
  }
  return {scroll: document.documentElement.scrollWidth, width: width, wide: wide.slice(0, 5)};
}"""

def smallest_text_under(selector):
    """A script that returns the smallest font size (and where) of the visible text inside ``selector``'s
    elements: the card texts of a game's pages must stay readable on a phone."""
    return """(selector) => {
  let smallest = 99, where = '';
  for (const el of document.querySelectorAll(selector)) {
    if (!el.childNodes.length || ![...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
    const style = getComputedStyle(el);
    if (style.display === 'none' || el.closest('.visually-hidden')) continue;
    const size = parseFloat(style.fontSize);
    if (size < smallest) { smallest = size; where = el.className + ': ' + el.textContent.trim().slice(0, 30); }
  }
  return [smallest, where];
}""", selector


SMALLEST_CARD_TEXT = smallest_text_under(".card *, .vp-card *, .chip *")


def no_sideways_scroll(page, url):
    page.goto(url)
    page.wait_for_load_state()
    for details in page.locator("details").all():  # opened popups must fit too
        details.evaluate("d => d.open = true")
    measured = page.evaluate(OVERFLOW)
    assert measured["scroll"] <= PHONE, f"{url} scrolls sideways: {measured}"


def test_every_page_fits_a_phone(live_server, logged_in_page, new_page, make_user, artifacts):
    ann, ben, cy = make_user("ann"), make_user("ben"), make_user("cy")
    printed = finished_game([ann, ben], kind="greedy", seed=7)  # the seed and its commitment are shown
    running = play_through(started_game([ann, cy], mode="yucata"), moves=30)  # Yucata's popups
    waiting = services.create_game(cy, seats=3)
    long_name = make_user("a_player_whose_username_is_much_too_long_for_one_line_on_a_phone_screen")
    base = live_server.url

    visitor = new_page(PHONE, 800)
    from games.notifications.emails import unsubscribe_token

    public = [reverse("home"), reverse("guide:how-to-play"), reverse("guide:game", args=["guildhall"]),
              reverse("guide:cards", args=["guildhall"]), reverse("api-docs"),
              reverse("account_login"), reverse("account_signup"), reverse("account_reset_password"),
              reverse("history"), reverse("history-player", args=["ann"]), "/no-such-page/",
              reverse("notifications:unsubscribe", args=[unsubscribe_token(ann.pk, "turn")])]
    for path in public:
        no_sideways_scroll(visitor, base + path)

    page = logged_in_page(ann, width=PHONE, height=800)
    signed_in = [reverse("home"), reverse("games:mine"), reverse("games:open"), reverse("games:create"),
                 reverse("profile_settings"), reverse("public_profile", args=["ann"]),
                 reverse("public_profile", args=[long_name.username]), reverse("clock:vacation"),
                 reverse("games:game", args=[waiting.pk])]
    for game in (printed, running):
        signed_in.append(reverse("games:game", args=[game.pk]))
        signed_in.append(reverse("game-replay", args=[game.pk]) + f"?step={game.seq // 2}")
    signed_in.append(reverse("game-replay", args=[printed.pk]))
    signed_in.append(reverse("games:game", args=[running.pk]) + "?log=all")
    signed_in.append(reverse("games:resign", args=[running.pk]))
    for path in signed_in:
        no_sideways_scroll(page, base + path)

    # Card text on the table is at least 12 px, at phone width too.
    page.goto(f"{base}{reverse('games:game', args=[running.pk])}")
    size, where = page.evaluate(*SMALLEST_CARD_TEXT)
    assert size >= 12, f"card text of {size}px: {where}"
    page.screenshot(path=str(artifacts / "table-phone-yucata.png"), full_page=True)
