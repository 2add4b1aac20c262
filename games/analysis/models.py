"""One analysis per game and rules version: its progress while the worker computes it, then the judged
decisions, stored once and served from here afterwards."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.models import Game


class Analysis(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="analyses")
    # The rules version the game was played (and is replayed) under: a game keeps its version, so this is
    # one analysis per game, said out loud so that a re-analysis under other rules never overwrites it.
    rules_version = models.CharField(_("rules version"), max_length=32)
    status = models.CharField(_("status"), max_length=8, choices=Status.choices, default=Status.QUEUED)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("requested by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    total = models.PositiveIntegerField(_("log entries"), default=0)
    done = models.PositiveIntegerField(_("log entries judged"), default=0)
    # One record per log entry, in order (games/analysis/analyse.py says what a record holds).
    decisions = models.JSONField(_("decisions"), default=list, blank=True)
    playouts = models.PositiveIntegerField(_("play-outs per decision"), default=0)
    cpu_seconds = models.FloatField(_("CPU seconds per decision at most"), default=0.0)
    rollout_turns = models.PositiveIntegerField(_("turns a play-out looks ahead"), default=0)  # 0: the search's
    error = models.CharField(_("error"), max_length=200, blank=True, default="")
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        verbose_name = _("analysis")
        verbose_name_plural = _("analyses")
        constraints = [
            models.UniqueConstraint(fields=["game", "rules_version"], name="analysis_one_per_game_and_rules"),
        ]
        indexes = [
            models.Index(fields=["requested_by", "status"], name="analysis_by_user_status"),
        ]

    def __str__(self):
        return f"analysis of game {self.game_id} ({self.status}, {self.done}/{self.total})"

    @property
    def progress(self):
        if self.status == self.Status.DONE:
            return 1.0
        return round(self.done / self.total, 3) if self.total else 0.0
