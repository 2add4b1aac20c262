"""The outbox of emails: ``Notification``, one row per (game, turn, user, kind), written in the
transaction of the decision that causes it (or by the clock, for reminders and timeouts); rows of the
kinds other apps register (notifications.kinds) belong to no game and are one per (user, kind, key)."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


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
        INVITATION = "invitation", _("Invitation to a game")  # games.invitations writes these
        TURN_PUSH = "turn-push", _("Your turn (push notification)")  # sent by push.py, not by email

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
    # The site's own kinds are the choices; kinds other apps register (notifications.kinds) are not.
    kind = models.CharField(_("kind"), max_length=32, choices=Kind.choices)
    # For a registered kind: what makes the row unique for its user and kind (say "conversation:message").
    key = models.CharField(_("key"), max_length=100, null=True, blank=True)
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
            models.UniqueConstraint(
                fields=["user", "kind", "key"], condition=Q(key__isnull=False), name="notif_unique_user_kind_key"
            ),
        ]
        indexes = [
            # The relay: WHERE status = 'pending' AND due_at <= now ORDER BY due_at.
            models.Index(fields=["due_at"], name="notif_pending_due", condition=Q(status="pending")),
            models.Index(fields=["user", "status"], name="notif_user_status"),
        ]

    def __str__(self):
        if self.key is not None:
            return f"{self.kind} to {self.user_id} ({self.key}): {self.status}"
        return f"{self.kind} to {self.user_id} (game {self.game_id}, turn {self.turn}): {self.status}"


class PushSubscription(models.Model):
    """One browser's Web Push subscription (what its PushManager gave): where to send, and the keys the
    payload is encrypted with. An endpoint belongs to the user who last subscribed with it; a push
    service's 404 or 410 answer deletes it."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions", verbose_name=_("user")
    )
    endpoint = models.URLField(_("endpoint"), max_length=1000, unique=True)
    p256dh = models.CharField(_("public key (P-256)"), max_length=100)
    auth = models.CharField(_("authentication secret"), max_length=32)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("push subscription")
        verbose_name_plural = _("push subscriptions")
        ordering = ["-id"]

    def __str__(self):
        return f"push to {self.user_id} via {self.endpoint[:60]}"

    def as_subscription_info(self):
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}
