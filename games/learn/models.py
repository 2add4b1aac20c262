"""What the guided first game remembers of a player: that the lesson was offered to them, and whether
they put the offer away.

The lessons themselves are ordinary games (``games.Game`` with ``lesson=True``): their seats say who plays them.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class LessonOffer(models.Model):
    """A new account is offered the lesson on its home page; this row says when it first was, and when the
    player said "Not now" (the offer then leaves the home page; the lesson stays under How to play)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, verbose_name=_("user"), on_delete=models.CASCADE, primary_key=True,
        related_name="lesson_offer",
    )
    offered_at = models.DateTimeField(_("offered at"), auto_now_add=True)
    dismissed_at = models.DateTimeField(_("put away at"), null=True, blank=True)

    class Meta:
        verbose_name = _("lesson offer")
        verbose_name_plural = _("lesson offers")

    def __str__(self):
        return f"{self.user_id}"
