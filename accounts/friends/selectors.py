from django.contrib.auth import get_user_model
from django.db.models import Q

from accounts.blocks.selectors import blocked_by_filter

from .models import Follow

SHOWN = 200  # names listed on a profile (the counts are exact)


def following(user):
    """Players ``user`` follows, by username."""
    rows = Follow.objects.filter(follower=user).select_related("followed").order_by("followed__username")
    return [f.followed for f in rows[:SHOWN]]


def _followers(user, viewer):
    """Who follows ``user``, without the players ``user`` blocked: a blocked player cannot follow the
    blocker. Their follow is kept (it seems to them to have worked: to its author, ``viewer``, it still
    shows) and counts again when the block is lifted."""
    rows = Follow.objects.filter(followed=user)
    viewer_id = viewer.pk if viewer is not None and viewer.is_authenticated else None
    shown = blocked_by_filter(user, "follower")
    if viewer_id is not None:
        shown |= Q(follower_id=viewer_id)
    return rows.filter(shown)


def followers(user, viewer=None):
    rows = _followers(user, viewer).select_related("follower").order_by("follower__username")
    return [f.follower for f in rows[:SHOWN]]


def counts(user, viewer=None):
    return Follow.objects.filter(follower=user).count(), _followers(user, viewer).count()


def follows(user, other):
    return (
        user is not None
        and user.is_authenticated
        and Follow.objects.filter(follower=user, followed=other).exists()
    )


def followed_ids(user):
    return list(Follow.objects.filter(follower=user).values_list("followed_id", flat=True))


def player_named(username, include_inactive=False):
    """The player called ``username`` (active only, unless ``include_inactive``), or None: the one lookup
    of a player by name for the social features (friends, blocks, messages, moderation)."""
    if not isinstance(username, str) or not username:
        return None
    rows = get_user_model().objects.filter(username=username)
    if not include_inactive:
        rows = rows.filter(is_active=True)
    return rows.first()
