"""The previous release's blocks, as its code reads and writes them: ``blocker`` keeps ``blocked`` away.
Now ``social.relations.Relation`` (kind "block"); this table follows it for one release."""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _


class Block(models.Model):
    blocker = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="blocks_made", verbose_name=_("blocked by")
    )
    blocked = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name=_("blocked player")
    )
    created_at = models.DateTimeField(_("since"), auto_now_add=True)

    class Meta:
        verbose_name = _("block")
        verbose_name_plural = _("blocks")
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["blocker", "blocked"], name="blocks_block_unique"),
            models.CheckConstraint(condition=~Q(blocker=F("blocked")), name="blocks_block_not_self"),
        ]
        # "Who blocked this player?" (enforcement looks both ways; the unique index serves the blocker's side).
        indexes = [models.Index(fields=["blocked", "blocker"], name="blocks_blocked_blocker")]

    def __str__(self):
        return f"{self.blocker_id} blocks {self.blocked_id}"
