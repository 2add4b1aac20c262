"""Following, blocking and muting, and lifting each: one row per (player, other player, kind). Doing it
twice, or lifting what was not there, is harmless.

A relation changes no other row: what a blocked player did before (a follow, a conversation) stays, and
the rooms that show it leave it out for the blocker while the block stands, so lifting a block puts
things back as they were. A follow of a player who blocked the follower is stored like any follow, so
that nothing tells them of the block, but it shows nowhere to anyone else (selectors.followers).
"""

from django.db import transaction
from django.utils.translation import gettext as _

from games.exceptions import InvalidRequest, NotFound

from . import legacy
from .models import Relation
from .selectors import player_named

Kind = Relation.Kind


def _refusal_of_self(kind):
    return {
        Kind.FOLLOW: _("You cannot follow yourself."),
        Kind.BLOCK: _("You cannot block yourself."),
        Kind.MUTE: _("You cannot mute yourself."),
    }[kind]


def player(username, include_inactive=False):
    """The player named ``username`` (active only, unless ``include_inactive``), or NotFound."""
    user = player_named(username, include_inactive=include_inactive)
    if user is None:
        raise NotFound(_("No such player."), code="no_player")
    return user


def add(user, other, kind):
    """``user`` follows / blocks / mutes ``other``. Returns (relation, created)."""
    if kind not in Kind.values:
        raise InvalidRequest(_("No such relation."), code="kind")
    if other.pk == user.pk:
        raise InvalidRequest(_refusal_of_self(kind), code="self")
    with transaction.atomic():
        relation, created = Relation.objects.get_or_create(from_user=user, to_user=other, kind=kind)
        legacy.mirror(user.pk, other.pk, kind, present=True)
    return relation, created


def remove(user, other, kind):
    """``user`` lifts their follow / block / mute of ``other``; True when there was one."""
    with transaction.atomic():
        deleted, _rows = Relation.objects.filter(from_user=user, to_user=other, kind=kind).delete()
        legacy.mirror(user.pk, other.pk, kind, present=False)
    return bool(deleted)


def follow(user, other):
    return add(user, other, Kind.FOLLOW)


def unfollow(user, other):
    return remove(user, other, Kind.FOLLOW)


def block(user, other):
    return add(user, other, Kind.BLOCK)


def unblock(user, other):
    return remove(user, other, Kind.BLOCK)


def mute(user, other):
    return add(user, other, Kind.MUTE)


def unmute(user, other):
    return remove(user, other, Kind.MUTE)
