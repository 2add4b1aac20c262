"""Ratings: one row per finished game and person (``GameResult``), and each person's current rating in each
pool (``PlayerRating``, what their latest rated result says). A pool is a game and the variant of its rules
rated apart (``pools.pool_of``: Guildhall's printed and Yucata rules are two pools; a rating in one game says
nothing about another).

Both are derived: every value follows from the finished games taken in order (``finished_at``, then id)
and from the settings in ``guildhall_site/settings/ratings.py``; ``manage.py rebuild_ratings`` recomputes
them all and must find exactly the stored values.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from games.models import DEFAULT_GAME, Game

# The partial index of the leaderboards holds players with at least this many rated games (the setting
# RATINGS_LEADERBOARD_MIN_GAMES may ask for more, never for fewer, for the index to serve).
BOARD_INDEX_MIN_GAMES = 10


class PlayerRating(models.Model):
    """A person's current rating in one pool, ``game`` and its variant ``mode`` (OpenSkill's Plackett–Luce
    model: mean ``mu``, uncertainty ``sigma``); ``ordinal`` is μ − 3σ, the conservative estimate that
    leaderboards rank by."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("player"), on_delete=models.CASCADE, related_name="ratings"
    )
    game = models.CharField(_("game"), max_length=32, default=DEFAULT_GAME, db_default=DEFAULT_GAME)
    # The variant of the game's rules rated apart (``pools.variant_of``; empty for a game rated as one).
    mode = models.CharField(_("variant"), max_length=64, blank=True)
    mu = models.FloatField(_("μ (mean)"))
    sigma = models.FloatField(_("σ (uncertainty)"))
    ordinal = models.FloatField(_("rating (μ − 3σ)"))
    rated_games = models.PositiveIntegerField(_("rated games"))
    last_rated_at = models.DateTimeField(_("last rated game"))

    class Meta:
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        constraints = [models.UniqueConstraint(fields=["user", "game", "mode"], name="ratings_one_per_pool")]
        indexes = [
            # A leaderboard page: WHERE game AND mode AND rated_games >= n AND last_rated_at >= t ORDER BY
            # ordinal DESC, user; the included column lets PostgreSQL count the qualifying rows from the index.
            models.Index(
                fields=["game", "mode", "-ordinal", "user"],
                include=["last_rated_at"],
                name="ratings_pool_board",
                condition=Q(rated_games__gte=BOARD_INDEX_MIN_GAMES),
            ),
            # The leaderboard's section of provisional players (fewer rated games), best first.
            models.Index(
                fields=["game", "mode", "-ordinal", "user"],
                include=["last_rated_at"],
                name="ratings_pool_provisional",
                condition=Q(rated_games__lt=BOARD_INDEX_MIN_GAMES),
            ),
            # The previous release's leaderboards read these (per mode alone) while it may run on this schema;
            # the next release drops them (docs/releases.md, "to contract").
            models.Index(
                fields=["mode", "-ordinal", "user"],
                include=["last_rated_at"],
                name="ratings_board",
                condition=Q(rated_games__gte=BOARD_INDEX_MIN_GAMES),
            ),
            models.Index(
                fields=["mode", "-ordinal", "user"],
                include=["last_rated_at"],
                name="ratings_provisional",
                condition=Q(rated_games__lt=BOARD_INDEX_MIN_GAMES),
            ),
        ]

    def __str__(self):
        return f"{self.user_id}/{self.game}/{self.mode}: {self.ordinal:.2f}"


class GameResult(models.Model):
    """One finished game of one person: their place, whether they left it, whether it counted for ratings
    (and why not), and, when it did, their rating before and after it."""

    class Verdict(models.TextChoices):
        RATED = "rated", _("Rated")
        UNRATED = "unrated", _("Unrated (the creator's choice)")
        BOTS = "bots", _("Unrated: a bot without a calibration rating played")
        ANNULLED = "annulled", _("Annulled: a player left before everyone had played two turns")
        REPEATED = "repeated", _("Unrated: too many recent rated games among the same players")

    game = models.ForeignKey(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="results")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("player"), on_delete=models.CASCADE, related_name="game_results"
    )
    # The variant of the game's rules it was rated in (the game is ``game.game``): ``PlayerRating.mode``.
    mode = models.CharField(_("variant"), max_length=64, blank=True)
    finished_at = models.DateTimeField(_("finished at"))
    position = models.PositiveSmallIntegerField(_("seat"))
    place = models.PositiveSmallIntegerField(_("place"))
    left = models.BooleanField(_("left the game"), help_text=_("Resigned, or lost the seat to the clock."))
    people = models.PositiveSmallIntegerField(_("people at the table"))
    # Who played: the people's ids and the calibrated bots' kinds, sorted (repeated games are told by it).
    lineup = models.CharField(_("line-up"), max_length=200)
    verdict = models.CharField(_("verdict"), max_length=16, choices=Verdict.choices)
    weight = models.FloatField(_("weight"), help_text=_("The share of the rating change applied; 0 when unrated."))
    mu_before = models.FloatField(_("μ before"), null=True, blank=True)
    sigma_before = models.FloatField(_("σ before"), null=True, blank=True)
    mu = models.FloatField(_("μ after"), null=True, blank=True)
    sigma = models.FloatField(_("σ after"), null=True, blank=True)

    class Meta:
        verbose_name = _("game result")
        verbose_name_plural = _("game results")
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="ratings_one_result_per_game")]
        indexes = [
            # A player's results newest first (reliability, the rating chart, repeated games).
            models.Index(fields=["user", "-finished_at", "-game"], name="ratings_result_player"),
            # Re-rating from a point of the order on (a game that committed after a later one).
            models.Index(fields=["finished_at", "game"], name="ratings_result_order"),
        ]

    def __str__(self):
        return f"{self.game_id}/{self.user_id}: {self.verdict}"

    @property
    def ordinal(self):
        return None if self.mu is None else self.mu - 3 * self.sigma
