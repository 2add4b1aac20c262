"""Leaderboards: thin views over the selectors."""

from django.conf import settings
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games.models import Game

from . import selectors


@require_GET
def leaderboards(request):
    return redirect("ratings:leaderboard", mode=Game.Mode.PRINTED)


@require_GET
def leaderboard(request, mode):
    if mode not in selectors.MODES:
        raise Http404(_("No such leaderboard."))
    paginator = Paginator(selectors.LeaderboardPages(mode), settings.RATINGS_LEADERBOARD_PAGE_SIZE)
    page = paginator.get_page(request.GET.get("page"))
    ratings = list(page.object_list)
    reliability = selectors.reliability_of(r.user_id for r in ratings)
    rows = [
        {"rank": page.start_index() + index, "rating": rating, "reliability": reliability[rating.user_id]}
        for index, rating in enumerate(ratings)
    ]
    return render(
        request,
        "ratings/leaderboard.html",
        {
            "mode": mode,
            "mode_label": Game.Mode(mode).label,
            "modes": Game.Mode.choices,
            "page": page,
            "rows": rows,
            "min_games": settings.RATINGS_LEADERBOARD_MIN_GAMES,
            "active_days": settings.RATINGS_LEADERBOARD_ACTIVE.days,
        },
    )
