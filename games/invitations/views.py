"""Thin views: invitations (Accept/Decline), invitation links, rematches. Changes go through
invitations.services / invitations.rematch, which go through games.services."""

from django.contrib import messages
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games import selectors as game_selectors
from games.exceptions import GameError, NotFound
from games.models import Game
from games.refusals import refusal_message
from guildhall_site.decorators import login_required  # htmx-aware: an ended session redirects the whole page

from . import context, rematch, services
from .forms import LinkForm


def _game_page(game_id, anchor=""):
    return reverse("games:game", args=[game_id]) + anchor


# --- invitations by username ----------------------------------------------------------------------------


@login_required
@require_GET
def invitation(request, pk):
    try:
        found = services.own_invitation(pk, request.user)
    except NotFound:
        raise Http404(_("No such invitation.")) from None
    game = game_selectors.get_game(found.game_id)
    return render(request, "invitations/invitation.html", context.invitation_page(found, game, request.user))


@login_required
@require_POST
def accept(request, pk):
    with refusal_message(request, not_found=_("No such invitation.")) as outcome:
        game = services.accept(pk, request.user)
    if outcome.refused:
        return HttpResponseRedirect(_back_to(request))
    if game.status == Game.Status.ACTIVE:
        messages.success(request, _("You joined the game. Everybody is here: it has started."))
    else:
        messages.success(request, _("You joined the game. It starts when every seat is taken."))
    return redirect("games:game", pk=game.pk)


@login_required
@require_POST
def decline(request, pk):
    with refusal_message(request, not_found=_("No such invitation.")):
        found = services.decline(pk, request.user)
        messages.success(request, _("You declined the invitation to game %(id)s.") % {"id": found.game_id})
    return HttpResponseRedirect(_back_to(request))


def _back_to(request):
    from django.utils.http import url_has_allowed_host_and_scheme

    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return target
    return reverse("games:mine")


# --- invitation links --------------------------------------------------------------------------------------


@login_required
@require_POST
def create_link(request, game_pk):
    form = LinkForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose who may use the link and for how long."))
        return redirect(_game_page(game_pk, "#links"))
    with refusal_message(request, not_found=_("No such game.")):
        services.create_link(game_pk, request.user, form.cleaned_data["single_use"], form.cleaned_data["days"])
        messages.success(request, _("Your link is ready: copy it from the list below and send it."))
    return redirect(_game_page(game_pk, "#links"))


@login_required
@require_POST
def revoke_link(request, pk):
    try:
        link = services.revoke_link(pk, request.user)
    except NotFound:
        raise Http404(_("No such link.")) from None
    messages.success(request, _("The link no longer works."))
    return redirect(_game_page(link.game_id, "#links"))


@login_required
@require_http_methods(["GET", "POST"])
def join_by_link(request, token):
    """GET: what the link leads to, and a button; POST: take the seat."""
    if request.method == "POST":
        with refusal_message(request) as outcome:
            try:
                game = services.join_by_link(token, request.user)
            except services.LinkRefused as exc:
                return render(request, "invitations/link.html", {"refused": exc.detail}, status=exc.status)
            except GameError as exc:
                if exc.code != "already_joined":
                    raise  # shown as the refusal's message
                return redirect("games:game", pk=services.link_from_token(token).game_id)
        if outcome.refused:
            return redirect(request.path)
        messages.success(request, _("You joined the game."))
        return redirect("games:game", pk=game.pk)
    try:
        link = services.link_from_token(token)
        services.check_link(link)
    except services.LinkRefused as exc:
        return render(request, "invitations/link.html", {"refused": exc.detail}, status=exc.status)
    game = game_selectors.get_game(link.game_id)
    if game_selectors.seat_of(game, request.user) is not None:
        return redirect("games:game", pk=game.pk)
    return render(request, "invitations/link.html", context.link_page(link, game))


# --- rematch --------------------------------------------------------------------------------------------------


@login_required
@require_POST
def propose_rematch(request, game_pk):
    with refusal_message(request, not_found=_("No such game.")) as outcome:
        found, created = rematch.propose(game_pk, request.user)
    if outcome.refused:
        return redirect("games:game", pk=game_pk)
    new_game = Game.objects.get(pk=found.game_id)
    if created:
        messages.success(request, _("Rematch proposed: the game starts when every player has accepted."))
    elif new_game.status == Game.Status.ACTIVE:
        messages.success(request, _("Everybody accepted: the rematch has started."))
    else:
        messages.success(request, _("You accepted the rematch."))
    return redirect("games:game", pk=new_game.pk)


@login_required
@require_GET
def rematch_panel(request, game_pk):
    """The rematch box beside a finished table, refreshed when the table changes or the rematch moves on."""
    try:
        game = game_selectors.get_game(game_pk)
    except NotFound:
        raise Http404(_("No such game.")) from None
    data = context.rematch_panel(game, request.user)
    if request.GET.get("shown") == data["state_key"]:
        return HttpResponse(status=204)  # nothing new: the box stays as it is (and keeps the focus)
    return render(request, "invitations/_rematch.html", data)
