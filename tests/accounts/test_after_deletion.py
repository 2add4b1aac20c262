"""What a player meets once they delete their account: the page that says what became of it, one email that
confirms it (the account's last, in their language, naming nothing but the site), and a profile that says
the player is gone and offers nothing to do against them. What goes with the account: every session and
API token, every email that was still waiting."""

import datetime
import re

import pytest
from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.contrib.sessions.models import Session
from django.core import mail
from django.test import Client, TestCase
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext

from accounts import farewell, personal_data, services
from accounts.models import ApiToken, profile_for
from games.notifications import delivery
from games.notifications.models import Notification
from social.conversations import services as conversations
from social.conversations import tasks as conversation_tasks
from social.relations import services as relations

from .privacy_world import build

pytestmark = pytest.mark.django_db

PASSWORD = "pw-not-secret-123"
ADDRESS = "alice.x7q@example.org"


@pytest.fixture
def world(make_user):
    return build(make_user)


def _to(address):
    return [m for m in mail.outbox if address in m.to]


def _deliver_everything_pending():
    """What the outbox's worker would do later: send every row still pending, whenever it was due."""
    Notification.objects.filter(status=Notification.Status.PENDING).update(
        due_at=timezone.now() - datetime.timedelta(seconds=1)
    )
    for pk in Notification.objects.filter(status=Notification.Status.PENDING).values_list("pk", flat=True):
        delivery.deliver(pk)
    conversation_tasks.announce_missed_task()


# --- the page after the deletion ------------------------------------------------------------------------------


def test_the_settings_page_s_deletion_ends_on_a_page_that_says_what_became_of_the_account(world):
    client = Client()
    client.force_login(world.alice)
    done = client.post("/settings/delete/", {"password": PASSWORD, "confirm": "on"})
    assert done.status_code == 302 and done["Location"] == reverse("account_deleted")
    page = client.get(done["Location"])
    html = page.content.decode()
    assert page.status_code == 200
    assert "Your account is deleted" in html and 'id="confirmation-emailed"' in html
    for line in [*farewell.ERASED, *farewell.KEPT]:
        assert str(line).replace("'", "&#x27;") in html
    assert 'name="robots" content="noindex"' in html
    # It names nothing of the account.
    for secret in ("alice_x7q", "Queen Alicia", ADDRESS, f"deleted player {world.alice.pk}"):
        assert secret not in html
    assert client.get("/settings/").status_code == 302  # signed out


def test_the_page_after_the_deletion_is_only_for_the_browser_that_deleted(client):
    response = client.get(reverse("account_deleted"))
    assert response.status_code == 302 and response["Location"] == reverse("home")


def test_the_page_after_the_deletion_is_in_the_player_s_language(world):
    profile = profile_for(world.alice)
    profile.language = "de"
    profile.save()
    client = Client()
    client.force_login(world.alice)
    done = client.post("/settings/delete/", {"password": PASSWORD, "confirm": "on"}, HTTP_ACCEPT_LANGUAGE="en")
    assert done.cookies[settings.LANGUAGE_COOKIE_NAME].value == "de"
    page = client.get(done["Location"], HTTP_ACCEPT_LANGUAGE="en")
    assert '<html lang="de">' in page.content.decode()


def test_without_a_confirmed_address_no_email_is_promised_nor_sent(make_user):
    unconfirmed = make_user("unconfirmed", verified=False)
    client = Client()
    client.force_login(unconfirmed)
    done = client.post("/settings/delete/", {"password": PASSWORD, "confirm": "on"})
    page = client.get(done["Location"]).content.decode()
    assert "Your account is deleted" in page and 'id="confirmation-emailed"' not in page
    assert _to("unconfirmed@example.com") == []


# --- the email ------------------------------------------------------------------------------------------------


