"""Time limits, the outbox of emails, system decisions and absences.

``TimeControl`` is the source of truth for a game's deadline (``Game.deadline`` is kept in step for
display). Its ``next_check_at`` is the one indexed due-time that Celery beat scans: the next reminder
point, the deadline, or "now" when a taken-over seat is to move. ``Notification`` is the outbox: one row
per (game, turn, user, kind), written in the transaction of the decision that causes it.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class TimeControl(models.Model):
    class Policy(models.TextChoices):
        BOT = "bot", _("The greedy bot plays the turn")
        END = "end", _("The game ends, the absent player last")

    game = models.OneToOneField(
        "games.Game", on_delete=models.CASCADE, related_name="time_control", verbose_name=_("game")
    )
    per_move = models.DurationField(_("time per turn"), null=True, blank=True, help_text=_("Empty: no limit."))
    policy = models.CharField(_("timeout policy"), max_length=8, choices=Policy.choices, default=Policy.BOT)
    # The clock of the decision now awaited: whose (engine seat), in which turn, since when.
    seat = models.PositiveSmallIntegerField(_("seat to move"), null=True, blank=True)
    turn = models.PositiveIntegerField(_("turn"), default=0)
    turn_started_at = models.DateTimeField(_("turn started at"), null=True, blank=True)
    deadline = models.DateTimeField(_("deadline"), null=True, blank=True, db_index=True)
    reminders_sent = models.PositiveSmallIntegerField(_("reminders sent this turn"), default=0)
    next_check_at = models.DateTimeField(_("next check at"), null=True, blank=True)
    enqueued_at = models.DateTimeField(_("check last enqueued at"), null=True, blank=True)
    # {"<seat>": n}: consecutive timeouts by seat; a decision of the player's own resets it.
    consecutive_timeouts = models.JSONField(_("consecutive timeouts by seat"), default=dict, blank=True)
    taken_over = models.JSONField(_("seats taken over by the bot"), default=list, blank=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        verbose_name = _("time control")
        verbose_name_plural = _("time controls")
        indexes = [
            # The beat scan: WHERE next_check_at <= now ORDER BY next_check_at LIMIT n.
            models.Index(
                fields=["next_check_at"], name="notif_tc_next_check", condition=Q(next_check_at__isnull=False)
            ),
        ]

    def __str__(self):
        return f"{self.game_id}: {self.per_move or '-'} ({self.policy})"

    def timeouts_of(self, seat):
        return int(self.consecutive_timeouts.get(str(seat), 0))


class SystemDecision(models.Model):
    """A log entry that the server made for an absent player (the entry itself is a normal decision)."""

    class Reason(models.TextChoices):
        TIMEOUT = "timeout", _("Time ran out; the bot played")
        TAKEN_OVER = "taken_over", _("The bot plays for a seat it took over")
        END = "end", _("Time ran out; the game ended")

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+", verbose_name=_("game"))
    seq = models.PositiveIntegerField(_("log entry"), null=True, blank=True)
    seat = models.PositiveSmallIntegerField(_("seat"))
    turn = models.PositiveIntegerField(_("turn"))
    reason = models.CharField(_("reason"), max_length=16, choices=Reason.choices)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("system decision")
        verbose_name_plural = _("system decisions")
        ordering = ["game", "seq", "id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="notif_sysdecision_unique_seq"),
        ]

    def __str__(self):
        return f"{self.game_id}#{self.seq} ({self.reason})"


class Notification(models.Model):
    """One email to send: the outbox. Delivered exactly once by ``outbox.deliver``."""

    class Kind(models.TextChoices):
        TURN = "turn", _("Your turn")
        REMINDER_1 = "reminder-1", _("First reminder")
        REMINDER_2 = "reminder-2", _("Second reminder")
        REMINDER_3 = "reminder-3", _("Third reminder")
        TIMEOUT = "timeout", _("Time ran out")
        TAKEN_OVER = "taken-over", _("Seat taken over by the bot")
        RESULTS = "results", _("Results")
        DIGEST = "digest", _("Daily digest")

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        HELD = "held", _("Held for the digest")
        SENT = "sent", _("Sent")
        SKIPPED = "skipped", _("Not sent")
        FAILED = "failed", _("Failed")

    game = models.ForeignKey(
        "games.Game", on_delete=models.CASCADE, null=True, blank=True, related_name="+", verbose_name=_("game")
    )
    turn = models.PositiveIntegerField(_("turn"), default=0)
    seq = models.PositiveIntegerField(_("log length when written"), default=0)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications", verbose_name=_("user")
    )
    kind = models.CharField(_("kind"), max_length=16, choices=Kind.choices)
    digest_date = models.DateField(_("digest for the day"), null=True, blank=True)
    status = models.CharField(_("status"), max_length=8, choices=Status.choices, default=Status.PENDING)
    due_at = models.DateTimeField(_("due at"))
    data = models.JSONField(_("data"), default=dict, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    enqueued_at = models.DateTimeField(_("last enqueued at"), null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    last_error = models.TextField(_("last error"), blank=True)
    sent_at = models.DateTimeField(_("sent at"), null=True, blank=True)

    class Meta:
        verbose_name = _("notification")
        verbose_name_plural = _("notifications")
        ordering = ["-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "turn", "user", "kind"],
                condition=Q(game__isnull=False),
                name="notif_unique_game_turn_user_kind",
            ),
            models.UniqueConstraint(
                fields=["user", "digest_date"], condition=Q(kind="digest"), name="notif_unique_digest_per_day"
            ),
        ]
        indexes = [
            # The relay: WHERE status = 'pending' AND due_at <= now ORDER BY due_at.
            models.Index(fields=["due_at"], name="notif_pending_due", condition=Q(status="pending")),
            models.Index(fields=["user", "status"], name="notif_user_status"),
        ]

    def __str__(self):
        return f"{self.kind} to {self.user_id} (game {self.game_id}, turn {self.turn}): {self.status}"


class Absence(models.Model):
    """A declared vacation: the user's deadlines pause while it lasts."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="absences", verbose_name=_("user")
    )
    starts_at = models.DateTimeField(_("from"))
    ends_at = models.DateTimeField(_("until"))
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("absence")
        verbose_name_plural = _("absences")
        ordering = ["user", "starts_at"]
        indexes = [models.Index(fields=["user", "ends_at"], name="notif_absence_user_end")]
        constraints = [
            models.CheckConstraint(condition=Q(ends_at__gt=models.F("starts_at")), name="notif_absence_positive"),
        ]

    def __str__(self):
        return f"{self.user_id}: {self.starts_at:%Y-%m-%d %H:%M} – {self.ends_at:%Y-%m-%d %H:%M}"
