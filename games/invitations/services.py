"""Answering invitations, and invitation links. Seats are taken and games started only through
games.services (``join``); this module keeps the invitations' side of it.

A link's URL carries ``signing.dumps({"l": link id})`` under its own salt: a token cannot be made up or
altered without the site's secret key, and it also stops working ``INVITE_LINK_MAX_DAYS`` after it was
made. The row decides the rest: revoked, expired (the player's choice of days), used (single-use). Using a
link is one transaction with the join, the row locked: two people racing for a single-use link get one
seat and one clear refusal; a join that fails (the game is full, has started) leaves the link unused.
"""

import datetime

from django.conf import settings
from django.core import signing
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import services as game_services
from games.exceptions import Conflict, Forbidden, GameError, InvalidRequest, NotFound
from games.models import Game, Seat

from .models import Invitation, InviteLink

LINK_SALT = "guildhall.invitations.link"


class LinkRefused(GameError):
    """The link cannot be used (any more): ``code`` says why."""

    status = 410
    default_code = "link_refused"


def _invalid():
    return LinkRefused(_("This invitation link is not valid: check that it was copied whole."), code="invalid")


# --- invitations by username ---------------------------------------------------------------------------


def _row_id(value, message):
    """A row id within the database's range, else NotFound (a longer number is no row, not an error)."""
    try:
        return game_services.parse_game_id(value)
    except NotFound:
        raise NotFound(message) from None


def own_invitation(invitation_id, user, lock=False):
    invitation_id = _row_id(invitation_id, _("No such invitation."))
    rows = Invitation.objects.select_related("game", "inviter")
    if lock:
        rows = rows.select_for_update(of=("self",))
    invitation = rows.filter(pk=invitation_id, invitee_id=user.pk).first()
    if invitation is None:
        raise NotFound(_("No such invitation."), code="no_invitation")
    return invitation


def accept(invitation_id, user):
    """Accept = take a seat (``services.join``; the game starts when full). Returns the game."""
    invitation = own_invitation(invitation_id, user)
    return game_services.join(invitation.game_id, user)


def decline(invitation_id, user):
    """Say no. The game stays by invitation; its players see who declined and may share a link instead."""
    with transaction.atomic():
        invitation = own_invitation(invitation_id, user, lock=True)
        if Seat.objects.filter(game_id=invitation.game_id, user_id=user.pk).exists():
            raise Conflict(_("You have joined this game: leave it from its page instead."), code="already_joined")
        if invitation.game.status != Game.Status.OPEN:
            raise Conflict(_("This game is not waiting for players any more."), code="not_open")
        invitation.status = Invitation.Status.DECLINED
        invitation.answered_at = timezone.now()
        invitation.save(update_fields=["status", "answered_at"])
    return invitation


# --- invitation links ------------------------------------------------------------------------------------


def max_days():
    return int(settings.INVITE_LINK_MAX_DAYS)


def token_for(link):
    return signing.dumps({"l": link.pk}, salt=LINK_SALT, compress=True)


def _link_id(token):
    try:
        data = signing.loads(token, salt=LINK_SALT, max_age=datetime.timedelta(days=max_days()))
    except signing.SignatureExpired:
        raise LinkRefused(_("This invitation link has expired."), code="expired") from None
    except signing.BadSignature:
        raise _invalid() from None
    if not isinstance(data, dict) or not isinstance(data.get("l"), int):
        raise _invalid()
    return data["l"]


def check_link(link, now=None):
    """Raise LinkRefused unless ``link`` can still be used."""
    now = now or timezone.now()
    if link.revoked_at is not None:
        raise LinkRefused(_("This invitation link was withdrawn."), code="revoked")
    if now >= link.expires_at:
        raise LinkRefused(_("This invitation link has expired."), code="expired")
    if link.single_use and link.uses:
        raise LinkRefused(_("This invitation link has already been used."), code="used")
    if link.game.status != Game.Status.OPEN:
        raise LinkRefused(_("This game is not waiting for players any more."), code="not_open")


def link_from_token(token):
    """The link a token names (its game loaded), or LinkRefused; whether it is usable is ``check_link``'s."""
    link = InviteLink.objects.select_related("game", "created_by").filter(pk=_link_id(token)).first()
    if link is None:
        raise _invalid()
    return link


def create_link(game_id, user, single_use=True, days=7):
    """A new link to the open game ``game_id``, made by one of its players. Returns (link, token)."""
    game = Game.objects.filter(pk=game_services.parse_game_id(game_id)).first()
    if game is None:
        raise NotFound()
    if not Seat.objects.filter(game_id=game.pk, user_id=user.pk).exists():
        raise Forbidden(_("Only the players of a game share links to it."), code="not_a_player")
    if game.status != Game.Status.OPEN:
        raise Conflict(_("This game is not waiting for players any more."), code="not_open")
    if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= max_days():
        raise InvalidRequest(
            _("A link is valid for 1 to %(max)d days.") % {"max": max_days()}, code="days"
        )
    expires_at = timezone.now() + datetime.timedelta(days=days)
    link = InviteLink.objects.create(game=game, created_by=user, single_use=bool(single_use), expires_at=expires_at)
    return link, token_for(link)


def revoke_link(link_id, user):
    link = InviteLink.objects.filter(pk=_row_id(link_id, _("No such link.")), created_by_id=user.pk).first()
    if link is None:
        raise NotFound(_("No such link."), code="no_link")
    if link.revoked_at is None:
        link.revoked_at = timezone.now()
        link.save(update_fields=["revoked_at"])
    return link


def join_by_link(token, user):
    """Take a seat through an invitation link; returns the game. Nothing changes when it is refused."""
    link_id = _link_id(token)
    with transaction.atomic():
        link = InviteLink.objects.select_for_update(of=("self",)).select_related("game").filter(pk=link_id).first()
        if link is None:
            raise _invalid()
        check_link(link)
        game = game_services.join(link.game_id, user, admitted=True)
        now = timezone.now()
        link.uses += 1
        link.used_by = user
        link.used_at = now
        link.save(update_fields=["uses", "used_by", "used_at"])
    return game
