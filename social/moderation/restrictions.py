"""Whether the staff keep a player from writing (the table chat and the private messages ask through
social.mutes, where apps.py registers ``writing_refusal``), or from being invited (read by the invitations
before they invite anyone). A leaf module: it imports only this app's models."""

from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from guildhall_site import dates

from .models import Restriction

_COVERS = {
    "chat": (Restriction.Scope.CHAT, Restriction.Scope.BOTH),
    "messages": (Restriction.Scope.MESSAGES, Restriction.Scope.BOTH),
}


def current(user_id, scopes, now=None):
    """Restrictions of ``user_id`` among ``scopes`` in force at ``now``."""
    now = now or timezone.now()
    return Restriction.objects.filter(user_id=user_id, scope__in=scopes, lifted_at__isnull=True).filter(
        Q(ends_at__isnull=True) | Q(ends_at__gt=now)
    )


def mute_of(user_id, what, now=None):
    """The staff's mute keeping ``user_id`` from ``what`` ("chat" or "messages") in force at ``now``, the
    one that lasts longest (``ends_at`` None: until lifted); None when the player may write."""
    found = list(current(user_id, _COVERS[what], now))
    if not found:
        return None
    return max(found, key=lambda r: (r.ends_at is None, r.ends_at))


def may_receive_invitations(user):
    """Whether ``user`` (a user row) can be invited to a game: not a suspended account (``is_active`` off,
    an account restriction in force) and not a deleted one. An invitation to anyone else is refused like
    any invitation that cannot be delivered."""
    if user is None or not user.is_active or getattr(user, "deleted_at", None) is not None:
        return False
    return not current(user.pk, (Restriction.Scope.ACCOUNT,)).exists()


def writing_refusal(user_id, what):
    """What ``user_id`` is told when a mute keeps them from ``what`` ("chat" or "messages") now; None when
    they may write (social.mutes' check)."""
    mute = mute_of(user_id, what)
    return None if mute is None else refusal(mute)


def refusal(restriction):
    """What a muted player is told when they try to write."""
    if restriction.ends_at is None:
        return _("The staff have stopped you from writing here until further notice.")
    when = dates.words(restriction.ends_at)
    return _("The staff have stopped you from writing here until %(when)s.") % {"when": when}
