"""How one player stands to another, one row per (player, other player, kind):

- ``follow``: ``from_user`` follows ``to_user``: one way, like a bookmark, needing no consent (it tells
  nobody anything they could not see on the public profile and the list of live games);
- ``block``: ``from_user`` keeps ``to_user`` away: told to nobody, the blocked player sees no sign of it
  (their invitations, follows and messages seem to go out as usual; they never reach the blocker);
- ``mute``: ``from_user`` no longer reads what ``to_user`` writes in a table's chat, in any game.

Personal data of both players, in the export of ``from_user`` only (who blocked or muted a player is
never told to them), erased with either account (social.relations.privacy).

This release keeps the three tables the previous one used (friends_follow, blocks_block, chat_mute) in
step with this one (social.relations.legacy): they go in the next release.
"""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Relation(models.Model):
    class Kind(models.TextChoices):
        FOLLOW = "follow", _("follows")
        BLOCK = "block", _("blocks")
        MUTE = "mute", _("mutes")

    from_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="relations_made", verbose_name=_("player")
    )
    to_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name=_("other player")
    )
    kind = models.CharField(_("how"), max_length=8, choices=Kind.choices)
    # A default rather than auto_now_add: a row copied from the previous release's tables keeps its time.
    created_at = models.DateTimeField(_("since"), default=timezone.now)

    class Meta:
        verbose_name = _("relation")
        verbose_name_plural = _("relations")
        ordering = ["-created_at", "-id"]
        constraints = [
            # Its index serves "whom does this player follow / block / mute".
            models.UniqueConstraint(fields=["from_user", "kind", "to_user"], name="relations_relation_unique"),
            models.CheckConstraint(condition=~Q(from_user=F("to_user")), name="relations_relation_not_self"),
        ]
        # "Who follows / blocks this player?" (followers on a profile; enforcement looks both ways).
        indexes = [models.Index(fields=["to_user", "kind", "from_user"], name="relations_to_kind_from")]

    def __str__(self):
        return f"{self.from_user_id} {self.kind}s {self.to_user_id}"
