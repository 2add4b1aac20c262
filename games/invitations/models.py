"""Invitations to open games, invitation links and rematches.

Who may join a game is the game's own business (``Game.invited``, changed only through games.services);
an ``Invitation`` is the invitee's side of it: told by email, answered with Accept (joining through
``services.join``) or Decline. Invitations are written by a receiver on the game's invitation list, so a
game invited from the lobby, the API or a rematch gets them alike.

Personal data: an invitation names its invitee and inviter (both players' exports); a link its maker and
its last user; a rematch who proposed it.
"""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Invitation(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for an answer")
        ACCEPTED = "accepted", _("Accepted")
        DECLINED = "declined", _("Declined")

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+", verbose_name=_("game"))
    invitee = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations", verbose_name=_("invitee")
    )
    inviter = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("invited by"),
    )
    status = models.CharField(_("status"), max_length=8, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(_("invited at"), auto_now_add=True)
    answered_at = models.DateTimeField(_("answered at"), null=True, blank=True)
    # An email was queued for it (the inviter's daily email budget counts these: invitations.limits).
    emailed = models.BooleanField(_("emailed"), default=False)

    class Meta:
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")
        ordering = ["-id"]
        constraints = [models.UniqueConstraint(fields=["game", "invitee"], name="invitations_once_per_game")]
        indexes = [
            models.Index(fields=["invitee", "status"], name="invitations_invitee_status"),
            # The limits: an inviter's waiting invitations, emails of the last day, declines by one invitee.
            models.Index(fields=["inviter", "status"], name="invitations_inviter_status"),
            models.Index(fields=["inviter", "created_at"], name="invitations_inviter_created"),
        ]

    def __str__(self):
        return f"{self.invitee_id} to game {self.game_id}: {self.status}"


class InviteLink(models.Model):
    """A link a player of an open game shares. The URL carries a signed token naming this row; the row
    says whether it still works: not revoked, not expired, and for a single-use link not used yet."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+", verbose_name=_("game"))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name=_("created by")
    )
    single_use = models.BooleanField(_("single use"), default=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    expires_at = models.DateTimeField(_("expires at"))
    revoked_at = models.DateTimeField(_("revoked at"), null=True, blank=True)
    uses = models.PositiveIntegerField(_("players who joined through it"), default=0)
    used_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("used by"),
    )
    used_at = models.DateTimeField(_("last used at"), null=True, blank=True)

    class Meta:
        verbose_name = _("invitation link")
        verbose_name_plural = _("invitation links")
        ordering = ["-id"]

    def __str__(self):
        return f"link {self.pk} to game {self.game_id}"

    def usable(self, now=None):
        now = now or timezone.now()
        return self.revoked_at is None and now < self.expires_at and not (self.single_use and self.uses)


class Rematch(models.Model):
    """The rematch of a finished game: a new game with the same players (a new seed, seats dealt anew),
    which starts once each of them has accepted. One per finished game: whoever asks second is sent to
    the first one's."""

    original = models.OneToOneField(
        "games.Game", on_delete=models.CASCADE, related_name="rematch", verbose_name=_("finished game")
    )
    game = models.OneToOneField(
        "games.Game", on_delete=models.CASCADE, related_name="rematch_of", verbose_name=_("rematch")
    )
    proposed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+", verbose_name=_("proposed by")
    )
    created_at = models.DateTimeField(_("proposed at"), auto_now_add=True)

    class Meta:
        verbose_name = _("rematch")
        verbose_name_plural = _("rematches")

    def __str__(self):
        return f"rematch of {self.original_id}: {self.game_id}"
