"""Personal data of invitations (accounts.personal_data): invitations a player received and sent, the links they
made or used, the rematches they proposed.

The export leaves out whether an invitation was emailed: an invitee who blocked the inviter is not emailed,
and a block is never told to the blocked player. On erasure an invitation still waiting for the erased
player's answer becomes declined (the waiting room shows it so, and its players may invite someone else);
the links they made stop working (deleted); where they are named as a link's last user or a rematch's
proposer, the name is taken off (as the foreign keys' SET_NULL would).
"""

from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.personal_data import KEEP, UserField
from social.relations.selectors import blocked_ids

from .models import Invitation, InviteLink, Rematch

_SHOWN = "the game's players see who was invited and the answer, under the anonymised name"

USER_FIELDS = {
    "invitations.Invitation.invitee": UserField(
        export="invitations_received",
        erase=KEEP,
        why_kept=_SHOWN + "; one still waiting becomes declined",
    ),
    "invitations.Invitation.inviter": UserField(
        export="invitations_sent",
        erase=KEEP,
        why_kept=_SHOWN + "; the invitee's answer is theirs",
    ),
    "invitations.InviteLink.created_by": UserField(export="links_made"),
    "invitations.InviteLink.used_by": UserField(export="links_used"),
    "invitations.Rematch.proposed_by": UserField(export="rematches_proposed"),
}


def _received(invitation, blocked):
    entry = {"id": invitation.pk, "game_id": invitation.game_id,
             "invited_by": invitation.inviter.username if invitation.inviter_id else None,
             "status": invitation.status, "invited_at": invitation.created_at, "answered_at": invitation.answered_at}
    if invitation.status == Invitation.Status.PENDING and invitation.inviter_id in blocked:
        # Stored, so it is in the copy; but the pages never showed it (the player blocked its sender), and
        # the copy says so rather than present it as an invitation waiting for an answer.
        entry["shown"] = False
        entry["why_not_shown"] = _("You blocked the player who sent it.")
    return entry


def export(user):
    received = Invitation.objects.filter(invitee=user).select_related("inviter").order_by("pk")
    sent = Invitation.objects.filter(inviter=user).select_related("invitee").order_by("pk")
    blocked = set(blocked_ids(user))
    return {
        "invitations_received": [_received(i, blocked) for i in received],
        "invitations_sent": [
            {"id": i.pk, "game_id": i.game_id, "invitee": i.invitee.username, "status": i.status,
             "invited_at": i.created_at, "answered_at": i.answered_at}
            for i in sent
        ],
        "links_made": [
            {"id": link.pk, "game_id": link.game_id, "single_use": link.single_use, "created_at": link.created_at,
             "expires_at": link.expires_at, "revoked_at": link.revoked_at, "uses": link.uses}
            for link in InviteLink.objects.filter(created_by=user).order_by("pk")
        ],
        "links_used": [
            {"id": link.pk, "game_id": link.game_id, "used_at": link.used_at}
            for link in InviteLink.objects.filter(used_by=user).order_by("pk")
        ],
        "rematches_proposed": [
            {"id": r.pk, "finished_game_id": r.original_id, "rematch_game_id": r.game_id, "proposed_at": r.created_at}
            for r in Rematch.objects.filter(proposed_by=user).order_by("pk")
        ],
    }


def erase(user):
    Invitation.objects.filter(invitee=user, status=Invitation.Status.PENDING).update(
        status=Invitation.Status.DECLINED, answered_at=timezone.now()
    )
    InviteLink.objects.filter(created_by=user).delete()
    InviteLink.objects.filter(used_by=user).update(used_by=None)
    Rematch.objects.filter(proposed_by=user).update(proposed_by=None)
