"""The read side of ratings: leaderboards, a player's ratings and history, the ratings next to names."""

from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.db.models import F, Q, Window
from django.db.models.functions import RowNumber
from django.utils import timezone

from games.models import Game

from . import skill
from .models import GameResult, PlayerRating

MODES = tuple(Game.Mode.values)


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


def _board_filter(mode, now=None):
    now = now or timezone.now()
    return Q(
        mode=mode,
        rated_games__gte=settings.RATINGS_LEADERBOARD_MIN_GAMES,
        last_rated_at__gte=now - settings.RATINGS_LEADERBOARD_ACTIVE,
    )


def leaderboard(mode, now=None):
    """The players listed on the leaderboard of ``mode``, best first: enough rated games, one of them
    recent; ranked by μ − 3σ (ties by the older account first)."""
    return (
        PlayerRating.objects.filter(_board_filter(mode, now))
        .select_related("user")
        .order_by("-ordinal", "user_id")
    )


def provisional_board(mode, limit, now=None):
    """The players of ``mode`` not yet listed for lack of rated games (fewer than
    RATINGS_LEADERBOARD_MIN_GAMES) but with one recent, best first: at most ``limit``, and whether there
    are more. Read from the partial index ``ratings_provisional``."""
    now = now or timezone.now()
    rows = list(
        PlayerRating.objects.filter(
            mode=mode,
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
    their users; the count is cached for a minute per mode."""

    def __init__(self, mode, now=None):
        self.mode = mode
        self.listed = leaderboard(mode, now)

    def count(self):
        key = f"ratings:board-count:{self.mode}"
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
        rows = PlayerRating.objects.filter(mode=self.mode, user_id__in=user_ids).select_related("user")
        by_user = {row.user_id: row for row in rows}
        return [by_user[user_id] for user_id in user_ids if user_id in by_user]


def board_rank(rating, now=None):
    """The place of ``rating`` on its leaderboard, or None when it is not listed there."""
    now = now or timezone.now()
    listed = PlayerRating.objects.filter(_board_filter(rating.mode, now))
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
    mode: str | None = None



def ratings_for(pairs):
    """{(user id, mode): PlayerRating} for the (user id, mode) pairs asked, in one query."""
    pairs = set(pairs)
    if not pairs:
        return {}
    users = {u for u, _m in pairs}
    modes = {m for _u, m in pairs}
    rows = PlayerRating.objects.filter(user_id__in=users, mode__in=modes)
    return {(r.user_id, r.mode): r for r in rows if (r.user_id, r.mode) in pairs}


def main_badge(user_id):
    """A person's rating in the mode of most of their rated games (printed rules first on a tie), or None."""
    rating = PlayerRating.objects.filter(user_id=user_id).order_by("-rated_games", "mode").first()
    if rating is None:
        return None
    return Badge(rating.ordinal, rating.mu, rating.sigma, rating.rated_games, provisional(rating), mode=rating.mode)


def seat_ratings(games):
    """{(game id, seat's display name): badge} for the seats of ``games`` (their seats prefetched): a
    person's rating in the game's mode, a calibrated bot's fixed rating."""
    seats = [(game, seat) for game in games for seat in game.seats.all()]
    stored = ratings_for((seat.user_id, game.mode) for game, seat in seats if seat.user_id is not None)
    calibration = settings.RATINGS_BOT_CALIBRATION
    badges = {}
    for game, seat in seats:
        if seat.is_bot:
            if seat.bot_kind in calibration:
                mu, sigma = calibration[seat.bot_kind]
                badges[(game.pk, seat.display_name)] = Badge(skill.ordinal(mu, sigma), mu, sigma, None, bot=True)
            continue
        rating = stored.get((seat.user_id, game.mode))
        if rating is not None:
            badges[(game.pk, seat.display_name)] = Badge(
                rating.ordinal, rating.mu, rating.sigma, rating.rated_games, provisional=provisional(rating)
            )
    return badges


# --- a player's page ----------------------------------------------------------------------------------------


def player_ratings(user, history_games=100, now=None):
    """The player's rating in each mode they have one, with their latest rated results (oldest first) for
    the chart, their place on the leaderboard, and their reliability."""
    now = now or timezone.now()
    ratings = {r.mode: r for r in PlayerRating.objects.filter(user=user)}
    modes = []
    for mode, label in Game.Mode.choices:
        rating = ratings.get(mode)
        if rating is None:
            continue
        results = list(
            GameResult.objects.filter(user=user, mode=mode, weight__gt=0)
            .order_by("-finished_at", "-game_id")
            .values("game_id", "finished_at", "place", "mu", "sigma", "weight")[:history_games]
        )
        results.reverse()
        modes.append(
            {
                "mode": mode,
                "label": label,
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
