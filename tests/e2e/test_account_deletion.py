"""Deleting an account in chromium, with the keyboard alone: the settings page's form, then the page that says
what became of the account (and one email confirming it); the deleted player's profile says they are gone and
offers nothing to do. Both pages pass axe in the light and the dark theme and fit a 375 px phone."""

import pytest
from django.core import mail

from accounts import services
from social.relations import services as relations
from tests.e2e.test_accessibility import axe_violations
from tests.e2e.test_phones import PHONE, no_sideways_scroll
from tests.games.helpers import started_game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

FOCUSED = """() => {
  const el = document.activeElement;
  return el ? (el.id || el.getAttribute('href') || el.tagName) : null;
}"""


def tab_to(page, wanted, presses=150):
    """Press Tab until the focus is on the element whose id (or href) is ``wanted``; fail if it never is."""
    for _ in range(presses):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED) == wanted:
            return
    raise AssertionError(f"{wanted} cannot be reached with Tab")


def focusable_in_main(page):
    return page.evaluate(
        "() => Array.from(document.querySelectorAll('main a[href], main button, main input, main select, "
        "main textarea, main [tabindex]:not([tabindex=\"-1\"])')).map(e => e.id || e.getAttribute('href') || e.tagName)"
    )


@pytest.mark.parametrize("width", [1280, PHONE])
def test_deleting_an_account_with_the_keyboard_ends_on_its_confirmation(live_server, logged_in_page, make_user,
                                                                        width, artifacts):
    kim, lee = make_user("kim"), make_user("lee")
    started_game([kim, lee])  # a game in progress: resigned by the deletion
    page = logged_in_page(kim, width=width, height=800)
    page.goto(f"{live_server.url}/settings/")
    mail.outbox.clear()
    tab_to(page, "id_password")
    page.keyboard.type(kim.raw_password)
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED) == "id_confirm"
    page.keyboard.press("Space")
    page.keyboard.press("Tab")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.url == f"{live_server.url}/settings/deleted/"
    assert page.locator("h1").inner_text() == "Your account is deleted"
    assert page.locator("#confirmation-emailed").is_visible()
    # One email to kim, after what the deletion set going (lee hears that the game ended).
    assert [m.to for m in mail.outbox if "kim@example.com" in m.to] == [["kim@example.com"]]
    assert mail.outbox[-1].to == ["kim@example.com"]
    assert page.locator("a[href='/settings/']").count() == 0  # signed out: the header offers Sign in
    if width == PHONE:
        no_sideways_scroll(page, page.url)
        page.screenshot(path=str(artifacts / "account-deleted-phone.png"), full_page=True)
    # The way on is reachable with the keyboard.
    tab_to(page, "/")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_pages_after_a_deletion_pass_axe(live_server, logged_in_page, new_page, make_user, scheme):
    kim, lee = make_user("kim"), make_user("lee")
    relations.follow(lee, kim)
    page = logged_in_page(kim)
    page.emulate_media(color_scheme=scheme)
    page.goto(f"{live_server.url}/settings/")
    page.fill("#id_password", kim.raw_password)
    page.check("#id_confirm")
    with page.expect_navigation():
        page.click("form[action='/settings/delete/'] button[type=submit]")
    assert page.url.endswith("/settings/deleted/")
    assert axe_violations(page) == []

    # The deleted player's profile, as lee (who followed kim) and as a visitor.
    kim.refresh_from_db()
    profile_url = f"{live_server.url}/players/{kim.username}/"
    for viewer in (logged_in_page(lee), new_page()):
        viewer.emulate_media(color_scheme=scheme)
        response = viewer.goto(profile_url)
        assert response.status == 410
        assert viewer.locator("h1").inner_text() == "Deleted player"
        assert axe_violations(viewer) == []


def test_the_deleted_player_s_profile_offers_nothing_and_fits_a_phone(live_server, logged_in_page, make_user):
    kim, lee = make_user("kim"), make_user("lee")
    relations.follow(lee, kim)
    services.erase_account(kim)
    page = logged_in_page(lee, width=PHONE, height=800)
    url = f"{live_server.url}/players/{kim.username}/"
    assert page.goto(url).status == 410
    assert page.locator("h1").inner_text() == "Deleted player"
    no_sideways_scroll(page, url)
    # Nothing to do against them: the one thing to focus in the page's content is the way home.
    assert focusable_in_main(page) == ["/"]
    for word in ("Follow", "Write to", "Block", "Report", "Mute"):
        assert page.get_by_role("button", name=word).count() == 0
        assert page.get_by_role("link", name=word).count() == 0
