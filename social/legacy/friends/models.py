from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _


class Follow(models.Model):
    """The previous release's follows, as its code reads and writes them: ``follower`` follows
    ``followed``. Now ``social.relations.Relation`` (kind "follow"); this table follows it for one
    release."""

    follower = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="following", verbose_name=_("follower")
    )
    followed = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="followers", verbose_name=_("followed player")
    )
    created_at = models.DateTimeField(_("since"), auto_now_add=True)

    class Meta:
        verbose_name = _("follow")
        verbose_name_plural = _("follows")
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["follower", "followed"], name="friends_follow_unique"),
            models.CheckConstraint(condition=~Q(follower=F("followed")), name="friends_follow_not_self"),
        ]

    def __str__(self):
        return f"{self.follower_id} follows {self.followed_id}"
