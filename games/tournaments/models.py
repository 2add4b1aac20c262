"""Tournaments: events whose games are ordinary games of the site.

What is stored is who entered, how each round was seated (``Table`` → the site's ``Game``, ``Bye``) and,
per table and entrant, the result as the game's log says it (``TableSeat``: place, points, VP, whether the
seat timed out), written when the game ends (services.record_table). Standings are computed from those rows
(standings.py); ``tournament_sim`` recomputes the rows from the logs and compares.

Personal data: ``Entrant.user`` is the one reference to a person (PROTECT, as a game's ``Seat`` does: the
results of a player whose account goes must still stand for the others' tie-breaks, so account deletion
anonymises rather than deletes; it withdraws them first). ``Tournament.created_by`` is SET_NULL, as
``Game.created_by``.
"""

from django.conf import settings
from django.db import models
from django.db.models import JSONField, Q, Value
from django.utils.translation import gettext_lazy as _

from games.models import DEFAULT_GAME, Game, Seat
from games.presentation import for_game


class Tournament(models.Model):
    class Format(models.TextChoices):
        SWISS = "swiss", _("Swiss")
        ROUND_ROBIN = "round_robin", _("Round robin")
        KNOCKOUT = "knockout", _("Knockout")

    class Status(models.TextChoices):
        OPEN = "open", _("Open for entries")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")
        CANCELLED = "cancelled", _("Cancelled")

    class TimeoutPolicy(models.TextChoices):
        # The same choices as the clock's (games.clock.models.TimeControl.Policy).
        BOT = "bot", _("The bot plays the turn")
        END = "end", _("The game ends, the absent player last")

    name = models.CharField(_("name"), max_length=100)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("director"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="directed_tournaments",
    )
    format = models.CharField(_("format"), max_length=16, choices=Format.choices, default=Format.SWISS)
    table_size = models.PositiveSmallIntegerField(_("players per table"), default=4)
    # The game every table plays, with these options (a slug of engine.GAMES; its ``validate_options``'s).
    game = models.CharField(_("game"), max_length=32, default=DEFAULT_GAME, db_default=DEFAULT_GAME)
    options = models.JSONField(_("options"), default=dict, db_default=Value({}, JSONField()), blank=True)
    # The previous release's place for the one option of its one game, still written while it may run on
    # this schema (as ``Game.mode``).
    mode = models.CharField(
        _("rules"), max_length=16, choices=Game.Mode.choices, default=Game.Mode.PRINTED, blank=True
    )
    per_move = models.DurationField(_("time per move"), null=True, blank=True, help_text=_("Empty: no limit."))
    timeout_policy = models.CharField(
        _("timeout policy"), max_length=8, choices=TimeoutPolicy.choices, default=TimeoutPolicy.BOT
    )
    # Swiss: the number of rounds; round robin at tables of 3-4: the games each group plays. Empty until the
    # start means as many as the format needs (Swiss: ⌈log2 n⌉ + 1, at most 6), stored then.
    rounds = models.PositiveSmallIntegerField(_("rounds"), null=True, blank=True)
    starts_at = models.DateTimeField(_("starts at"), null=True, blank=True)
    max_players = models.PositiveSmallIntegerField(_("maximum players"), default=32)
    rated = models.BooleanField(_("rated"), default=False)
    min_reliability = models.PositiveSmallIntegerField(
        _("minimum reliability (%)"), null=True, blank=True,
        help_text=_("The share of a player's recent games they finished without leaving; empty: no check."),
    )
    fill_with_bots = models.BooleanField(
        _("fill tables with bots"), default=False, help_text=_("Bots make up the numbers so that every table is full.")
    )
    bot_kind = models.CharField(_("bot"), max_length=16, choices=Seat.BotKind.choices, default=Seat.BotKind.GREEDY)
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.OPEN, db_index=True)
    current_round = models.PositiveSmallIntegerField(_("current round"), default=0)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ["-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(table_size__gte=2) & Q(table_size__lte=4), name="tournaments_table_size_2_4"
            ),
        ]

    def __str__(self):
        return self.name

    def directed_by(self, user):
        """Whether ``user`` directs this tournament: its director, or the site's staff once its director has
        left the site (``services.director_left``)."""
        if not getattr(user, "is_authenticated", False):
            return False
        if self.created_by_id is not None:
            return user.pk == self.created_by_id
        return bool(user.is_staff)


