"""The clock of each game, and the absences that pause it.

``TimeControl`` (one per game) is the source of truth for the deadline of the decision now awaited
(``Game.deadline`` is kept in step for display). Its ``next_check_at`` is the one indexed due-time that
Celery beat scans: the next reminder point or the deadline. How many turns in a row a seat timed out,
and who left the game, are not kept here: they are in the log (the engine state counts them).
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class TimeControl(models.Model):
    class Policy(models.TextChoices):
        BOT = "bot", _("The bot plays the turn")
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
