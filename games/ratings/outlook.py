"""Whether a game can count for ratings, and what a game will be judged before it ends.

One set of checks for the recording of a finished game (``services._verdict``), the lobby's form (is
"Rated" possible with these bots?) and the labels of the game lists ("Rated" says what the game will be,
not what its creator asked for). A game still in play is judged as it would be if it ended now with
nobody leaving: whether someone leaves early (an annulled game) is not known before it happens.
"""

from dataclasses import dataclass

from django.conf import settings
from django.db.models import Count
from django.utils import timezone

from games.models import DEFAULT_GAME, Game
from games.services import calibration

from .models import GameResult
from .pools import pool_of

Verdict = GameResult.Verdict


@dataclass(frozen=True)
class Outlook:
    """What a game is or will be judged: its verdict, the share of the change it applies, and whether the
    verdict is the recorded one (the game is over) or a forecast."""

    verdict: str
    weight: float
    final: bool = False

    @property
    def counts(self):
        return self.verdict == Verdict.RATED

    @property
    def share(self):
        """The percentage of the change applied, when less than all of it (a repeated line-up)."""
        return round(self.weight * 100) if self.counts and self.weight < 1 else None


def calibrated(bot_kind, game=DEFAULT_GAME):
    """Whether bots of this kind in ``game`` (a slug) have a fixed calibration rating
    (RATINGS_BOT_CALIBRATION, ``games.services.calibration``)."""
    return calibration(game, bot_kind) is not None


def uncalibrated_bot(game, seats):
    """Whether a bot without a calibration rating sits among ``seats`` of ``game`` (such a game is unrated)."""
    return any(seat.is_bot and not calibrated(seat.bot_kind, game.game) for seat in seats)


def lineup_of(seats):
    """Who played, as a key: the people's ids and the bots' kinds, sorted."""
    return "|".join(sorted(f"b:{s.bot_kind}" if s.is_bot else f"u:{s.user_id}" for s in seats))


def repeat_verdict(repeats):
    """(verdict, weight) of a rated game whose line-up already had ``repeats`` rated games in the window."""
    weights = settings.RATINGS_REPEAT_WEIGHTS
    if repeats >= len(weights):
        return Verdict.REPEATED, 0.0
    return Verdict.RATED, float(weights[repeats])


def outlooks(games, now=None):
    """{game id: Outlook} for ``games`` (their seats prefetched): a finished game's recorded verdict, the
    forecast of any other. Two queries for the whole list."""
    now = now or timezone.now()
    games = list(games)
    recorded = {}
    finished_ids = [g.pk for g in games if g.status == Game.Status.FINISHED]
    if finished_ids:
        rows = GameResult.objects.filter(game_id__in=finished_ids).values_list("game_id", "verdict", "weight")
        for game_id, verdict, weight in rows:
            recorded[game_id] = Outlook(verdict, weight, final=True)
    lineups = {}
    for game in games:
        seats = list(game.seats.all())
        people = sorted((s for s in seats if not s.is_bot), key=lambda s: s.user_id)
        if game.rated and game.status == Game.Status.ACTIVE and people and not uncalibrated_bot(game, seats):
            pool = pool_of(game)
            lineups[game.pk] = (people[0].user_id, lineup_of(seats), pool.game, pool.variant)
    repeats = _recent_rated(lineups.values(), now)
    result = {}
    for game in games:
        if game.pk in recorded:
            result[game.pk] = recorded[game.pk]
        elif not game.rated:
            result[game.pk] = Outlook(Verdict.UNRATED, 0.0)
        elif uncalibrated_bot(game, game.seats.all()):
            result[game.pk] = Outlook(Verdict.BOTS, 0.0)
        else:
            result[game.pk] = Outlook(*repeat_verdict(repeats.get(lineups.get(game.pk), 0)))
    return result


def _recent_rated(keys, now):
    """{(a person's id, line-up, game, variant): rated games of that line-up in that pool within
    RATINGS_REPEAT_WINDOW}, one query."""
    keys = set(keys)
    if not keys:
        return {}
    rows = (
        GameResult.objects.filter(
            user_id__in={k[0] for k in keys},
            lineup__in={k[1] for k in keys},
            weight__gt=0,
            finished_at__gte=now - settings.RATINGS_REPEAT_WINDOW,
        )
        .values("user_id", "lineup", "game__game", "mode")
        .annotate(games=Count("pk"))
    )
    found = {(r["user_id"], r["lineup"], r["game__game"], r["mode"]): r["games"] for r in rows}
    return {key: found.get(key, 0) for key in keys}
