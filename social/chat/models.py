"""Table chat and private notes (reports of messages are social.moderation's; who muted whom is
social.relations').

A chat message is only ever what a player typed: the server never writes into the chat (no "alice played
this card" lines), so nothing it knows and a reader may not (hands, the deck, the seed) can reach a
reader through it. ``seq`` is the game's log length when the message was written: the replay shows the
chat as it stood at each step, and emails quote what was said since the recipient's last decision.
"""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

MESSAGE_MAX_LENGTH = 500  # characters, after the text is tidied (chat.text.tidy_message)
NOTE_MAX_LENGTH = 5000


class Message(models.Model):
    game = models.ForeignKey(
        "games.Game", on_delete=models.CASCADE, related_name="chat_messages", verbose_name=_("game")
    )
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_messages", verbose_name=_("author")
    )
    text = models.CharField(_("text"), max_length=MESSAGE_MAX_LENGTH)
    seq = models.PositiveIntegerField(_("log length when written"))
    created_at = models.DateTimeField(_("written at"), auto_now_add=True)
    # Staff remove a message (after a report) by hiding it: it then shows nowhere, the row stays as evidence.
    hidden = models.BooleanField(_("hidden by the staff"), default=False)

    class Meta:
        verbose_name = _("chat message")
        verbose_name_plural = _("chat messages")
        ordering = ["game", "id"]
        indexes = [models.Index(fields=["game", "id"], name="chat_message_game_id")]

    def __str__(self):
        return f"{self.game_id}#{self.pk} {self.author_id}: {self.text[:40]}"


class Mute(models.Model):
    """The previous release's mutes, as its code reads and writes them: ``user`` no longer sees what
    ``muted`` writes. Now ``social.relations.Relation`` (kind "mute"); this table follows it for one
    release, and goes in the next (social/legacy/__init__.py)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="mutes", verbose_name=_("user")
    )
    muted = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="muted_by", verbose_name=_("muted player")
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("mute")
        verbose_name_plural = _("mutes")
        constraints = [
            models.UniqueConstraint(fields=["user", "muted"], name="chat_mute_unique"),
            models.CheckConstraint(condition=~Q(user=F("muted")), name="chat_mute_not_self"),
        ]

    def __str__(self):
        return f"{self.user_id} mutes {self.muted_id}"


class Note(models.Model):
    """A player's private notes on one game: shown to that player only, nowhere else."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+", verbose_name=_("game"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="game_notes", verbose_name=_("user")
    )
    text = models.TextField(_("text"), max_length=NOTE_MAX_LENGTH, blank=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        verbose_name = _("note")
        verbose_name_plural = _("notes")
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="chat_note_unique")]

    def __str__(self):
        return f"notes of {self.user_id} on {self.game_id}"
