"""The lobby and the table: thin views over games.services (every change) and games.selectors (reads)."""

import json
from datetime import timedelta

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Exists, OuterRef
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games import jsonsafe, selectors, services
from games.clock.deadlines import set_time_limit
from games.exceptions import GameError, NotFound
from games.hooks import stale_seq
from games.learn.selectors import coach_for
from games.models import DEFAULT_GAME, Game, Seat
from games.notifications import presence
from games.presentation import all_games
from games.refusals import refusal_message
from guildhall_site.decorators import login_required  # htmx-aware: an ended session redirects the whole page
from social.relations.selectors import kept_apart

from . import table as table_builder
from .forms import CreateGameForm

FINISHED_SHOWN = 10


def _game_id_or_404(pk):
    try:
        return services.parse_game_id(pk)
    except NotFound:
        raise Http404(_("No such game.")) from None


def _game_or_404(pk):
    try:
        return selectors.get_game(pk)
    except NotFound:
        raise Http404(_("No such game.")) from None


# --- lists ----------------------------------------------------------------------------------------


def _my_games(user):
    mine = Game.objects.filter(Exists(Seat.objects.filter(game=OuterRef("pk"), user=user)))
    mine = mine.prefetch_related("seats__user")
    # A lesson in progress waits for nobody and has no clock: it is shown apart, to resume, never as a
    # game waiting for a move.
    active = mine.filter(status=Game.Status.ACTIVE)
    lesson = active.filter(lesson=True).order_by("-id").first()
    active = active.filter(lesson=False)
    waiting_for_me = list(active.filter(to_move_user=user).order_by("updated_at", "id"))
    waiting_for_others = list(active.exclude(to_move_user=user).order_by("-updated_at", "-id"))
    open_games = list(mine.filter(status=Game.Status.OPEN).order_by("-created_at", "-id"))
    finished = list(mine.filter(status=Game.Status.FINISHED).order_by("-finished_at", "-id")[:FINISHED_SHOWN])
    # Invitations waiting for an answer (Accept/Decline) are games.invitations' part of the page.
    return {
        "lesson": lesson,
        "waiting_for_me": [_row(g, user) for g in waiting_for_me],
        "waiting_for_others": [_row(g, user) for g in waiting_for_others],
        "open_games": [_row(g, user) for g in open_games],
        "finished": [_row(g, user) for g in finished],
    }


def _row(game, user):
    data = selectors.summary(game, user)
    data["game"] = game
    me = selectors.seat_of(game, user)
    data["my_place"] = me.final_place if me else None
    data["taken"] = len(data["players"])
    return data


def home(request):
    if request.user.is_authenticated:
        return my_games(request)
    open_games = Game.objects.filter(status=Game.Status.OPEN, invited__isnull=True).prefetch_related("seats__user")
    return render(request, "home.html", {
        "open_games": [_row(g, None) for g in open_games.order_by("-id")[:10]],
        "game_titles": [p.title() for p in all_games()],
    })


@login_required
def my_games(request):
    return render(request, "games/my_games.html", _my_games(request.user))


@login_required
def open_games(request):
    games = selectors.games_for(request.user, "open")
    rows = [_row(g, request.user) for g in games[:100]]
    return render(request, "games/open_games.html", {"games": rows})


@login_required
def next_game(request):
    game = (
        Game.objects.filter(status=Game.Status.ACTIVE, to_move_user=request.user, lesson=False)
        .order_by("updated_at", "id").first()
    )
    if game is None:
        messages.info(request, _("No game is waiting for you."))
        return redirect("games:mine")
    return redirect("games:game", pk=game.pk)


# --- creating, joining, leaving -------------------------------------------------------------------


def _chosen_game(request):
    """The game the creation form is for. A form sent is for its ``game`` (or the address's), else the
    site's first, as the API's body without one: one players may not create is refused on the form. The
    page shows the address's game if players may create it, else the site's first or the first they may."""
    offered = services.offered_games()
    if request.method == "POST":
        slug = request.POST.get("game") or request.GET.get("game")
        return slug if slug in {p.slug for p in all_games()} else DEFAULT_GAME
    slug = request.GET.get("game")
    return slug if slug in offered else (DEFAULT_GAME if DEFAULT_GAME in offered else offered[0])


