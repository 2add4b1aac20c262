"""Thin views: parse the request, ask the selectors / replay / record modules, render."""

import hashlib
from urllib.parse import urlencode

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from games import selectors as game_selectors
from games.analysis import selectors as analysis_selectors
from games.api import serializers as api_serializers
from games.exceptions import NotFound
from games.models import Game
from games.presentation import all_games, for_game
from games.rules import options_of

from . import chart, present, record, replay, selectors
from .forms import HistoryFilterForm
from .serializers import RecordSerializer

PAGE_SIZE = 25
COUNT_TTL = 60  # seconds a total may lag behind (the rows themselves are always live)


def cached_count(games, key):
    """Counting tens of thousands of matching games costs more than the page itself; the total is only
    shown, so it is cached for a minute per filter set."""
    try:
        total = cache.get(key)
    except Exception:  # the cache is an optimisation only
        total = None
    if total is None:
        total = games.count()
        try:
            cache.set(key, total, COUNT_TTL)
        except Exception:
            pass
    return total


def _count_key(filters):
    parts = []
    for key in sorted(filters):
        value = filters[key]
        if key == "sort" or value is None:
            continue
        parts.append(f"{key}={getattr(value, 'pk', value)}")
    return "history:count:" + hashlib.sha256("&".join(parts).encode()).hexdigest()[:32]


def history_list(request):
    form = HistoryFilterForm(request.GET or None)
    filters = {"sort": selectors.DEFAULT_SORT}
    notes = []
    nobody = False
    if form.is_bound and form.is_valid():
        filters = form.filters()
        for field in ("player", "winner"):
            name = form.cleaned_data.get(field)
            if name:
                user = selectors.user_by_name(name)
                if user is None:
                    notes.append(_("There is no player called “%(name)s”.") % {"name": name})
                    nobody = True
                filters[field] = user
    games = Game.objects.none() if nobody else selectors.finished_games(**filters)
    sort = filters.get("sort") or selectors.DEFAULT_SORT
    after, before = request.GET.get("after") or None, request.GET.get("before") or None
    try:
        page = selectors.keyset_page(games, sort, PAGE_SIZE, after=after, before=before, last="last" in request.GET)
    except selectors.BadCursor:
        notes.append(_("That page link is not valid (it may be from another sort order): here is the first page."))
        page = selectors.keyset_page(games, sort, PAGE_SIZE)
        bad_link = True
    else:
        bad_link = False
    rows = selectors.with_seats(page.games)
    summaries = selectors.game_summaries(rows)
    shown = {g.game for g in rows}
    presentations = [p for p in all_games() if p.slug in shown]
    query = {k: v for k, v in request.GET.items() if k not in ("page", "after", "before", "last") and v}
    total = cached_count(games, _count_key({**filters, "nobody": nobody or None}))
    bad_form = form.is_bound and bool(form.errors)
    return render(
        request,
        "history/list.html",
        {
            "form": form,
            "page": page,
            "rows": [_list_row(g, summaries[g.pk], presentations) for g in rows],
            "fact_columns": [column for p in presentations for column in p.summary_columns()],
            "several_games": len(all_games()) > 1,
            "notes": notes,
            "query": urlencode(query),
            "total": total,
        },
        status=400 if bad_form or bad_link else 200,  # the page, with what is wrong in the request
    )


def _list_row(game, summary, presentations):
    """A row of the history list: the game, its summary, its title and options in words, and a cell for
    every fact column on the page (only its own game's are filled)."""
    presentation = next((p for p in presentations if p.slug == game.game), None)
    own = {key for key, _label in presentation.summary_columns()} if presentation else set()
    return {
        "game": game,
        "summary": summary,
        "title": presentation.title() if presentation else game.game,
        "options_words": presentation.options_words(options_of(game)) if presentation else "",
        "facts": [
            {"key": key, "label": label, "value": summary.get("facts", {}).get(key) if key in own else None}
            for p in presentations for key, label in p.summary_columns()
        ],
    }


def player_history(request, username):
    user = get_object_or_404(get_user_model(), username=username)
    return render(request, "history/player.html", {"player": user, "stats": selectors.player_stats(user)})


