"""Leaderboards: thin views over the selectors."""

from django.conf import settings
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games.models import Game

from . import selectors, skill


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
    # Players not listed yet for lack of rated games get a section of their own under the first page.
    provisional, more = (
        selectors.provisional_board(mode, settings.RATINGS_LEADERBOARD_PAGE_SIZE) if page.number == 1 else ([], False)
    )
    reliability = selectors.reliability_of([r.user_id for r in ratings] + [r.user_id for r in provisional])
    rows = [
        {"rank": page.start_index() + index, "rating": rating, "reliability": reliability[rating.user_id]}
        for index, rating in enumerate(ratings)
    ]
    mu, sigma = skill.initial()
    return render(
        request,
        "ratings/leaderboard.html",
        {
            "mode": mode,
            "mode_label": Game.Mode(mode).label,
            "modes": Game.Mode.choices,
            "page": page,
            "rows": rows,
            "provisional": [{"rating": r, "reliability": reliability[r.user_id]} for r in provisional],
            "more_provisional": more,
            "min_games": settings.RATINGS_LEADERBOARD_MIN_GAMES,
            "provisional_games": settings.RATINGS_PROVISIONAL_GAMES,
            "initial": {"mu": mu, "sigma": sigma, "ordinal": skill.ordinal(mu, sigma)},
            "active_days": settings.RATINGS_LEADERBOARD_ACTIVE.days,
        },
    )
