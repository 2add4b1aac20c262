"""Personal data of the table chat (accounts.personal_data): the lines a player wrote, their notes.

A line they wrote stays where it was, its text replaced by "deleted": the others' chat keeps its order and
the replay its steps, and a report of it keeps its place in the moderation queue (what the staff acted on
is quoted in the moderation log, which keeps it). Mutes are social.relations'; the previous release's
table of them (``Mute``, kept in step for one release) goes both ways like them.
"""

from accounts.personal_data import ERASED_TEXT, KEEP, UserField

from .models import Message, Mute, Note

_COPY = "a copy of the mutes in social.relations (exported there), kept for the previous release"

USER_FIELDS = {
    "chat.Message.author": UserField(
        export="messages_written",
        erase=KEEP,
        why_kept="the others' chat keeps its order (and the replay its steps): the text becomes \"deleted\"",
        cleared={"text": ERASED_TEXT},
    ),
    "chat.Mute.user": UserField(not_exported=_COPY),
    "chat.Mute.muted": UserField(not_exported=_COPY),
    "chat.Note.user": UserField(export="notes"),
}


def export(user):
    return {
        "messages_written": [
            {"id": m.pk, "game_id": m.game_id, "seq": m.seq, "text": m.text, "written_at": m.created_at,
             "hidden_by_staff": m.hidden}
            for m in Message.objects.filter(author=user).order_by("pk")
        ],
        "notes": [
            {"id": n.pk, "game_id": n.game_id, "text": n.text, "updated_at": n.updated_at}
            for n in Note.objects.filter(user=user).order_by("pk")
        ],
    }


def erase(user):
    Message.objects.filter(author=user).update(text=ERASED_TEXT)
    Mute.objects.filter(user=user).delete()
    Mute.objects.filter(muted=user).delete()
    Note.objects.filter(user=user).delete()
