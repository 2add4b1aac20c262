"""Games are append-only logs of decisions; everything else on a game is derived from the log.

``Game`` carries a few denormalised fields (seq, turn, to_move, scores, deadline) so that lists can be
filtered and sorted without replaying; ``services.submit_decision`` keeps them in step with the log and
``manage.py replay_games`` checks that they are.
"""

from django.conf import settings
from django.db import models
from django.db.models import F, JSONField, Q, Value
from django.utils.translation import gettext_lazy as _

from games import DEFAULT_GAME  # noqa: F401 - the site's first game (games/__init__.py), read from here too

# ``Game.ended_by`` as the previous release wrote it (and, running beside this one, still writes it) ->
# the rules' word for it now.
LEGACY_ENDINGS = {"vp": "rules"}


class Game(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        ACTIVE = "active", _("Active")
        FINISHED = "finished", _("Finished")
        ABORTED = "aborted", _("Aborted")

    class Mode(models.TextChoices):
        PRINTED = "printed", _("Printed rules")
        YUCATA = "yucata", _("Yucata rules")

    # The game played (a slug of engine.GAMES) and the options its creator chose, as the game's
    # ``validate_options`` returned them: with the seed, the seats and the log, all the rules need.
    game = models.CharField(_("game"), max_length=32, default=DEFAULT_GAME, db_default=DEFAULT_GAME)
    options = models.JSONField(_("options"), default=dict, db_default=Value({}, JSONField()), blank=True)
    engine_version = models.CharField(_("engine version"), max_length=32)
    # The previous release's place for the one option of its one game; still written (the option of that
    # name, empty for a game without one) while that release may run on this schema (docs/releases.md).
    mode = models.CharField(_("mode"), max_length=16, choices=Mode.choices, default=Mode.PRINTED, blank=True)
    num_seats = models.PositiveSmallIntegerField(_("number of seats"))
    status = models.CharField(
        _("status"), max_length=16, choices=Status.choices, default=Status.OPEN, db_index=True
    )
    # The seed is secret until the game is over; its SHA-256 commitment is public from creation.
    seed = models.CharField(_("seed"), max_length=128)
    seed_commitment = models.CharField(_("seed commitment"), max_length=64)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("created by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="created_games",
    )
    invited = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("invited users"),
        blank=True,
        related_name="game_invitations",
        help_text=_("When not empty, only these users may join."),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    # Denormalised from the log (see services.py).
    seq = models.PositiveIntegerField(_("log length"), default=0)
    turn = models.PositiveIntegerField(_("turn"), default=0)
    to_move_position = models.PositiveSmallIntegerField(_("seat to move"), null=True, blank=True)
    to_move_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user to move"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    scores = models.JSONField(_("scores by seat"), default=list, blank=True)
    deadline = models.DateTimeField(_("deadline"), null=True, blank=True)
    # How the game ended (the rules' ``outcome``: "rules", "resigned", "timed_out", "taken_over"; "vp" in rows
    # of the previous release for "rules": ``ending()``); empty while it goes on.
    ended_by = models.CharField(_("ended by"), max_length=16, blank=True, default="")
    # The creator's choice: a rated game counts for the players' ratings when it ends (games.ratings says
    # when it still does not: uncalibrated bots, a seat leaving in the first rounds, repeated games).
    rated = models.BooleanField(_("rated"), default=False)
    # A guided first game (games.learn): a fixed deal against a gentle bot, never rated, and left out of the
    # history browser and the players' statistics.
    lesson = models.BooleanField(_("lesson"), default=False)

    class Meta:
        verbose_name = _("game")
        verbose_name_plural = _("games")
        ordering = ["-id"]
        indexes = [
            models.Index(fields=["to_move_user", "status"], name="games_to_move_status"),
            # The history browser (games/history): finished games newest first, by turns, by duration.
            models.Index(
                F("finished_at").desc(), F("id").desc(), name="games_finished_recent",
                condition=Q(status="finished"),
            ),
            models.Index(
                F("turn").desc(), F("id").desc(), name="games_finished_turns", condition=Q(status="finished")
            ),
            models.Index(
                (F("finished_at") - F("started_at")).desc(), F("id").desc(), name="games_finished_duration",
                condition=Q(status="finished"),
            ),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(num_seats__gte=2) & Q(num_seats__lte=4), name="games_game_seats_2_4"
            ),
        ]

    def __str__(self):
        return _("Game %(id)s") % {"id": self.pk}

    @classmethod
    def from_db(cls, db, field_names, values):
        # Remember whose decision was awaited when the row was read, so that receivers of the saves can
        # tell a new turn from one more step of the same one without a query (Django's from_db recipe).
        instance = super().from_db(db, field_names, values)
        loaded = dict(zip(field_names, values, strict=True))
        instance.loaded_pending = (loaded.get("to_move_position"), loaded.get("turn"), loaded.get("to_move_user_id"))
        return instance

    def ending(self):
        """How the game ended, in the rules' words (``outcome``'s ``ended_by``), None while it goes on. A
        game finished by its rules before the site hosted more than one game says "vp" (its then name)."""
        return LEGACY_ENDINGS.get(self.ended_by, self.ended_by) or None

    def pending_key(self):
        """Whose decision is awaited: (engine seat, turn, the person, if one is waited for). A change of
        the last part within a turn is a seat's player leaving the game."""
        return (self.to_move_position, self.turn, self.to_move_user_id)

    def names_by_seat(self):
        """Display names by engine seat ("?" for a seat without a player, which a started game never has);
        reads ``seats.all()``, so a prefetch of the seats serves it."""
        seats = {s.position: s for s in self.seats.all() if s.position is not None}
        return [seats[p].display_name if p in seats else "?" for p in range(self.num_seats)]