def test_one_email_confirms_the_deletion_once_it_is_committed(world):
    mail.outbox.clear()
    with TestCase.captureOnCommitCallbacks(execute=False) as callbacks:
        services.delete_account(world.alice, PASSWORD)
        assert _to(ADDRESS) == []  # nothing while the deletion may still roll back
    for callback in callbacks:
        callback()
    sent = _to(ADDRESS)
    assert len(sent) == 1
    email = sent[0]
    assert email.subject == settings.ACCOUNT_EMAIL_SUBJECT_PREFIX + "Your account is deleted"
    html = email.alternatives[0][0]
    for line in [*farewell.ERASED, *farewell.KEPT]:
        assert str(line) in email.body
        assert str(line).replace("'", "&#x27;") in html
    assert timezone.localdate().strftime("%Y") in email.body  # the date of the deletion
    assert email.extra_headers["Auto-Submitted"] == "auto-generated"


def test_the_email_names_nothing_but_the_site(world):
    mail.outbox.clear()
    with TestCase.captureOnCommitCallbacks(execute=True):
        services.delete_account(world.alice, PASSWORD)
    (email,) = _to(ADDRESS)
    html = email.alternatives[0][0]
    whole = email.subject + email.body + html
    others = [world.bob.username, world.carol.username, world.dave.username, "mod_x7q"]
    for secret in [*world.secrets.values(), *others, f"deleted player {world.alice.pk}", world.raw_token]:
        if secret != ADDRESS:
            assert secret not in whole, secret
    assert email.to == [ADDRESS] and not email.cc and not email.bcc
    # Its only links: the site and its privacy page (no game, no profile, no key).
    links = set(re.findall(r"https?://[^\s\"<>]+", whole))
    assert links == {settings.SITE_URL, settings.SITE_URL + reverse("guide:privacy")}


def test_the_email_is_in_the_player_s_language_and_time_zone(world):
    profile = profile_for(world.alice)
    profile.language, profile.time_zone = "de", "Pacific/Kiritimati"  # UTC+14: often already tomorrow
    profile.save()
    mail.outbox.clear()
    with translation.override("en"), TestCase.captureOnCommitCallbacks(execute=True):
        services.delete_account(world.alice, PASSWORD)
    (email,) = _to(ADDRESS)
    with translation.override("de"):
        assert email.subject == settings.ACCOUNT_EMAIL_SUBJECT_PREFIX + gettext("Your account is deleted")
        erased = [str(line) for line in farewell.ERASED]
        from django.utils import formats

        world.alice.refresh_from_db()
        there = timezone.localtime(world.alice.deleted_at, datetime.timezone(datetime.timedelta(hours=14)))
        date = formats.date_format(there, "DATE_FORMAT")
    assert all(line in email.body for line in erased)
    assert date in email.body
    assert '<html lang="de">' in email.alternatives[0][0]


def test_the_confirmation_is_the_last_email_the_address_gets(world):
    """Emails still waiting for her (a digest, a message's announcement that a worker lost) and what the
    deletion itself sets going (the games she resigned end, the bots move) send her nothing after it."""
    conversations.send(world.carol, world.alice, "are you still there?")  # its announcement never ran
    assert Notification.objects.filter(user=world.alice, status=Notification.Status.PENDING).exists()
    mail.outbox.clear()
    with TestCase.captureOnCommitCallbacks(execute=True):
        services.delete_account(world.alice, PASSWORD)
    _deliver_everything_pending()
    sent = _to(ADDRESS)
    assert [m.subject for m in sent] == [settings.ACCOUNT_EMAIL_SUBJECT_PREFIX + "Your account is deleted"]
    assert not Notification.objects.filter(user=world.alice, status=Notification.Status.PENDING).exists()


def test_a_deletion_that_rolls_back_sends_nothing(world, monkeypatch):
    analysis_privacy = dict(personal_data.modules())["analysis"]

    def fails(user):
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(analysis_privacy, "erase", fails)
    mail.outbox.clear()
    with TestCase.captureOnCommitCallbacks(execute=True), pytest.raises(RuntimeError):
        services.delete_account(world.alice, PASSWORD)
    assert _to(ADDRESS) == []