class Entrant(models.Model):
    """A player of a tournament: a person, or a bot that fills the tables (``fill_with_bots``)."""

    class Left(models.TextChoices):
        WITHDREW = "withdrew", _("Withdrew")
        TIMED_OUT = "timed_out", _("Timed out in a game")
        ELIMINATED = "eliminated", _("Eliminated")
        UNRELIABLE = "unreliable", _("Below the reliability required")
        NOT_NEEDED = "not_needed", _("Bot no longer needed")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entrants")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("player"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="tournament_entries",
    )
    bot_kind = models.CharField(_("bot"), max_length=16, choices=Seat.BotKind.choices, blank=True)
    # The rating at the start (μ − 3σ in the tournament's rules; 0 without one): seeding and the last tie-break.
    rating = models.FloatField(_("rating at the start"), default=0.0)
    # Seed number from 1 (by rating, then at random), given at the start.
    seed = models.PositiveSmallIntegerField(_("seed"), null=True, blank=True)
    group = models.PositiveSmallIntegerField(_("group"), null=True, blank=True)  # round robin
    joined_at = models.DateTimeField(_("joined at"), auto_now_add=True)
    left_at = models.DateTimeField(_("left at"), null=True, blank=True)
    left_reason = models.CharField(_("why they left"), max_length=16, choices=Left.choices, blank=True)
    # The last round they were seated in before leaving (0: before the first round).
    left_after_round = models.PositiveSmallIntegerField(_("left after round"), null=True, blank=True)

    class Meta:
        verbose_name = _("entrant")
        verbose_name_plural = _("entrants")
        ordering = ["tournament", "seed", "joined_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "user"], condition=Q(user__isnull=False), name="tournaments_one_entry_per_user"
            ),
            models.CheckConstraint(
                condition=(Q(user__isnull=False) & Q(bot_kind="")) | (Q(user__isnull=True) & ~Q(bot_kind="")),
                name="tournaments_entrant_user_or_bot",
            ),
        ]

    def __str__(self):
        return self.name

    @property
    def is_bot(self):
        return self.user_id is None

    @property
    def active(self):
        return self.left_at is None

    @property
    def name(self):
        """A person's username; a bot's name as every page names bots (the game's ``bot_name``): its kind's
        name alone ("Greedy bot"), since a tournament's bot has no seat outside a table (``TableSeat.name``
        gives it its seat there, as the game's page does)."""
        if self.is_bot:
            return for_game(self.tournament.game).bot_name(self.bot_kind)
        return self.user.username


class Round(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField(_("round"))
    started_at = models.DateTimeField(_("started at"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        ordering = ["tournament", "number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="tournaments_round_unique")]

    def __str__(self):
        return f"{self.tournament_id}/{self.number}"


class Table(models.Model):
    """One game of a round. ``number`` orders the tables from the top (knockout: the bracket's slot)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("table"))
    game = models.OneToOneField(Game, on_delete=models.PROTECT, related_name="tournament_table")
    finished = models.BooleanField(_("result recorded"), default=False)

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="tournaments_table_unique")]

    def __str__(self):
        return f"{self.round}/{self.number}"


class TableSeat(models.Model):
    """An entrant at a table, and once the game is over their result as its log says."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="table_seats")
    position = models.PositiveSmallIntegerField(_("seat in the game"))  # the engine's seat
    place = models.PositiveSmallIntegerField(_("place"), null=True, blank=True)
    points = models.FloatField(_("points"), null=True, blank=True)
    vp = models.PositiveSmallIntegerField(_("VP"), null=True, blank=True)
    timed_out = models.BooleanField(_("timed out"), default=False)
    left = models.BooleanField(_("left the game"), default=False)

    class Meta:
        verbose_name = _("table seat")
        verbose_name_plural = _("table seats")
        ordering = ["table", "place", "id"]
        constraints = [models.UniqueConstraint(fields=["table", "entrant"], name="tournaments_seat_unique")]

    def __str__(self):
        return f"{self.table}: {self.entrant_id}"

    @property
    def name(self):
        """The entrant's name at this table: a bot's with its seat from 1 ("Greedy bot 3"), as the game's own
        page names that seat (``Seat.display_name``), so a round's page and its game name a bot alike."""
        if self.entrant.is_bot:
            return for_game(self.entrant.tournament.game).bot_name(self.entrant.bot_kind, self.position + 1)
        return self.entrant.name


class Bye(models.Model):
    """A round without a game for an entrant: a Swiss bye (average points), a round robin's rest (none), a
    forfeit or walkover when the opponent withdrew (a win), a knockout's first-round bye (advances)."""

    class Kind(models.TextChoices):
        BYE = "bye", _("Bye")
        REST = "rest", _("Rest")
        FORFEIT = "forfeit", _("Win by forfeit")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="byes")
    kind = models.CharField(_("kind"), max_length=8, choices=Kind.choices, default=Kind.BYE)
    points = models.FloatField(_("points"))
    number = models.PositiveSmallIntegerField(_("slot"), default=0)  # knockout: the bracket's slot

    class Meta:
        verbose_name = _("bye")
        verbose_name_plural = _("byes")
        constraints = [models.UniqueConstraint(fields=["round", "entrant"], name="tournaments_bye_unique")]

    def __str__(self):
        return f"{self.round}: {self.kind} {self.entrant_id}"


class Event(models.Model):
    """The tournament's history: rounds paired, players withdrawn, the end (what a director would log)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="events")
    at = models.DateTimeField(_("at"), auto_now_add=True)
    text = models.JSONField(_("what happened"))  # {"kind": ..., parameters}: rendered in the reader's language

    class Meta:
        verbose_name = _("tournament event")
        verbose_name_plural = _("tournament events")
        ordering = ["tournament", "at", "id"]

    def __str__(self):
        return f"{self.tournament_id} {self.at:%Y-%m-%d %H:%M}: {self.text.get('kind')}"