class Seat(models.Model):
    class Kind(models.TextChoices):
        USER = "user", _("Player")
        BOT = "bot", _("Bot")

    class BotKind(models.TextChoices):
        GREEDY = "greedy", _("greedy")
        RANDOM = "random", _("random")
        STRONG = "strong", _("strong")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    kind = models.CharField(_("kind"), max_length=8, choices=Kind.choices, default=Kind.USER)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="seats",
    )
    bot_kind = models.CharField(_("bot kind"), max_length=16, choices=BotKind.choices, blank=True)
    # The engine's seat number, assigned when the game starts (null while the game is open).
    position = models.PositiveSmallIntegerField(_("position"), null=True, blank=True)
    joined_at = models.DateTimeField(_("joined at"), auto_now_add=True)
    final_place = models.PositiveSmallIntegerField(_("final place"), null=True, blank=True)

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["game", "position", "joined_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "position"],
                condition=Q(position__isnull=False),
                name="games_seat_unique_position",
            ),
            models.UniqueConstraint(
                fields=["game", "user"], condition=Q(user__isnull=False), name="games_seat_unique_user"
            ),
            models.CheckConstraint(
                condition=(Q(kind="user") & Q(user__isnull=False))
                | (Q(kind="bot") & Q(user__isnull=True) & ~Q(bot_kind="")),
                name="games_seat_user_or_bot",
            ),
        ]

    def __str__(self):
        return self.display_name

    @property
    def is_bot(self):
        return self.kind == self.Kind.BOT

    @property
    def display_name(self):
        # Bot names contain a space, which no username may, so they never collide with a user.
        if self.is_bot:  # the one rule for bots' names, the game's presentation's
            from games.presentation import for_game

            return for_game(self.game).bot_name(self.bot_kind, None if self.position is None else self.position + 1)
        return self.user.username


class LogQuerySet(models.QuerySet):
    def for_engine(self, game_id, upto=None):
        """The log of ``game_id`` (up to entry ``upto``, default all) as the rules' ``replay`` takes it:
        ``[(seat, decision, by), ...]``. Bounding by the seq the caller's game row says keeps a read
        consistent with that row even while a later decision commits."""
        rows = self.filter(game_id=game_id)
        if upto is not None:
            rows = rows.filter(seq__lte=upto)
        rows = rows.order_by("seq").values_list("seat", "decision", "by")
        return [(seat, decision, by or None) for seat, decision, by in rows]


class LogEntry(models.Model):
    """One decision of one seat. Rows are only ever inserted: a database trigger (migration 0002)
    refuses UPDATE and DELETE on this table, on PostgreSQL and on SQLite alike."""

    class By(models.TextChoices):
        # Who made the entry (the rules' ``apply``'s ``by``): the seat itself, or the server for it.
        SEAT = "", _("the seat's player")
        TIMEOUT = "timeout", _("the server: time ran out")
        BOT = "bot", _("the server's bot, for a seat that left")

    game = models.ForeignKey(Game, on_delete=models.DO_NOTHING, related_name="log")
    seq = models.PositiveIntegerField(_("sequence number"))
    seat = models.PositiveSmallIntegerField(_("seat"))
    decision = models.JSONField(_("decision"))
    by = models.CharField(_("made by"), max_length=8, choices=By.choices, blank=True, default="")
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    objects = LogQuerySet.as_manager()

    class Meta:
        verbose_name = _("log entry")
        verbose_name_plural = _("log entries")
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="games_logentry_unique_seq"),
            models.CheckConstraint(condition=Q(seq__gte=1), name="games_logentry_seq_positive"),
        ]

    def __str__(self):
        return f"{self.game_id}#{self.seq}"