def test_the_api_and_the_operator_s_command_confirm_it_too(make_user, api_client_for):
    from django.core.management import call_command

    by_api = make_user("by_api")
    make_user("by_operator")
    mail.outbox.clear()
    with TestCase.captureOnCommitCallbacks(execute=True):
        assert api_client_for(by_api).delete("/api/v1/me/", {"password": PASSWORD}, format="json").status_code == 204
    with TestCase.captureOnCommitCallbacks(execute=True):
        call_command("erase_account", "by_operator")
    assert len(_to("by_api@example.com")) == 1 and len(_to("by_operator@example.com")) == 1


def test_a_mail_server_that_refuses_leaves_the_deletion_done_and_logs_no_address(make_user, settings, caplog):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_TIMEOUT = "127.0.0.1", 9, 2  # nothing listens
    user = make_user("mailless")
    client = Client()
    client.force_login(user)
    with TestCase.captureOnCommitCallbacks(execute=True):
        done = client.post("/settings/delete/", {"password": PASSWORD, "confirm": "on"})
    assert done.status_code == 302
    user.refresh_from_db()
    assert user.deleted_at is not None
    assert "was not sent" in caplog.text and "mailless@example.com" not in caplog.text


# --- the deleted player's profile -----------------------------------------------------------------------------


def test_a_deleted_player_s_profile_says_so_and_offers_nothing_to_do(world):
    relations.follow(world.bob, world.alice)  # bob followed her: the relation goes with her
    alice_pk = world.alice.pk
    services.delete_account(world.alice, PASSWORD)
    url = reverse("public_profile", args=[f"deleted player {alice_pk}"])
    bob = Client()
    bob.force_login(world.bob)
    for viewer in (Client(), bob):
        page = viewer.get(url)
        html = page.content.decode()
        assert page.status_code == 410  # gone for good: a crawler drops the address, a visitor reads why
        assert "Deleted player" in html and "This player deleted their account." in html
        assert 'name="robots" content="noindex"' in html
        main = html.split('<main id="main"', 1)[1]
        for action in ("/follow/", "/unfollow/", "/block/", "/mute/", "/report/", "/messages/to/", "<form"):
            assert action not in main, action
        for secret in ("alice_x7q", "Queen Alicia", ADDRESS):
            assert secret not in html


def test_a_suspended_or_unknown_player_s_profile_is_not_found(make_user, client):
    make_user("suspended", is_active=False)
    assert client.get(reverse("public_profile", args=["suspended"])).status_code == 404
    assert client.get(reverse("public_profile", args=["nobody"])).status_code == 404


# --- what goes with the account -------------------------------------------------------------------------------


def test_every_session_and_api_token_goes_with_the_account(world, make_user):
    laptop, phone, bobs = Client(), Client(), Client()
    laptop.force_login(world.alice)
    phone.force_login(world.alice)
    bobs.force_login(world.bob)
    assert ApiToken.objects.filter(user=world.alice).exists()

    def signed_in():
        return sorted(int(s.get_decoded().get(SESSION_KEY, 0)) for s in Session.objects.all())

    assert signed_in() == sorted([world.alice.pk, world.alice.pk, world.bob.pk])
    assert laptop.post("/settings/delete/", {"password": PASSWORD, "confirm": "on"}).status_code == 302
    assert world.alice.pk not in signed_in() and world.bob.pk in signed_in()
    assert phone.get("/settings/").status_code == 302  # the other device is signed out too
    assert not ApiToken.objects.filter(user=world.alice).exists()
    assert Client().get("/api/v1/games/", HTTP_AUTHORIZATION=f"Token {world.raw_token}").status_code == 401
    assert bobs.get("/settings/").status_code == 200  # others stay signed in