def _game_or_404(game_id):
    try:
        return game_selectors.get_game(game_id)
    except NotFound:
        raise Http404(_("No such game.")) from None


# Asked by the replay's script for one step's parts (history/_step.html) instead of the whole page.
FRAGMENT_HEADER = "X-Replay-Fragment"


class BadStep(ValueError):
    """A step the fragment cannot show (its message says why)."""


def _requested_step(request, fragment):
    """The ``step`` query parameter as an int, or None (the last step). A page forgives a malformed step
    (it shows the last); a fragment is asked for by our own script, so a malformed one is an error."""
    raw = request.GET.get("step", "")
    try:
        return int(raw)
    except ValueError:
        if fragment and raw != "":
            raise BadStep(_("The step must be a whole number.")) from None
        return None


def replay_context(request, game, step, fragment=False):
    """Everything one step of the replay shows, for the page and for the fragment alike: the same
    selectors and the same view of the table for the same viewer (``replay.step_view``), so a fragment
    can never show what the page at that step would not."""
    viewer = replay.viewer_seat(game, request.user)
    rp = replay.build(game, step)
    if fragment and step is not None and not 0 <= step <= rp.steps:
        raise BadStep(_("There is no step %(step)s: this game has steps 0 to %(steps)s.") % {
            "step": step, "steps": rp.steps})
    # Everything is revealed only when the row says finished and the log does end the game.
    finished = game.status == Game.Status.FINISHED and rp.over
    names = game.names_by_seat()
    view = replay.step_view(rp.rules, rp.state, viewer, finished)
    presentation = for_game(game)
    context = {
        "game": game,
        "presentation": presentation,
        "game_title": presentation.title(),
        "options_words": presentation.options_words(options_of(game)),
        "replay_template": presentation.replay_template,
        "finished": finished,
        "viewer": viewer,
        "names": names,
        "step": rp.step,
        "steps": rp.steps,
        "prev_step": max(rp.step - 1, 0),
        "next_step": min(rp.step + 1, rp.steps),
        "turn": rp.turn_of_step[rp.step],
        "table": presentation.replay_table(view, names, viewer),
        "chart": chart.chart(rp.vp_by_turn, names, rp.turn_of_step[rp.step]),
        "seed": game.seed if finished else None,
        # Analysis during play would be cheating: only a finished game has the panel.
        "analysis_panel": analysis_selectors.replay_panel(game, rp.step, request.user) if finished else None,
    }
    return rp, context


def replay_view(request, game_id):
    game = _game_or_404(game_id)
    if game.status not in replay.REPLAYABLE:
        raise Http404(_("This game has not started, so there is nothing to replay."))
    fragment = request.headers.get(FRAGMENT_HEADER) == "step"
    try:
        rp, context = replay_context(request, game, _requested_step(request, fragment), fragment)
    except BadStep as error:
        response = render(request, "history/_bad_step.html", {"error": str(error)}, status=400)
    else:
        if fragment:
            response = render(request, "history/_step.html", context)
        else:
            context["log_items"] = present.log_items(replay.log_in_words(game, rp, context["viewer"]), rp.step)
            response = render(request, "history/replay.html", context)
    # One address, two answers (the page, or one step's parts for the script): caches must tell them apart.
    patch_vary_headers(response, [FRAGMENT_HEADER])
    return response


class RecordView(APIView):
    """The verifiable record of a finished game (409 while it is in progress: the seed stays secret)."""

    @extend_schema(
        responses={
            200: RecordSerializer,
            401: api_serializers.ErrorSerializer,
            404: api_serializers.ErrorSerializer,
            409: api_serializers.ErrorSerializer,
        },
        tags=["games"],
        description=_(
            "The record of a finished game: engine version, mode, players by seat, seed and its commitment, "
            "every decision in order, placings and final VP. Check it with `manage.py verify_record FILE`."
        ),
    )
    def get(self, request, id):  # "id", as in every other /api/v1/games/{id}/ path
        game = game_selectors.get_game(id)
        return Response(record.build_record(game))
