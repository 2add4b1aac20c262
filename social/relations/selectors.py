"""Who stands how to whom: what the other rooms ask before one player may reach another, and what the
profile shows. A leaf for the rooms below (games' seating and open games, invitations, the table chat):
it imports only this app's model and Django.

Every function takes users or user ids. None of them may be used to tell a player that someone blocked
or muted them: a room that finds ``blocks(invitee, inviter)`` true lets the inviter's action seem to
succeed and keeps it from the blocker.
"""

from django.contrib.auth import get_user_model
from django.db.models import Q

from .models import Relation

FOLLOW, BLOCK, MUTE = Relation.Kind.FOLLOW, Relation.Kind.BLOCK, Relation.Kind.MUTE
SHOWN = 200  # names listed on a profile (the counts are exact)
BLOCKS_SHOWN = 500  # blocks listed on the settings page and by the API (nobody blocks that many in good faith)


def _id(user):
    return getattr(user, "pk", user)


def _signed_in_id(user):
    if user is None or not getattr(user, "is_authenticated", True):
        return None
    return _id(user)


def player_named(username, include_inactive=False):
    """The player called ``username`` (active only, unless ``include_inactive``), or None: the one lookup
    of a player by name for the social rooms (relations, messages, moderation)."""
    if not isinstance(username, str) or not username:
        return None
    rows = get_user_model().objects.filter(username=username)
    if not include_inactive:
        rows = rows.filter(is_active=True)
    return rows.first()


def has(from_user, to_user, kind):
    """Whether ``from_user`` follows / blocks / mutes (``kind``) ``to_user``."""
    from_id, to_id = _signed_in_id(from_user), _id(to_user)
    if from_id is None or to_id is None or from_id == to_id:
        return False
    return Relation.objects.filter(from_user_id=from_id, to_user_id=to_id, kind=kind).exists()


def ids_of(user, kind):
    """Ids of the players ``user`` follows / blocks / mutes."""
    return set(Relation.objects.filter(from_user_id=_id(user), kind=kind).values_list("to_user_id", flat=True))


# --- blocks ------------------------------------------------------------------------------------------------


def blocks(blocker, other):
    """Whether ``blocker`` has blocked ``other``."""
    return has(blocker, other, BLOCK)


def blocks_between(a, b):
    """(``a`` blocked ``b``, ``b`` blocked ``a``) in one query: what writing to a player asks, the same
    whoever blocked whom (so the answer takes as long either way)."""
    a_id, b_id = _id(a), _id(b)
    if a_id is None or b_id is None or a_id == b_id:
        return False, False
    rows = set(
        Relation.objects.filter(Q(from_user_id=a_id, to_user_id=b_id) | Q(from_user_id=b_id, to_user_id=a_id))
        .filter(kind=BLOCK)
        .values_list("from_user_id", flat=True)
    )
    return a_id in rows, b_id in rows


def either_blocks(a, b):
    """Whether one of the two players blocked the other (seating keeps such players apart)."""
    return any(blocks_between(a, b))


def blocked_ids(user):
    """Ids of the players ``user`` blocked."""
    return ids_of(user, BLOCK)


def blocker_ids(user):
    """Ids of the players who blocked ``user``: for enforcement only, never to be shown to ``user``."""
    return set(Relation.objects.filter(to_user_id=_id(user), kind=BLOCK).values_list("from_user_id", flat=True))


def kept_apart_ids(user):
    """Ids of every player ``user`` blocked or was blocked by (whom open-game seating keeps away)."""
    rows = Relation.objects.filter(Q(from_user_id=_id(user)) | Q(to_user_id=_id(user)), kind=BLOCK)
    return {other for pair in rows.values_list("from_user_id", "to_user_id") for other in pair} - {_id(user)}


def kept_apart(user, others):
    """Whether ``user`` blocked, or was blocked by, any of ``others`` (users or ids): for a page that must
    show a game of theirs exactly as a game that is not open to ``user`` (never a refusal of its own)."""
    user_id, other_ids = _signed_in_id(user), {_id(o) for o in others} - {None}
    if user_id is None or not other_ids - {user_id}:
        return False
    return Relation.objects.filter(
        Q(from_user_id=user_id, to_user_id__in=other_ids) | Q(to_user_id=user_id, from_user_id__in=other_ids),
        kind=BLOCK,
    ).exists()


def blocked_by_filter(reader, field):
    """A Q that leaves out rows whose ``field`` (a user foreign key) names a player ``reader`` blocked: for
    querysets that must hide such players' doings from the reader."""
    return ~Q(**{f"{field}__in": Relation.objects.filter(from_user_id=_id(reader), kind=BLOCK).values("to_user_id")})


def unread_filter(reader, field):
    """A Q that leaves out rows whose ``field`` names a player ``reader`` muted or blocked: what the reader
    no longer reads of them (the table chat)."""
    silenced = Relation.objects.filter(from_user_id=_id(reader), kind__in=(MUTE, BLOCK)).values("to_user_id")
    return ~Q(**{f"{field}__in": silenced})


def blocks_query(user):
    """``user``'s blocks, the blocked players loaded, by username."""
    return (
        Relation.objects.filter(from_user_id=_id(user), kind=BLOCK)
        .select_related("to_user")
        .order_by("to_user__username", "id")
    )


def blocks_of(user):
    return list(blocks_query(user)[:BLOCKS_SHOWN])


# --- mutes -------------------------------------------------------------------------------------------------


def mutes(user, other):
    return has(user, other, MUTE)


def muted_ids(user):
    return ids_of(user, MUTE)


# --- follows -----------------------------------------------------------------------------------------------


def follows(user, other):
    return has(user, other, FOLLOW)


def followed_ids(user):
    return ids_of(user, FOLLOW)


def following(user):
    """Players ``user`` follows, by username."""
    rows = Relation.objects.filter(from_user=user, kind=FOLLOW).select_related("to_user").order_by("to_user__username")
    return [r.to_user for r in rows[:SHOWN]]


def _followers(user, viewer):
    """Who follows ``user``, without the players ``user`` blocked: a blocked player cannot follow the
    blocker. Their follow is kept (it seems to them to have worked: to its author, ``viewer``, it still
    shows) and counts again when the block is lifted."""
    shown = blocked_by_filter(user, "from_user")
    viewer_id = _signed_in_id(viewer)
    if viewer_id is not None:
        shown |= Q(from_user_id=viewer_id)
    return Relation.objects.filter(to_user=user, kind=FOLLOW).filter(shown)


def followers(user, viewer=None):
    rows = _followers(user, viewer).select_related("from_user").order_by("from_user__username")
    return [r.from_user for r in rows[:SHOWN]]


def counts(user, viewer=None):
    """(how many players ``user`` follows, how many follow them as ``viewer`` sees it)."""
    return Relation.objects.filter(from_user=user, kind=FOLLOW).count(), _followers(user, viewer).count()
