"""A new account's settings offer the browser's own time zone (chromium with its zone set to Berlin)."""

from urllib.parse import urlparse

import pytest
from django.conf import settings
from django.test import Client

from accounts.models import profile_for

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_settings_choose_the_browsers_zone_for_a_new_account(browser, live_server, make_user):
    user = make_user("berliner")
    client = Client()
    client.force_login(user)
    context = browser.new_context(timezone_id="Europe/Berlin", locale="en-GB")
    try:
        session = client.cookies[settings.SESSION_COOKIE_NAME].value
        host = urlparse(live_server.url).hostname
        context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": session, "domain": host, "path": "/"}])
        page = context.new_page()
        page.goto(f"{live_server.url}/settings/")
        assert page.locator("#id_time_zone").input_value() == "Europe/Berlin"
        assert "save to keep it" in page.locator("#time-zone-guess").inner_text()
        assert profile_for(user).time_zone == "UTC"  # nothing saved until the player saves
        with page.expect_navigation():
            page.locator("#id_time_zone").evaluate("select => select.form.requestSubmit()")
        user.refresh_from_db()
        assert profile_for(type(user).objects.get(pk=user.pk)).time_zone == "Europe/Berlin"
    finally:
        context.close()
