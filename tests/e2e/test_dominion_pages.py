"""Dominion's pages in a real browser: axe-core finds no serious or critical violation in the light and the
dark theme (the lobby's kingdom picker, a table asking to buy with its overpay lists, an Advisor's chooser,
a finished table, the replay, how to play, the cards), every one fits 375 px without sideways scrolling
(popups opened), and card text is at least 12 px."""

import pytest

from games import cache as state_cache
from tests.e2e.test_accessibility import axe_violations
from tests.e2e.test_phones import OVERFLOW, PHONE, smallest_text_under
from tests.games.presentation.dominion import scenarios

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SMALLEST_CARD_TEXT = smallest_text_under(".dcard *, .dchip, .pick-card *")


@pytest.fixture
def pages(live_server, make_user):
    """(viewer, [(name, url)]): the Dominion pages as the viewer sees them."""
    state_cache.clear_local()
    ann, bob = make_user("ann"), make_user("bob")
    buying, state = scenarios.game_at("buy", [ann, bob], where=lambda st: st.coins >= 5)
    buyer = scenarios.users_by_seat(buying)[state.prompt["seat"]]
    cy, di = make_user("cy"), make_user("di")
    advising, state = scenarios.game_at("advisor", [cy, di])
    chooser = scenarios.users_by_seat(advising)[state.prompt["seat"]]
    over = scenarios.finished_game([make_user("eve"), buyer], seed="dominion-pages")
    base = live_server.url
    return buyer, chooser, [
        ("lobby", f"{base}/games/new/?game=dominion", buyer),
        ("table buying", f"{base}/games/{buying.pk}/", buyer),
        ("table waiting", f"{base}/games/{advising.pk}/", [u for u in (cy, di) if u != chooser][0]),
        ("table choosing for Advisor", f"{base}/games/{advising.pk}/", chooser),
        ("finished table", f"{base}/games/{over.pk}/", buyer),
        ("replay", f"{base}/games/{over.pk}/replay/?step=5", buyer),
        ("how to play", f"{base}/how-to-play/dominion/", buyer),
        ("cards", f"{base}/cards/dominion/", buyer),
    ]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_or_critical_violations(pages, logged_in_page, scheme):
    _buyer, _chooser, urls = pages
    found = {}
    for name, url, user in urls:
        page = logged_in_page(user)
        page.emulate_media(color_scheme=scheme)
        response = page.goto(url)
        assert response.status == 200, (name, response.status)
        for details in page.locator("details").all():
            details.evaluate("d => d.open = true")
        for rule, impact, targets in axe_violations(page):
            found.setdefault(name, []).append((rule, impact, targets))
        page.context.close()
    assert found == {}, found


def test_every_dominion_page_fits_a_phone_and_its_card_text_is_readable(pages, logged_in_page, artifacts):
    _buyer, _chooser, urls = pages
    for name, url, user in urls:
        page = logged_in_page(user, width=PHONE, height=800)
        page.goto(url)
        page.wait_for_load_state()
        for details in page.locator("details").all():
            details.evaluate("d => d.open = true")
        measured = page.evaluate(OVERFLOW)
        assert measured["scroll"] <= PHONE, f"{name} scrolls sideways: {measured}"
        smallest, where = page.evaluate(*SMALLEST_CARD_TEXT)
        assert smallest >= 12, f"{name}: card text of {smallest} px ({where})"
        page.screenshot(path=str(artifacts / f"dominion-phone-{name.replace(' ', '-')}.png"), full_page=True)
        page.context.close()
