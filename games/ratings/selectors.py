"""The read side of ratings: leaderboards, a player's ratings and history, the ratings next to names."""

from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.db.models import F, Q, Window
from django.db.models.functions import RowNumber
from django.utils import timezone

from games.services import calibration

from . import pools, skill
from .models import GameResult, PlayerRating


@dataclass(frozen=True)
class Reliability:
    """How many of a player's latest games with other people they played to the end."""

    finished: int
    games: int

    @property
    def percent(self):
        return round(100 * self.finished / self.games) if self.games else None


def provisional(rating):
    return rating.rated_games < settings.RATINGS_PROVISIONAL_GAMES


# --- leaderboards -------------------------------------------------------------------------------------------


def _board_filter(pool, now=None):
    now = now or timezone.now()
    return Q(
        game=pool.game,
        mode=pool.variant,
        rated_games__gte=settings.RATINGS_LEADERBOARD_MIN_GAMES,
        last_rated_at__gte=now - settings.RATINGS_LEADERBOARD_ACTIVE,
    )


def leaderboard(pool, now=None):
    """The players listed on the leaderboard of ``pool`` (``pools.Pool``), best first: enough rated games,
    one of them recent; ranked by μ − 3σ (ties by the older account first)."""
    return (
        PlayerRating.objects.filter(_board_filter(pool, now))
        .select_related("user")
        .order_by("-ordinal", "user_id")
    )


def provisional_board(pool, limit, now=None):
    """The players of ``pool`` not yet listed for lack of rated games (fewer than
    RATINGS_LEADERBOARD_MIN_GAMES) but with one recent, best first: at most ``limit``, and whether there
    are more. Read from the partial index ``ratings_provisional``."""
    now = now or timezone.now()
    rows = list(
        PlayerRating.objects.filter(
            game=pool.game,
            mode=pool.variant,
            rated_games__lt=settings.RATINGS_LEADERBOARD_MIN_GAMES,
            last_rated_at__gte=now - settings.RATINGS_LEADERBOARD_ACTIVE,
        )
        .select_related("user")
        .order_by("-ordinal", "user_id")[: limit + 1]
    )
    return rows[:limit], len(rows) > limit


BOARD_COUNT_TTL = 60  # seconds the total behind "page N of M" may lag; the rows are always live


class LeaderboardPages:
    """A leaderboard as Django's Paginator takes it. A page is read in two steps: the players' ids from the
    leaderboard's partial index alone (an index-only scan, however deep the page), then those 50 rows with
    their users; the count is cached for a minute per pool."""

    def __init__(self, pool, now=None):
        self.pool = pool
        self.listed = leaderboard(pool, now)

    def count(self):
        key = f"ratings:board-count:{self.pool.key}"
        try:
            total = cache.get(key)
        except Exception:  # the cache is an optimisation only
            total = None
        if total is None:
            total = self.listed.count()
            try:
                cache.set(key, total, BOARD_COUNT_TTL)
            except Exception:
                pass
        return total

    def __len__(self):
        return self.count()

    def __getitem__(self, window):
        user_ids = list(self.listed.values_list("user_id", flat=True)[window])
        rows = PlayerRating.objects.filter(
            game=self.pool.game, mode=self.pool.variant, user_id__in=user_ids
        ).select_related("user")
        by_user = {row.user_id: row for row in rows}
        return [by_user[user_id] for user_id in user_ids if user_id in by_user]


def board_rank(rating, now=None):
    """The place of ``rating`` on its leaderboard, or None when it is not listed there."""
    now = now or timezone.now()
    listed = PlayerRating.objects.filter(_board_filter(pools.Pool(rating.game, rating.mode), now))
    if not listed.filter(pk=rating.pk).exists():
        return None
    ahead = listed.filter(Q(ordinal__gt=rating.ordinal) | Q(ordinal=rating.ordinal, user_id__lt=rating.user_id))
    return ahead.count() + 1


# --- reliability --------------------------------------------------------------------------------------------


