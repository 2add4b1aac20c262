"""Tournament pages: thin views over the services (writes) and selectors (reads)."""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.exceptions import GameError, NotFound, Throttled
from games.models import DEFAULT_GAME
from games.presentation import all_games
from games.refusals import refusal_message
from games.services import offered_games, parse_game_id
from games.web.views import login_required  # htmx-aware: an ended session redirects the whole page

from . import selectors, services
from .forms import CreateTournamentForm
from .models import Tournament


def _id(tournament_id):
    """The id in the database's range (a larger number is no tournament, not a database error)."""
    try:
        return parse_game_id(tournament_id)
    except NotFound:
        raise Http404(_("No such tournament.")) from None


@require_GET
def tournament_list(request):
    return render(request, "tournaments/list.html", {"groups": selectors.listing()})


def _offered():
    """The games a tournament may be made of: those players may create (``games.services.offered_games``)."""
    offered = offered_games()
    return [p for p in all_games() if p.slug in offered]


def _chosen_game(request):
    """The game the form is for. A form sent is for its ``game`` (or the address's), else the default game:
    one players may not create is refused on the form, by the service. The page shows the address's game if
    it is offered, else the default game or the first offered."""
    if request.method == "POST":
        slug = request.POST.get("game") or request.GET.get("game")
        games = all_games()
        return next((p for p in games if p.slug == slug), None) or next(p for p in games if p.slug == DEFAULT_GAME)
    offered = _offered()
    asked = next((p for p in offered if p.slug == request.GET.get("game")), None)
    return asked or next((p for p in offered if p.slug == DEFAULT_GAME), offered[0])


@login_required
@require_http_methods(["GET", "POST"])
def create(request):
    chosen = _chosen_game(request)
    form = CreateTournamentForm(request.POST or None, game=chosen.slug)
    refused = None
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.create_tournament(request.user, **form.service_arguments())
        except GameError as exc:
            form.add_error(None, str(exc.detail))
            refused = exc
        else:
            messages.success(request, _("The tournament is open for entries."))
            return redirect("tournaments:detail", tournament.pk)
    context = {"form": form, "games": _offered(), "chosen": chosen}
    response = render(request, "tournaments/create.html", context, status=400 if form.errors else 200)
    # Over the rate or the cap of new tournaments: 429, and when to come back.
    return refused.retry_after(_with_status(response, 429)) if isinstance(refused, Throttled) else response


def _with_status(response, status):
    response.status_code = status
    return response


@require_GET
def detail(request, tournament_id):
    tournament = get_object_or_404(Tournament.objects.select_related("created_by"), pk=_id(tournament_id))
    return render(request, "tournaments/detail.html", selectors.detail(tournament, request.user))


@require_GET
def round_page(request, tournament_id, number):
    tournament = get_object_or_404(Tournament, pk=_id(tournament_id))
    rnd = get_object_or_404(tournament.round_set, number=min(number, 2**15 - 1))
    return render(request, "tournaments/round.html", selectors.round_detail(tournament, rnd))


def _act(request, tournament_id, action, done):
    with refusal_message(request, not_found=_("No such tournament.")):
        action(tournament_id, request.user)
        messages.success(request, done)
    return redirect("tournaments:detail", tournament_id)


@login_required
@require_POST
def join(request, tournament_id):
    return _act(request, tournament_id, services.join, _("You are in the tournament."))


@login_required
@require_POST
def withdraw(request, tournament_id):
    return _act(request, tournament_id, services.withdraw, _("You have left the tournament."))


@login_required
@require_POST
def start(request, tournament_id):
    return _act(request, tournament_id, services.start, _("The tournament has started: round 1 is seated."))
