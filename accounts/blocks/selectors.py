"""The public side of blocking, which other features ask before they let one player reach another.

Every function takes users or user ids. None of them may be used to tell a player that someone blocked
them: a feature that finds ``blocks(invitee, inviter)`` true lets the inviter's action seem to succeed and
keeps it from the blocker.
"""

from django.db.models import Q

from .models import Block

SHOWN = 500  # blocks listed on the settings page and by the API (nobody blocks that many in good faith)


def _id(user):
    return getattr(user, "pk", user)


def blocks(blocker, other):
    """Whether ``blocker`` has blocked ``other``."""
    blocker_id, other_id = _id(blocker), _id(other)
    if blocker_id is None or other_id is None or blocker_id == other_id:
        return False
    return Block.objects.filter(blocker_id=blocker_id, blocked_id=other_id).exists()


def either_blocks(a, b):
    """Whether one of the two players blocked the other (seating keeps such players apart)."""
    a_id, b_id = _id(a), _id(b)
    if a_id is None or b_id is None or a_id == b_id:
        return False
    return Block.objects.filter(Q(blocker_id=a_id, blocked_id=b_id) | Q(blocker_id=b_id, blocked_id=a_id)).exists()


def blocked_ids(user):
    """Ids of the players ``user`` blocked."""
    return set(Block.objects.filter(blocker_id=_id(user)).values_list("blocked_id", flat=True))


def blocker_ids(user):
    """Ids of the players who blocked ``user``: for enforcement only, never to be shown to ``user``."""
    return set(Block.objects.filter(blocked_id=_id(user)).values_list("blocker_id", flat=True))


def kept_apart_ids(user):
    """Ids of every player ``user`` blocked or was blocked by (whom open-game seating keeps away)."""
    rows = Block.objects.filter(Q(blocker_id=_id(user)) | Q(blocked_id=_id(user)))
    rows = rows.values_list("blocker_id", "blocked_id")
    return {other for pair in rows for other in pair} - {_id(user)}


def blocked_by_filter(reader, field):
    """A Q that leaves out rows whose ``field`` (a user foreign key) names a player ``reader`` blocked: for
    querysets that must hide such players' writing from the reader."""
    return ~Q(**{f"{field}__in": Block.objects.filter(blocker_id=_id(reader)).values("blocked_id")})


def blocks_query(user):
    """``user``'s blocks, the blocked players loaded, by username."""
    return Block.objects.filter(blocker_id=_id(user)).select_related("blocked").order_by("blocked__username", "id")


def blocks_of(user):
    return list(blocks_query(user)[:SHOWN])
