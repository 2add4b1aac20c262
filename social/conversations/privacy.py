"""Personal data of private messages (accounts.personal_data): a player's conversations and read marks, the
messages they sent, their choice of emails.

The export lists the messages they sent (not the ones they received: those are their writers' data, and
each reads them on the site) and leaves out whether a message was withheld, which would tell them that the
recipient blocked them. On erasure the messages they sent stay in the conversation, their text replaced by
"deleted", so the other side's conversation keeps its order and its replies their context; the
conversation and both participant rows stay for the other side.
"""

from django.db.models import Prefetch

from accounts.personal_data import ERASED_TEXT, KEEP, UserField

from .models import Conversation, DirectMessage, MessagePreference, Participant

USER_FIELDS = {
    "conversations.Participant.user": UserField(
        export="conversations",
        id_key="participant_id",
        erase=KEEP,
        why_kept="the other side's conversation stays as it was, with the anonymised account in it",
    ),
    "conversations.Conversation.started_by": UserField(export="conversations"),
    "conversations.DirectMessage.sender": UserField(
        export="messages_sent",
        erase=KEEP,
        why_kept="the other side's conversation keeps its order: the text becomes \"deleted\"",
        cleared={"text": ERASED_TEXT},
    ),
    "conversations.MessagePreference.user": UserField(export="email_choice"),
}


def export(user):
    rows = (
        Participant.objects.filter(user=user)
        .select_related("conversation")
        .prefetch_related(
            Prefetch(
                "conversation__participants",
                queryset=Participant.objects.exclude(user=user).select_related("user"),
                to_attr="others",
            )
        )
        .order_by("conversation_id")
    )
    conversations = []
    for row in rows:
        conversation = row.conversation
        conversations.append(
            {
                "participant_id": row.pk,
                "id": conversation.pk,
                "with": [other.user.username for other in conversation.others],
                "started_by_you": conversation.started_by_id == user.pk,
                "started_at": conversation.created_at,
                "last_message_at": conversation.last_message_at,
                "read_up_to_message": row.last_read_id,
            }
        )
    recipients = {c["id"]: c["with"] for c in conversations}
    return {
        "conversations": conversations,
        "messages_sent": [
            {"id": m.pk, "conversation_id": m.conversation_id, "to": recipients.get(m.conversation_id, []),
             "text": m.text, "sent_at": m.created_at, "hidden_by_staff": m.hidden}
            for m in DirectMessage.objects.filter(sender=user).order_by("pk")
        ],
        "email_choice": [
            {"id": p.pk, "email": p.email} for p in MessagePreference.objects.filter(user=user)
        ],
    }


def erase(user):
    DirectMessage.objects.filter(sender=user).update(text=ERASED_TEXT)
    Conversation.objects.filter(started_by=user).update(started_by=None)
    MessagePreference.objects.filter(user=user).delete()
