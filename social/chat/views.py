"""Thin views over chat.services (writes) and chat.context (what a reader sees)."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games import selectors as game_selectors
from games.exceptions import Forbidden, GameError, NotFound
from games.models import Game
from games.services import parse_game_id
from guildhall_site.decorators import login_required  # htmx-aware: an ended session redirects the whole page

from . import context, services
from .selectors import newest_message_id

HTMX_STOP_POLLING = 286


def _game_or_404(pk):
    try:
        return game_selectors.get_game(pk)
    except NotFound:
        raise Http404(_("No such game.")) from None


def _id_or_404(value, message):
    """A row id within the database's range (a longer number is no row, not a database error)."""
    try:
        return parse_game_id(value)
    except NotFound:
        raise Http404(message) from None


def _table_url(game_id, anchor=""):
    return reverse("games:game", args=[game_id]) + anchor


@login_required
@require_GET
def poll(request, pk):
    """The chat's cheap poll: 204 while no message is newer than ``after`` (the newest the page has);
    otherwise the new messages, appended to the list, and a poller that asks from the newest on."""
    try:
        after = int(request.GET.get("after", ""))
    except ValueError:
        return HttpResponse(status=400)
    # One query while nothing is new: the game's status and its newest message id together.
    row = Game.objects.filter(pk=_id_or_404(pk, _("No such game."))).annotate(newest=newest_message_id()).values_list(
        "status", "newest"
    ).first()
    if row is None:
        raise Http404(_("No such game."))
    status, newest = row
    if after < 0 or (newest or 0) <= after:
        # 286 tells htmx to stop polling: the game is over (the chat stays open, a message shows the rest).
        return HttpResponse(status=204 if status == Game.Status.ACTIVE else HTMX_STOP_POLLING)
    game = _game_or_404(pk)
    return render(request, "chat/_new_items.html", context.new_messages(game, request.user, after))


@login_required
@require_POST
def post(request, pk):
    game = _game_or_404(pk)
    text = request.POST.get("text", "")
    error = None
    try:
        services.post_message(game.pk, request.user, text)
    except Forbidden as exc:
        raise PermissionDenied(str(exc.detail)) from None
    except GameError as exc:
        error = str(exc.detail)
    if request.htmx:
        ctx = context.panel(game, request.user, error=error, draft=text if error else "")
        return render(request, "chat/_panel.html", ctx)
    if error:
        messages.error(request, error)
    return redirect(_table_url(game.pk, "#chat"))


@login_required
@require_POST
def save_note(request, pk):
    game = _game_or_404(pk)
    text = request.POST.get("text", "")
    error = None
    try:
        services.save_note(game.pk, request.user, text)
    except Forbidden as exc:
        raise PermissionDenied(str(exc.detail)) from None
    except GameError as exc:
        error = str(exc.detail)
    if request.htmx:
        ctx = context.notes(game, request.user, saved=error is None, error=error, draft=text if error else None)
        return render(request, "chat/_notes.html", ctx)
    if error:
        messages.error(request, error)
    else:
        messages.success(request, _("Your notes were saved."))
    return redirect(_table_url(game.pk, "#notes"))