@login_required
@require_http_methods(["GET", "POST"])
def create_game(request):
    game_slug = _chosen_game(request)
    form = CreateGameForm(request.POST or None, game=game_slug)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        days = int(data["time_per_move"]) if data["time_per_move"] else None
        try:
            with transaction.atomic():  # the game and its clock together; bots start moving after both
                # Asked by a person: the rules of creating a game, as the API's (the game offered among them).
                new = services.check_new_game(
                    request.user,
                    seats=data["seats"],
                    game=game_slug,
                    options=form.options(),
                    invite=data["invite"] or None,
                    bots=data["bots"],
                    bot_kind=data["bot_kind"],
                    rated=data["rated"],
                )
                game = services.create_checked(request.user, new)
                set_time_limit(game, timedelta(days=days) if days else None, data["timeout_policy"] or "bot")
                # The creator goes to the table next: the your-turn message of a game that starts at once
                # (against bots) finds them there.
                presence.seen(request.user, game)
        except GameError as exc:
            form.add_error(None, str(exc.detail))
        else:
            messages.success(request, _("Game %(id)s created.") % {"id": game.pk})
            if form.unrated_because:
                messages.info(request, form.unrated_because)
            return redirect("games:game", pk=game.pk)
    # The choice is among the games players may create; one refused stays chosen, beside the form's error.
    games = {p.slug: {"slug": p.slug, "title": p.title(), "guide_url": p.guide_url()} for p in all_games()}
    offered = [games[slug] for slug in services.offered_games()]
    return render(request, "games/create.html", {"form": form, "games": offered, "chosen": games[game_slug]})


def _lifecycle(request, pk, action, done_message):
    with refusal_message(request, not_found=_("No such game.")) as outcome:
        game = action(pk, request.user)
        messages.success(request, done_message)
    if outcome.refused or game.status != Game.Status.ABORTED:
        return redirect("games:game", pk=pk)
    return redirect("games:mine")


@login_required
@require_POST
def join(request, pk):
    presence.seen(request.user, pk)  # the game may start now, and the table is where they go next
    return _lifecycle(request, pk, services.join, _("You joined the game."))


@login_required
@require_POST
def leave(request, pk):
    game = _game_or_404(pk)
    if game.created_by_id == request.user.pk:
        return _lifecycle(request, pk, services.leave, _("The game was cancelled."))
    return _lifecycle(request, pk, services.leave, _("You left the game."))


@login_required
@require_POST
def start(request, pk):
    return _lifecycle(request, pk, services.start, _("The game has started."))


@login_required
@require_http_methods(["GET", "POST"])
def resign(request, pk):
    """Resigning takes a confirmation: the page says what will happen, the POST does it."""
    game = _game_or_404(pk)
    if selectors.seat_of(game, request.user) is None:
        raise PermissionDenied(_("You are not playing in this game."))
    if request.method == "POST":
        with refusal_message(request):
            result = services.resign(game.pk, request.user)
            if result.game.status == Game.Status.FINISHED:
                messages.success(request, _("You resigned. The game is over."))
            else:
                messages.success(request, _("You resigned. The bot plays your seat to the end of the game."))
        return redirect("games:game", pk=game.pk)
    if not selectors.may_resign(game, request.user):
        messages.error(request, _("You cannot resign from this game: it is over, or you have already left it."))
        return redirect("games:game", pk=game.pk)
    others = sum(1 for s in game.seats.all() if s.position is not None) - 1
    return render(request, "games/resign.html", {"game": game, "ends_game": others < 2})


# --- the table ------------------------------------------------------------------------------------


def _table_context(request, game, error=None, full_log=False, tried=None):
    ctx = table_builder.build(game, request.user, full_log=full_log)
    ctx["error"] = error
    # A lesson's coach (games.learn); ``tried``: a refused decision the coach explains. Other games: None,
    # decided from the game row alone.
    ctx["coach"] = coach_for(game, request.user, tried=tried if error else None)
    ctx["poll_seconds"] = _poll_seconds()
    return ctx


def _poll_seconds():
    from django.conf import settings

    return getattr(settings, "GUILDHALL_POLL_SECONDS", 5)


