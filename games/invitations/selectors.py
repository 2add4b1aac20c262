"""Reads of invitations, links and rematches (the pages', the emails' and the template tags')."""

from django.db.models import Exists, OuterRef, Prefetch

from games.models import Game, Seat
from social.relations.selectors import blocked_by_filter

from .models import Invitation, InviteLink, Rematch


def pending_invitation(game_id, user_id):
    """``user_id``'s invitation to ``game_id`` if it still waits for an answer and the game for players."""
    return (
        Invitation.objects.select_related("inviter", "game")
        .filter(game_id=game_id, invitee_id=user_id, status=Invitation.Status.PENDING, game__status=Game.Status.OPEN)
        .first()
    )


def _waiting_for(user):
    seated = Seat.objects.filter(game_id=OuterRef("game_id"), user_id=user.pk)
    return (
        Invitation.objects.filter(invitee=user, status=Invitation.Status.PENDING, game__status=Game.Status.OPEN)
        .filter(blocked_by_filter(user, "inviter"))
        .exclude(Exists(seated))
    )


def open_invitations(user):
    """Invitations waiting for ``user``'s answer (the game still open, no seat taken), newest first; not
    those of players ``user`` blocked."""
    seats = Prefetch("game__seats", queryset=Seat.objects.select_related("user"))
    return list(_waiting_for(user).select_related("game", "inviter").prefetch_related(seats).order_by("-id"))


def open_invitation_count(user):
    """How many invitations wait for ``user``'s answer (the header's badge): one COUNT."""
    return _waiting_for(user).count()


def invitations_of_game(game_id):
    return list(Invitation.objects.filter(game_id=game_id).select_related("invitee").order_by("id"))


def links_of(game_id, user_id):
    return list(InviteLink.objects.filter(game_id=game_id, created_by_id=user_id).order_by("-id"))


def rematch_of(original_id):
    """The Rematch of a finished game (its new game loaded), or None."""
    return Rematch.objects.select_related("game").filter(original_id=original_id).first()


def rematch_source(game_id):
    """The Rematch whose new game is ``game_id`` (so an invitation can say it is a rematch), or None."""
    return Rematch.objects.filter(game_id=game_id).first()
