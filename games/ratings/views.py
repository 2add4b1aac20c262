"""Leaderboards: thin views over the selectors."""

from django.conf import settings
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games.models import DEFAULT_GAME

from . import pools, selectors, skill


@require_GET
def leaderboards(request):
    return redirect(pools.pools()[0].url())


@require_GET
def game_leaderboard(request, game):
    """A game's leaderboard: its only pool's, or its first variant's. The first address of the leaderboards
    (``/leaderboards/<mode>/``, before the site had more games) leads to the default game's variant."""
    pool = pools.find(game, "") or pools.first_of(game) or pools.find(DEFAULT_GAME, game)
    if pool is None:
        raise Http404(_("No such leaderboard."))
    if pool.variant:
        return redirect(pool.url())
    return _board(request, pool)


@require_GET
def leaderboard(request, game, variant):
    pool = pools.find(game, variant)
    if pool is None or not variant:
        raise Http404(_("No such leaderboard."))
    return _board(request, pool)


def _board(request, pool):
    paginator = Paginator(selectors.LeaderboardPages(pool), settings.RATINGS_LEADERBOARD_PAGE_SIZE)
    page = paginator.get_page(request.GET.get("page"))
    ratings = list(page.object_list)
    # Players not listed yet for lack of rated games get a section of their own under the first page.
    provisional, more = (
        selectors.provisional_board(pool, settings.RATINGS_LEADERBOARD_PAGE_SIZE) if page.number == 1 else ([], False)
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
            "pool": pool,
            "mode_label": pool.label,
            "pools": pools.pools(),
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
