"""The invitation's email through the site's outbox (games.notifications): registered from apps.py in the
outbox's registry of kinds, so that the outbox never reads the invitations itself."""

from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext as _

from games.models import Seat
from games.notifications.emails import absolute
from games.notifications.kinds import Email
from games.presentation import for_game
from games.rules import options_of

from .selectors import pending_invitation, rematch_source


def invitation_email(n, user, prefs, now):
    """An invitation to an open game, while it still waits for an answer."""
    invitation = pending_invitation(n.game_id, n.user_id) if n.game_id else None
    if invitation is None:
        return None  # answered already, or the game has started or was cancelled
    game = invitation.game
    inviter = invitation.inviter.username if invitation.inviter else _("A player")
    seated = [s.display_name for s in Seat.objects.filter(game_id=game.pk).select_related("user").order_by("id")]
    presentation = for_game(game)
    options = presentation.options_words(options_of(game))
    intro = [
        _("%(name)s invites you to a game of %(game)s: game %(id)s, %(seats)s players%(options)s.")
        % {"name": inviter, "game": presentation.title(), "id": game.pk, "seats": game.num_seats,
           "options": f", {options}" if options else ""},
        _("Players so far: %(players)s.") % {"players": ", ".join(seated)},
    ]
    rematch = rematch_source(game.pk)
    if rematch is not None:
        intro.append(
            _("It is a rematch of game %(id)s: the same players, a new deal.") % {"id": rematch.original_id}
        )
    context = {
        "game_id": game.pk,
        "intro": intro,
        "game_url": absolute(_invitation_path(invitation.pk)),
        "game_link_text": _("Accept or decline the invitation"),
    }
    subject = _("Guildhall: %(name)s invites you to game %(id)s") % {"name": inviter, "id": game.pk}
    return Email(subject, context)


def _invitation_path(pk):
    try:
        return reverse("invitations:invitation", args=(pk,))
    except NoReverseMatch:  # a URLconf without the invitations' pages (as the outbox's other links allow)
        return f"/invitations/{pk}/"
