"""What a new private message sets going, in the transaction that stores it (``services.message_sent``):
the email through the site's outbox (games.notifications: written with the message, sent after its
commit, once), and, after the commit, the recipient's header (games.live: the unread count).

A withheld message (its recipient had blocked the sender) sends no signal: no email, no badge."""

from django.db import transaction
from django.dispatch import receiver

from games.live import publish
from games.notifications import outbox

from .announce import message_sent
from .models import DirectMessage, MessagePreference

EMAIL_KIND = "message"


def email_key(message):
    """One email per message that owes one (the first unread of a run): the outbox writes it once."""
    return f"{message.conversation_id}:{message.pk}"


@receiver(message_sent, sender=DirectMessage, dispatch_uid="conversations_message_email")
def message_email(sender, message, recipient_id, email, **kwargs):
    if email == MessagePreference.IMMEDIATE:
        outbox.enqueue(EMAIL_KIND, recipient_id, email_key(message), data={"conversation": message.conversation_id})
    elif email == MessagePreference.DIGEST:
        outbox.schedule_digest(recipient_id)


@receiver(message_sent, sender=DirectMessage, dispatch_uid="conversations_message_badge")
def message_badge(sender, message, recipient_id, **kwargs):
    transaction.on_commit(lambda: publish.badge_changed([recipient_id]))
