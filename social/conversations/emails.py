"""The content of the private-message emails, for the outbox to send (it owns delivery: exactly once,
to confirmed addresses, in the recipient's language; docs/social.md says what it must offer).

``new_message_email(recipient, conversation_id)``: the email for one conversation's unread messages, read
again at send time: None when nothing is left unread (read meanwhile, hidden by the staff), so a late
delivery sends nothing stale. ``digest_lines(recipient, since)``: one line per conversation with
messages unread since ``since``, for the daily digest. Quoted text is escaped in the HTML part by the
template engine; the text part is text/plain.

The outbox (games.notifications) calls them through what apps.py registers: ``build_for_outbox`` (kind
"message", one row per message that owes an email: receivers.py), ``digest_for_outbox`` (the digest's
section), ``wants_email_at_once`` and ``stop_emails`` (the preference, read at send time; the one-click
unsubscribe sets it to never).
"""

from django.conf import settings
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import ngettext

from .announce import email_choice
from .models import DirectMessage, MessagePreference, Participant
from .selectors import visible_to
from .services import set_email_choice

QUOTED = 5  # unread messages quoted in one email (the newest); the count says how many in all


def _unread(conversation_id, recipient, since=None):
    row = Participant.objects.filter(conversation_id=conversation_id, user_id=recipient.pk).first()
    if row is None:
        return DirectMessage.objects.none()
    rows = DirectMessage.objects.filter(visible_to(recipient.pk), conversation_id=conversation_id).exclude(
        sender_id=recipient.pk
    )
    rows = rows.filter(id__gt=row.last_read_id)
    if since is not None:
        rows = rows.filter(created_at__gte=since)
    return rows


def new_message_email(recipient, conversation_id, site_url=""):
    """{"subject", "text", "html"} for ``recipient``'s unread messages in ``conversation_id``, or None."""
    rows = _unread(conversation_id, recipient).select_related("sender").order_by("-id")
    newest = list(rows[:QUOTED])
    if not newest:
        return None
    total = rows.count()
    sender = newest[0].sender
    context = {
        "recipient": recipient,
        "sender": sender,
        "quoted": list(reversed(newest)),
        "more": total - len(newest),
        "url": site_url + reverse("conversations:conversation", args=[conversation_id]),
        "settings_url": site_url + reverse("conversations:inbox") + "#email-preference",
    }
    subject = ngettext(
        "%(name)s sent you %(n)d private message", "%(name)s sent you %(n)d private messages", total
    ) % {"name": sender.username, "n": total}
    return {
        "subject": subject,
        "text": render_to_string("conversations/email_new_message.txt", context),
        "html": render_to_string("conversations/email_new_message.html", context),
    }


def digest_lines(recipient, since, site_url=""):
    """For the daily digest: [(line, url)] per conversation with messages unread since ``since``."""
    lines = []
    for row in Participant.objects.filter(user_id=recipient.pk).order_by("-conversation__last_message_at"):
        rows = _unread(row.conversation_id, recipient, since).select_related("sender").order_by("-id")
        newest = rows.first()
        if newest is None:
            continue
        count = rows.count()
        line = ngettext(
            "%(name)s: %(n)d unread private message", "%(name)s: %(n)d unread private messages", count
        ) % {"name": newest.sender.username, "n": count}
        lines.append((line, site_url + reverse("conversations:conversation", args=[row.conversation_id])))
    return lines


# --- for the outbox (registered in apps.py) ---------------------------------------------------------


def wants_email_at_once(user, prefs):
    return email_choice(user) == MessagePreference.IMMEDIATE


def stop_emails(user):
    set_email_choice(user, MessagePreference.NEVER)


def build_for_outbox(n, user, prefs, now):
    """The email of outbox row ``n`` (its ``data``: the conversation), or None once nothing is unread."""
    conversation_id = (n.data or {}).get("conversation")
    if not isinstance(conversation_id, int):
        return None
    return new_message_email(user, conversation_id, settings.SITE_URL.rstrip("/"))


def digest_for_outbox(user, since):
    """The digest's lines for a player who reads of new messages there."""
    if email_choice(user) != MessagePreference.DIGEST:
        return []
    return digest_lines(user, since, settings.SITE_URL.rstrip("/"))
