"""Thin pages over blocks.services: the settings page's list, and Block/Unblock from a profile."""

from django.contrib import messages
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from games.exceptions import GameError, NotFound
from games.web.views import login_required  # htmx-aware: an ended session redirects the whole page

from . import selectors, services
from .forms import BlockForm


def _player_or_404(username):
    try:
        return services.player(username)
    except NotFound:
        raise Http404(_("No such player.")) from None


def _back(request, fallback):
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return HttpResponseRedirect(target)
    return HttpResponseRedirect(fallback)


@login_required
@require_http_methods(["GET", "POST"])
def blocked_players(request):
    """The list of blocked players, with Unblock, and a form to block a player by name."""
    form = BlockForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.block(request.user, services.player(form.cleaned_data["username"]))
        except NotFound:
            form.add_error("username", _("No such player."))
        except GameError as exc:
            form.add_error("username", str(exc.detail))
        else:
            messages.success(request, _("You blocked %(name)s.") % {"name": form.cleaned_data["username"]})
            return HttpResponseRedirect(reverse("blocks:list"))
    status = 400 if request.method == "POST" else 200
    return render(request, "blocks/list.html", {"blocks": selectors.blocks_of(request.user), "form": form},
                  status=status)


@login_required
@require_POST
def block(request, username):
    other = _player_or_404(username)
    try:
        services.block(request.user, other)
    except GameError as exc:
        messages.error(request, str(exc.detail))
    else:
        messages.success(
            request, _("You blocked %(name)s. They are not told; you can lift the block in your settings.")
            % {"name": other.username}
        )
    return _back(request, reverse("public_profile", args=[other.username]))


@login_required
@require_POST
def unblock(request, username):
    other = _player_or_404(username)
    services.unblock(request.user, other)
    messages.success(request, _("You no longer block %(name)s.") % {"name": other.username})
    return _back(request, reverse("public_profile", args=[other.username]))
