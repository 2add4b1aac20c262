"""What keeps invitations from flooding a player (settings in guildhall_site/settings/social.py):

- an inviter has at most ``INVITATIONS_OPEN_MAX`` invitations waiting for an answer (in open games);
  a game that would invite more is refused as a whole (nothing is written);
- an inviter's invitations are emailed at most ``INVITATION_EMAILS_PER_DAY`` in 24 hours; later ones
  are made and shown on the invitee's "My games", without an email;
- an invitee who declined the same inviter ``INVITATION_DECLINES_QUIET`` times within
  ``INVITATION_DECLINES_DAYS`` days is not emailed by them any more (the invitation still shows);
- an invitee who blocked the inviter is neither emailed nor shown the invitation (selectors), and the
  inviter is not told: to them it waits for an answer like any other.
"""

import datetime

from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils.translation import ngettext

from games.exceptions import Conflict
from games.models import Game
from social.relations import selectors as blocks

from .models import Invitation


def check_open_invitations(inviter_id, adding):
    """Raise Conflict when ``adding`` more invitations would put ``inviter_id`` over the limit. Locks the
    inviter's row (within the caller's transaction): two games created at once by the same player are
    counted one after the other. FOR NO KEY UPDATE: rows that merely point at the user (a seat, an
    invitation being written by another player's game) take KEY SHARE locks, which this one lets be."""
    limit = settings.INVITATIONS_OPEN_MAX
    if not limit or not adding or inviter_id is None:
        return
    get_user_model().objects.select_for_update(no_key=True).filter(pk=inviter_id).values_list("pk", flat=True).first()
    waiting = Invitation.objects.filter(
        inviter_id=inviter_id, status=Invitation.Status.PENDING, game__status=Game.Status.OPEN
    ).count()
    if waiting + adding > limit:
        raise Conflict(
            ngettext(
                "You have %(n)d invitation waiting for an answer; at most %(max)d may wait at once. Wait for "
                "answers, or cancel a game you are waiting in, before inviting more.",
                "You have %(n)d invitations waiting for an answer; at most %(max)d may wait at once. Wait for "
                "answers, or cancel a game you are waiting in, before inviting more.",
                waiting,
            ) % {"n": waiting, "max": limit},
            code="too_many_invitations",
        )


class EmailBudget:
    """Whether each of one inviter's new invitations may be emailed, counted as they are handed out."""

    def __init__(self, inviter_id, now):
        self.inviter_id = inviter_id
        self.now = now
        limit = settings.INVITATION_EMAILS_PER_DAY
        if limit and inviter_id is not None:
            sent = Invitation.objects.filter(
                inviter_id=inviter_id, emailed=True, created_at__gte=now - datetime.timedelta(days=1)
            ).count()
            self.left = max(limit - sent, 0)
        else:
            self.left = None  # no limit

    def allows(self, invitee_id):
        """Whether an email to ``invitee_id`` may go (and, if so, count it)."""
        if self.inviter_id is not None:
            if blocks.blocks(invitee_id, self.inviter_id) or _declined_too_often(self.inviter_id, invitee_id, self.now):
                return False
        if self.left is None:
            return True
        if self.left <= 0:
            return False
        self.left -= 1
        return True


def _declined_too_often(inviter_id, invitee_id, now):
    times = settings.INVITATION_DECLINES_QUIET
    if not times:
        return False
    since = now - datetime.timedelta(days=settings.INVITATION_DECLINES_DAYS)
    declined = Invitation.objects.filter(
        inviter_id=inviter_id, invitee_id=invitee_id, status=Invitation.Status.DECLINED, answered_at__gte=since
    ).count()
    return declined >= times

