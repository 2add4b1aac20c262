"""One set of pages over relations.services: follow, block, mute and lifting each (from a profile, a chat
line, the settings), and the settings page's list of blocked players."""

from django.contrib import messages
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from games.exceptions import GameError, NotFound
from games.refusals import refusal_message
from guildhall_site.decorators import login_required  # htmx-aware: an ended session redirects the whole page

from . import selectors, services
from .forms import BlockForm
from .models import Relation

Kind = Relation.Kind


def _done(kind, present, name):
    """What the player is told once ``kind`` was added (``present``) or lifted."""
    words = {
        (Kind.FOLLOW, True): _("You follow %(name)s."),
        (Kind.FOLLOW, False): _("You no longer follow %(name)s."),
        (Kind.BLOCK, True): _("You blocked %(name)s. They are not told; you can lift the block in your settings."),
        (Kind.BLOCK, False): _("You no longer block %(name)s."),
        (Kind.MUTE, True): _("You no longer see what %(name)s writes."),
        (Kind.MUTE, False): _("You see what %(name)s writes again."),
    }
    return words[kind, present] % {"name": name}


def _back(request, fallback):
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return HttpResponseRedirect(target)  # a URL, never a view name
    return HttpResponseRedirect(fallback)


@login_required
@require_POST
def relate(request, username, kind, present):
    """Add (``present``) or lift ``kind`` between the signed-in player and ``username``. A relation is made
    only with an active player; one may be lifted whatever became of the other account."""
    try:
        other = services.player(username, include_inactive=not present)
    except NotFound:
        raise Http404(_("No such player.")) from None
    with refusal_message(request):
        if present:
            services.add(request.user, other, kind)
        else:
            services.remove(request.user, other, kind)
        messages.success(request, _done(kind, present, other.username))
    return _back(request, reverse("public_profile", args=[other.username]))


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
            return HttpResponseRedirect(reverse("relations:blocked"))
    status = 400 if request.method == "POST" else 200
    return render(
        request, "relations/blocked.html", {"blocks": selectors.blocks_of(request.user), "form": form}, status=status
    )
