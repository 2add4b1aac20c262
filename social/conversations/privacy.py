"""Personal data of private messages (accounts.personal_data): a player's conversations and read marks, the
messages in them, their choice of emails.

The export lists the conversations they took part in, both sides, as they read them on the site (the other
player by their display name): never a message withheld from them, nor its time (the newest message they
may read dates a conversation), and not whether one of theirs was withheld, which would tell them that the
recipient blocked them. (So a conversation whose every message was withheld from them is left out, its
participant row with it.) On erasure the messages they sent stay in the conversation, their text replaced by
"deleted", so the other side's conversation keeps its order and its replies their context; the
conversation and both participant rows stay for the other side.
"""

from django.db.models import Q

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
        export="messages",
        erase=KEEP,
        why_kept="the other side's conversation keeps its order: the text becomes \"deleted\"",
        cleared={"text": ERASED_TEXT},
    ),
    "conversations.MessagePreference.user": UserField(export="email_choice"),
}


def export(user):
    participant_rows = list(Participant.objects.filter(user=user).order_by("conversation_id"))
    conversation_ids = [row.conversation_id for row in participant_rows]
    others = {
        row.conversation_id: row.user
        for row in Participant.objects.filter(conversation_id__in=conversation_ids)
        .exclude(user=user)
        .select_related("user", "user__profile")
    }
    # Both sides, as the player reads them: never a message withheld from them (nor that one of theirs was
    # withheld: that would tell them of a block), nor one the staff hid from them.
    messages = list(
        DirectMessage.objects.filter(conversation_id__in=conversation_ids)
        .filter(Q(sender=user) | Q(withheld=False, hidden=False))
        .select_related("sender", "sender__profile")
        .order_by("conversation_id", "id")
    )
    shown = {}  # conversation -> the messages they may read, oldest first
    for m in messages:
        shown.setdefault(m.conversation_id, []).append(m)
    # A conversation is dated by the messages they may read: one that holds none (its first message was
    # withheld from them) is not theirs to know of.
    conversations = [
        {
            "participant_id": row.pk,
            "id": row.conversation_id,
            "with": [others[row.conversation_id].public_name()] if row.conversation_id in others else [],
            "started_by_you": shown[row.conversation_id][0].sender_id == user.pk,
            "started_at": shown[row.conversation_id][0].created_at,
            "last_message_at": shown[row.conversation_id][-1].created_at,
            "read_up_to_message": row.last_read_id,
        }
        for row in participant_rows
        if row.conversation_id in shown
    ]
    return {
        "conversations": conversations,
        "messages": [
            {"id": m.pk, "conversation_id": m.conversation_id, "from": "you" if m.sender_id == user.pk else
             m.sender.public_name(), "text": m.text, "sent_at": m.created_at,
             **({"hidden_by_staff": m.hidden} if m.sender_id == user.pk else {})}
            for m in messages
        ],
        "email_choice": [
            {"id": p.pk, "email": p.email} for p in MessagePreference.objects.filter(user=user)
        ],
    }


def erase(user):
    DirectMessage.objects.filter(sender=user).update(text=ERASED_TEXT)
    Conversation.objects.filter(started_by=user).update(started_by=None)
    MessagePreference.objects.filter(user=user).delete()
