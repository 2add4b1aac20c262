from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.exceptions import GameError

from . import services


def _player(username):
    return get_object_or_404(get_user_model(), username=username, is_active=True)


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
