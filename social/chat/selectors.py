"""The chat as one reader may see it: messages staff hid and messages of players the reader muted or
blocked are left out, for the table, the replay and the emails alike."""

from django.conf import settings
from django.db.models import OuterRef, Subquery

from games.models import LogEntry
from social.relations.selectors import unread_filter

from .models import Message, Note


def visible_messages(game_id, reader_id=None):
    """Messages of ``game_id`` that ``reader_id`` (None: signed out) may see, oldest first."""
    rows = Message.objects.filter(game_id=game_id, hidden=False).select_related("author")
    if reader_id is not None:
        rows = rows.filter(unread_filter(reader_id, "author"))
    return rows.order_by("id")


def latest_messages(game_id, reader_id, limit=None):
    """The newest ``limit`` visible messages (``CHAT_SHOWN``), oldest first, and whether older ones exist."""
    limit = limit or settings.CHAT_SHOWN
    newest = list(visible_messages(game_id, reader_id).order_by("-id")[: limit + 1])
    return list(reversed(newest[:limit])), len(newest) > limit


def messages_upto(game_id, reader_id, seq):
    """The chat as it stood once the log had ``seq`` entries (the replay at step ``seq``)."""
    return list(visible_messages(game_id, reader_id).filter(seq__lte=seq))


def newest_message_id():
    """The id of the newest message of the game in the outer query (``Game.objects.annotate``)."""
    newest = Message.objects.filter(game_id=OuterRef("pk")).order_by("-id").values("id")[:1]
    return Subquery(newest)


def last_message_id(game_id):
    """The id of the game's newest message (hidden or not), 0 for none: what the panel's poll compares."""
    return Message.objects.filter(game_id=game_id).order_by("-id").values_list("id", flat=True).first() or 0


def since_last_turn(game, user_id, seat, limit):
    """What the other players wrote since ``user_id`` (at engine ``seat``) last decided, as the emails
    quote it: ([Message, ...] oldest first, number of earlier ones left out)."""
    last_own = (
        LogEntry.objects.filter(game_id=game.pk, seat=seat).order_by("-seq").values_list("seq", flat=True).first()
        if seat is not None
        else None
    ) or 0
    rows = visible_messages(game.pk, user_id).filter(seq__gte=last_own).exclude(author_id=user_id)
    newest = list(rows.order_by("-id")[: limit + 1])
    skipped = 0
    if len(newest) > limit:
        skipped = rows.count() - limit
        newest = newest[:limit]
    return list(reversed(newest)), skipped


def note_text(game_id, user_id):
    return Note.objects.filter(game_id=game_id, user_id=user_id).values_list("text", flat=True).first() or ""