@login_required
@require_GET
def game_page(request, pk):
    game = _game_or_404(pk)
    presence.seen(request.user, game)  # at the table: its moves arrive here, not by email
    if game.status in (Game.Status.OPEN, Game.Status.ABORTED):
        me = selectors.seat_of(game, request.user)
        invited = list(game.invited.all())
        seated = [seat.user_id for seat in game.seats.all() if seat.user_id is not None]
        # Open-game matching keeps players who blocked each other apart (the service refuses the seat as
        # it refuses a game that is no longer open). The page says only that: not open to this player,
        # never why. An invitation is a choice made for this table, and lets them in.
        apart = not invited and me is None and kept_apart(request.user, seated)
        may_join = (
            game.status == Game.Status.OPEN
            and me is None
            and (not invited or any(u.pk == request.user.pk for u in invited))
            and len(game.seats.all()) < game.num_seats
            and not apart
        )
        return render(
            request,
            "games/waiting_room.html",
            {
                "game": game,
                "row": _row(game, request.user),
                "me": me,
                "invited": invited,
                "may_join": may_join,
                "not_open_to_me": apart,
                "is_creator": game.created_by_id == request.user.pk,
            },
        )
    ctx = _table_context(request, game, full_log=request.GET.get("log") == "all")
    return render(request, "games/table_page.html", ctx)


@login_required
@require_GET
def table_fragment(request, pk):
    game = _game_or_404(pk)
    presence.seen(request.user, game)
    if game.status not in (Game.Status.ACTIVE, Game.Status.FINISHED):
        response = HttpResponse(status=204)
        response["HX-Redirect"] = reverse("games:game", args=[game.pk])
        return response
    return render(request, "games/_table.html", _table_context(request, game))


@login_required
@require_GET
def poll(request, pk):
    """The cheap endpoint the table polls: 204 while the game's seq is the one the page shows; once it
    moved on, an HX-Trigger that makes the page fetch the fresh table."""
    game_id = _game_id_or_404(pk)
    row = Game.objects.filter(pk=game_id).values_list("seq", "status").first()
    if row is None:
        raise Http404(_("No such game."))
    # The page polls while it is open (once a minute even while its socket brings the moves): the player
    # is still at the table.
    presence.seen(request.user, game_id)
    seq, status = row
    try:
        shown = int(request.GET.get("seq", ""))
    except ValueError:
        shown = -1
    shown_status = request.GET.get("status", status)
    if shown == seq and shown_status == status:
        return HttpResponse(status=204)
    response = HttpResponse(json.dumps({"seq": seq, "status": status}), content_type="application/json")
    if shown_status != status and shown_status == Game.Status.OPEN:
        response["HX-Refresh"] = "true"  # the waiting room becomes the table: load the whole page
    else:
        response["HX-Trigger"] = "table-changed"
    return response


@login_required
@require_POST
def decide(request, pk):
    # The game is read once, after the decision, for the table it answers with: the service reads what
    # the decision needs itself, and a game that is not there is its NotFound, then the read's 404.
    error = None
    try:
        expected_seq = int(request.POST.get("expected_seq", ""))
    except ValueError:
        expected_seq = None
    try:
        decision = jsonsafe.loads(request.POST.get("decision", ""))
    except (TypeError, ValueError):  # including JSON nested too deeply
        decision = None
    if expected_seq is None or not isinstance(decision, dict):
        error = _("That choice could not be read. Here is the current table; please choose again.")
    else:
        # Before the decision: the bots' replies that come back to this player right after it (and the
        # your-turn message they write) find them at the table.
        presence.seen(request.user, _game_id_or_404(pk))
        try:
            services.submit_decision(pk, request.user, expected_seq, decision)
        except GameError as exc:
            if exc.code == "stale_seq":
                stale_seq.send(sender=decide, source="page")
                error = _("The game has moved on since this page was loaded. Here is the current table.")
            elif exc.code == "not_a_player":
                raise PermissionDenied(str(exc.detail)) from None
            else:
                error = str(exc.detail)
    game = _game_or_404(pk)
    if request.htmx:
        tried = decision if isinstance(decision, dict) else None
        return render(request, "games/_table.html", _table_context(request, game, error=error, tried=tried))
    if error:
        messages.error(request, error)
    return redirect("games:game", pk=game.pk)
