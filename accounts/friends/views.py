from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.exceptions import GameError

from . import selectors, services


def _player(username):
    found = selectors.player_named(username)
    if found is None:
        raise Http404(_("No such player."))
    return found


@login_required
@require_POST
def follow(request, username):
    other = _player(username)
    try:
        services.follow(request.user, other)
    except GameError as exc:
        messages.error(request, str(exc.detail))
    else:
        messages.success(request, _("You follow %(name)s.") % {"name": other.username})
    return redirect("public_profile", username=other.username)


@login_required
@require_POST
def unfollow(request, username):
    other = _player(username)
    services.unfollow(request.user, other)
    messages.success(request, _("You no longer follow %(name)s.") % {"name": other.username})
    return redirect("public_profile", username=other.username)
