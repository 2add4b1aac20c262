"""Blocking and unblocking: one row per (blocker, blocked). Blocking twice or unblocking a stranger is
harmless. A block changes no other row: what the blocked player did before (a follow, a conversation)
stays, and the features that show it leave it out for the blocker while the block stands, so lifting a
block puts things back as they were."""

from django.utils.translation import gettext as _

from accounts.friends.selectors import player_named
from games.exceptions import InvalidRequest, NotFound

from .models import Block


def player(username):
    """The active player named ``username``, or NotFound."""
    user = player_named(username)
    if user is None:
        raise NotFound(_("No such player."), code="no_player")
    return user


def block(user, other):
    """``user`` blocks ``other``. Returns (block, created)."""
    if other.pk == user.pk:
        raise InvalidRequest(_("You cannot block yourself."), code="self")
    return Block.objects.get_or_create(blocker=user, blocked=other)


def unblock(user, other):
    """``user`` lifts their block of ``other``; True when there was one."""
    deleted, _rows = Block.objects.filter(blocker=user, blocked=other).delete()
    return bool(deleted)
