"""What a private message sets going once it is stored, decided in a worker (services.send explains why:
sending takes the same time whoever the recipient is), and the recipient's choice of emails that it reads.

``announce(message_id)`` runs once per message (``DirectMessage.announced``): the task after the
message's commit, or beat's ``announce_missed`` for a message whose task was lost. A withheld message (its
recipient had blocked the sender) or one the staff hid sets nothing going: no email, no badge.
"""

import datetime

from django.db import transaction
from django.dispatch import Signal
from django.utils import timezone

from .models import DirectMessage, MessagePreference, Participant

# Sent in the transaction of ``announce``: sender=DirectMessage, message=..., recipient_id=...,
# email=None|"immediate"|"digest".
message_sent = Signal()

# A message not announced this long after it was sent lost its task: beat's announce_missed does it.
ANNOUNCE_GRACE = datetime.timedelta(minutes=1)


def announce(message_id):
    """What message ``message_id`` sets going, once (the task after the message's commit, or beat's
    ``announce_missed``): nothing for a withheld or hidden message; otherwise ``message_sent`` in this
    transaction, with the email owed to the recipient."""
    with transaction.atomic():
        message = DirectMessage.objects.select_for_update().filter(pk=message_id, announced=False).first()
        if message is None:  # announced already (or gone)
            return False
        DirectMessage.objects.filter(pk=message.pk).update(announced=True)
        if message.withheld or message.hidden:
            return False
        recipient = (
            Participant.objects.select_related("user")
            .filter(conversation_id=message.conversation_id)
            .exclude(user_id=message.sender_id)
            .first()
        )
        if recipient is None or not recipient.user.is_active:
            return False
        had_unread = _unread_rows(message.conversation_id, recipient.user_id).filter(id__lt=message.pk).exists()
        email = _email_owed(recipient.user, had_unread)
        message_sent.send(DirectMessage, message=message, recipient_id=recipient.user_id, email=email)
    return True


def announce_missed(older_than=ANNOUNCE_GRACE, limit_rows=500):
    """Announce the messages whose task was lost (sent more than ``older_than`` ago, still not announced).
    Returns how many it announced."""
    due = timezone.now() - older_than
    ids = list(
        DirectMessage.objects.filter(announced=False, created_at__lt=due).order_by("id").values_list("id", flat=True)[
            :limit_rows
        ]
    )
    return sum(1 for message_id in ids if announce(message_id))


def _unread_rows(conversation_id, user_id):
    read_upto = Participant.objects.filter(conversation_id=conversation_id, user_id=user_id).values("last_read_id")
    return DirectMessage.objects.filter(
        conversation_id=conversation_id, withheld=False, hidden=False, id__gt=read_upto
    ).exclude(sender_id=user_id)


def _email_owed(user, had_unread):
    """One email per run of unread messages: at once for the first, none for the ones after it."""
    choice = email_choice(user)
    if choice == MessagePreference.NEVER or not user.email:
        return None
    if choice == MessagePreference.DIGEST:
        return MessagePreference.DIGEST
    return None if had_unread else MessagePreference.IMMEDIATE


def email_choice(user):
    return (
        MessagePreference.objects.filter(user_id=user.pk).values_list("email", flat=True).first()
        or MessagePreference.IMMEDIATE
    )


