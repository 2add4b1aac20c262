"""Private messages as one reader may see them: never a message the staff hid, and never a message
withheld from them (sent while they had blocked its sender); their own messages always."""

from django.contrib.auth import get_user_model
from django.db.models import Count, IntegerField, OuterRef, Q, Subquery, Value
from django.db.models.functions import Coalesce

from .models import Conversation, DirectMessage, Participant

SHOWN = 200  # messages on a conversation's page and in the API's answer (older ones: ?before=<id>)


def visible_to(user_id):
    """A filter for the DirectMessages ``user_id`` may read (within their conversations)."""
    return Q(hidden=False) & (Q(withheld=False) | Q(sender_id=user_id))


def _visible_in(conversation_ref, user_id):
    return DirectMessage.objects.filter(visible_to(user_id), conversation_id=conversation_ref)


def _unread_subquery(user_id):
    unread = (
        _visible_in(OuterRef("conversation_id"), user_id)
        .exclude(sender_id=user_id)
        .filter(id__gt=OuterRef("last_read_id"))
        .values("conversation_id")
        .annotate(n=Count("id"))
        .values("n")
    )
    return Coalesce(Subquery(unread, output_field=IntegerField()), Value(0))


def conversation_rows(user):
    """``user``'s conversations with at least one message they may read, the newest first, each
    annotated with ``last_id`` (the newest such message) and ``unread``."""
    newest = _visible_in(OuterRef("conversation_id"), user.pk).order_by("-id").values("id")[:1]
    return (
        Participant.objects.filter(user_id=user.pk)
        .annotate(last_id=Subquery(newest), unread=_unread_subquery(user.pk))
        .filter(last_id__isnull=False)
        .order_by("-last_id")
    )


def describe(rows, user):
    """The rows of ``conversation_rows`` (a page of them) as the list shows them: the other player, the
    newest message, the unread count. Three queries whatever the number of rows."""
    rows = list(rows)
    last = DirectMessage.objects.in_bulk([r.last_id for r in rows])
    others = dict(
        Participant.objects.filter(conversation_id__in=[r.conversation_id for r in rows])
        .exclude(user_id=user.pk)
        .values_list("conversation_id", "user_id")
    )
    users = get_user_model().objects.in_bulk(set(others.values()))
    return [
        {
            "id": r.conversation_id,
            "other": users.get(others.get(r.conversation_id)),
            "last": last.get(r.last_id),
            "unread": r.unread,
        }
        for r in rows
    ]


def unread_count(user):
    """Messages ``user`` has not read, over all their conversations (the header's badge)."""
    if user is None or not user.is_authenticated:
        return 0
    read_upto = Participant.objects.filter(conversation_id=OuterRef("conversation_id"), user_id=user.pk).values(
        "last_read_id"
    )
    return (
        DirectMessage.objects.filter(visible_to(user.pk), conversation__participants__user_id=user.pk)
        .exclude(sender_id=user.pk)
        .filter(id__gt=Subquery(read_upto))
        .count()
    )


def other_participant(conversation, user):
    row = Participant.objects.select_related("user").filter(conversation=conversation).exclude(user_id=user.pk).first()
    return row.user if row is not None else None


def last_read_id(conversation, user):
    return (
        Participant.objects.filter(conversation=conversation, user_id=user.pk)
        .values_list("last_read_id", flat=True)
        .first()
        or 0
    )


def messages_of(conversation, user, before=None, limit=SHOWN):
    """The newest ``limit`` messages ``user`` may read (older than ``before``), oldest first, and whether
    older ones exist."""
    rows = DirectMessage.objects.filter(visible_to(user.pk), conversation=conversation).select_related("sender")
    if before is not None:
        rows = rows.filter(id__lt=before)
    newest = list(rows.order_by("-id")[: limit + 1])
    return list(reversed(newest[:limit])), len(newest) > limit


def newer_than(conversation, user, after, limit=SHOWN):
    """The messages ``user`` may read that are newer than ``after``, oldest first (at most ``limit``)."""
    rows = DirectMessage.objects.filter(visible_to(user.pk), conversation=conversation, id__gt=after)
    return list(rows.select_related("sender").order_by("id")[:limit])


def conversation_with(user, other):
    """The conversation of ``user`` and ``other``, or None."""
    return Conversation.objects.filter(pair=Conversation.pair_of(user.pk, other.pk)).first()