def reliability_of(user_ids):
    """{user id: Reliability} over each player's latest RATINGS_RELIABILITY_GAMES finished games with at least
    one other person (leaving a game against bots harms nobody), in one query."""
    user_ids = list(user_ids)
    latest = settings.RATINGS_RELIABILITY_GAMES
    rows = (
        GameResult.objects.filter(user_id__in=user_ids, people__gte=2)
        .annotate(
            recent=Window(
                RowNumber(), partition_by=[F("user_id")], order_by=[F("finished_at").desc(), F("game_id").desc()]
            )
        )
        .filter(recent__lte=latest)
        .values_list("user_id", "left")
    )
    counts = {}
    for user_id, left in rows:
        finished, games = counts.get(user_id, (0, 0))
        counts[user_id] = (finished + (not left), games + 1)
    return {user_id: Reliability(*counts.get(user_id, (0, 0))) for user_id in user_ids}


# --- next to names ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Badge:
    """What the rating next to a name shows (a calibrated bot's is fixed: no count of games)."""

    ordinal: float
    mu: float
    sigma: float
    rated_games: int | None
    provisional: bool = False
    bot: bool = False
    pool: pools.Pool | None = None


def ratings_for(keys):
    """{(user id, pool): PlayerRating} for the (user id, pool) keys asked, in one query."""
    keys = set(keys)
    if not keys:
        return {}
    users = {u for u, _p in keys}
    games = {p.game for _u, p in keys}
    rows = PlayerRating.objects.filter(user_id__in=users, game__in=games)
    found = {(r.user_id, pools.Pool(r.game, r.mode)): r for r in rows}
    return {key: found[key] for key in keys if key in found}


def main_badge(user_id):
    """A person's rating in the pool of most of their rated games (the first pool of the site's first
    game on a tie), or None."""
    ratings = list(PlayerRating.objects.filter(user_id=user_id))
    if not ratings:
        return None
    order = {pool: index for index, pool in enumerate(pools.pools())}
    rating = min(ratings, key=lambda r: (-r.rated_games, order.get(pools.Pool(r.game, r.mode), len(order))))
    return Badge(rating.ordinal, rating.mu, rating.sigma, rating.rated_games, provisional(rating),
                 pool=pools.Pool(rating.game, rating.mode))


def seat_ratings(games):
    """{(game id, seat's display name): badge} for the seats of ``games`` (their seats prefetched): a
    person's rating in the game's pool, a calibrated bot's fixed rating."""
    seats = [(game, seat) for game in games for seat in game.seats.all()]
    pool_by_game = {game.pk: pools.pool_of(game) for game in games}
    stored = ratings_for((seat.user_id, pool_by_game[game.pk]) for game, seat in seats if seat.user_id is not None)
    badges = {}
    for game, seat in seats:
        if seat.is_bot:
            fixed = calibration(game.game, seat.bot_kind)
            if fixed is not None:
                mu, sigma = fixed
                badges[(game.pk, seat.display_name)] = Badge(skill.ordinal(mu, sigma), mu, sigma, None, bot=True)
            continue
        rating = stored.get((seat.user_id, pool_by_game[game.pk]))
        if rating is not None:
            badges[(game.pk, seat.display_name)] = Badge(
                rating.ordinal, rating.mu, rating.sigma, rating.rated_games, provisional=provisional(rating)
            )
    return badges


# --- a player's page ----------------------------------------------------------------------------------------


def player_ratings(user, history_games=100, now=None):
    """The player's rating in each pool they have one, with their latest rated results (oldest first) for
    the chart, their place on the leaderboard, and their reliability."""
    now = now or timezone.now()
    ratings = {pools.Pool(r.game, r.mode): r for r in PlayerRating.objects.filter(user=user)}
    modes = []
    for pool in pools.pools():
        rating = ratings.get(pool)
        if rating is None:
            continue
        results = list(
            GameResult.objects.filter(user=user, game__game=pool.game, mode=pool.variant, weight__gt=0)
            .order_by("-finished_at", "-game_id")
            .values("game_id", "finished_at", "place", "mu", "sigma", "weight")[:history_games]
        )
        results.reverse()
        modes.append(
            {
                "pool": pool,
                "label": pool.label,
                "rating": rating,
                "provisional": provisional(rating),
                "rank": board_rank(rating, now),
                "history": results,
                "first_number": rating.rated_games - len(results) + 1,
            }
        )
    return {"modes": modes, "reliability": reliability_of([user.pk])[user.pk]}


def game_results(game):
    """The results of a finished game, by seat position (empty before it is recorded, or without people)."""
    return {r.position: r for r in GameResult.objects.filter(game=game).select_related("user")}
