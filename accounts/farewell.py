"""What a player is told once their account is deleted: the page shown after the deletion, and one email to
the address the account had, saying what was erased and what stays, in the player's language.

The email is the account's last. Everything it needs (the address, the language, the time zone) is read
before the erasure empties it (``before_erasure``); it is sent after the deletion's transaction commits
(``send``, through ``transaction.on_commit``), so a deletion that rolls back sends nothing. Nothing can
follow it: the erasure deletes the account's addresses and every email still waiting in the outbox, and
the outbox sends only to a confirmed address of an account, which a deleted account no longer has.

It names nothing but the site: not the username, the display name, a game or another player (whoever
reads the mailbox later learns only that an account there was deleted, and when). It goes only to an
address the player confirmed, as every email of the site does: an address typed at sign-up and never
confirmed may be someone else's.
"""

import logging
import zoneinfo
from dataclasses import dataclass

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from guildhall_site import dates

from .addresses import address_of
from .models import profile_for

logger = logging.getLogger(__name__)

# What the page and the email say, one list each (accounts.privacy and the apps' privacy modules do it).
ERASED = [
    gettext_lazy("Your email addresses, your names and your display name."),
    gettext_lazy("Your profile and settings, your API tokens, your sessions on every device and your push "
                 "subscriptions."),
    gettext_lazy("Your notes, the players you followed, blocked or muted, and every email and notification "
                 "that was still waiting for you."),
    gettext_lazy("What you wrote in table chats and private messages now reads “deleted”, and the reports you "
                 "made keep no comment."),
]
KEPT = [
    gettext_lazy("Your finished games, ratings and tournament results, so that the other players' games still "
                 "replay and their ratings still add up. They show the name “deleted player” and a number, "
                 "which nothing on the site links to you."),
    gettext_lazy("Reports about the account and the staff's decisions, as the site's record."),
]


@dataclass(frozen=True)
class Farewell:
    """Where and how to tell the player: read before the erasure empties the account."""

    address: str
    language: str
    time_zone: str


def before_erasure(user):
    """A Farewell for ``user``, or None when the account has no confirmed address to write to (the rule of
    every email of the site: accounts.addresses.address_of)."""
    address = address_of(user)
    if address is None:
        return None
    profile = profile_for(user)
    return Farewell(address=address, language=profile.language or settings.LANGUAGE_CODE,
                    time_zone=profile.time_zone or "UTC")


def message(farewell, deleted_at):
    """The email (not sent) for ``farewell``, the account having been deleted at ``deleted_at``."""
    try:
        zone = zoneinfo.ZoneInfo(farewell.time_zone)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        zone = zoneinfo.ZoneInfo("UTC")
    with translation.override(farewell.language):
        context = {
            "site_name": settings.SITE_NAME,
            "site_url": settings.SITE_URL,
            "privacy_url": settings.SITE_URL + reverse("guide:privacy"),
            "date": dates.words(deleted_at, "date", tz=zone),
            "erased": [str(line) for line in ERASED],
            "kept": [str(line) for line in KEPT],
            "LANGUAGE_CODE": translation.get_language(),
        }
        subject = settings.ACCOUNT_EMAIL_SUBJECT_PREFIX + _("Your account is deleted")
        text = render_to_string("accounts/email/account_deleted.txt", context)
        html = render_to_string("accounts/email/account_deleted.html", context)
    email = EmailMultiAlternatives(
        subject=subject,
        body=text,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[farewell.address],
        headers={"Auto-Submitted": "auto-generated"},
    )
    email.attach_alternative(html, "text/html")
    return email


def send(farewell, deleted_at, user_id):
    """Send the confirmation (after the deletion's commit). The deletion is done whatever happens here: a
    mail server that refuses is logged by the account's number and the error's kind only (an SMTP error's
    text may hold the address, which no log line of the site carries)."""
    try:
        message(farewell, deleted_at).send()
    except Exception as exc:  # noqa: BLE001 - any failure of the mail server; the deletion stands
        logger.warning("the confirmation of the deletion of account %s was not sent (%s)", user_id,
                       type(exc).__name__)
