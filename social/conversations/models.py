"""Private messages between two players.

A ``Conversation`` is the pair's (one per pair, whoever wrote first: ``pair`` is "low id:high id"); each
of the two has a ``Participant`` row with what is theirs only: how far they have read. A ``DirectMessage``
is what its sender typed, tidied (one paragraph per line, no control or invisible format characters),
at most ``MESSAGE_MAX_LENGTH`` characters, stored as typed and escaped where shown.

A message from a player the recipient had blocked when it was sent is ``withheld``: its sender sees it as
sent, the recipient never sees it (no unread count, no email), also after the block is lifted. Staff hide
a reported message (``hidden``): it then shows to nobody; the row stays as evidence.

Personal data (export, erasure): a participant's conversations (and who started them) and read
marks; the messages they sent
(text and time); ``MessagePreference`` (their choice of emails).
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

MESSAGE_MAX_LENGTH = 2000  # characters, after tidying (conversations.text)


class Conversation(models.Model):
    pair = models.CharField(_("players (ids)"), max_length=41, unique=True)
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
        verbose_name=_("started by"),
    )
    created_at = models.DateTimeField(_("started at"), auto_now_add=True)
    last_message_at = models.DateTimeField(_("last message at"), null=True, blank=True)

    class Meta:
        verbose_name = _("conversation")
        verbose_name_plural = _("conversations")
        indexes = [models.Index(fields=["started_by", "created_at"], name="conversations_started")]

    def __str__(self):
        return f"conversation {self.pk} ({self.pair})"

    @staticmethod
    def pair_of(a_id, b_id):
        low, high = sorted((int(a_id), int(b_id)))
        return f"{low}:{high}"


class Participant(models.Model):
    conversation = models.ForeignKey(
        Conversation, on_delete=models.CASCADE, related_name="participants", verbose_name=_("conversation")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="conversation_rows", verbose_name=_("player")
    )
    # The newest message this player has seen (0: none); later messages of the other player are unread.
    last_read_id = models.BigIntegerField(_("read up to message"), default=0)

    class Meta:
        verbose_name = _("participant")
        verbose_name_plural = _("participants")
        constraints = [models.UniqueConstraint(fields=["user", "conversation"], name="conversations_one_row_each")]

    def __str__(self):
        return f"{self.user_id} in {self.conversation_id}"


class DirectMessage(models.Model):
    conversation = models.ForeignKey(
        Conversation, on_delete=models.CASCADE, related_name="messages", verbose_name=_("conversation")
    )
    sender = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="direct_messages", verbose_name=_("sender")
    )
    text = models.TextField(_("text"), max_length=MESSAGE_MAX_LENGTH)
    created_at = models.DateTimeField(_("sent at"), auto_now_add=True)
    withheld = models.BooleanField(_("withheld (the recipient had blocked the sender)"), default=False)
    hidden = models.BooleanField(_("hidden by the staff"), default=False)
    # Whether what the message sets going (email, badge) was decided (services.send, announce.py). Rows the
    # previous release writes leave the column out: the database default says it did its own.
    announced = models.BooleanField(_("announced"), default=False, db_default=True)

    class Meta:
        verbose_name = _("private message")
        verbose_name_plural = _("private messages")
        ordering = ["conversation", "id"]
        indexes = [
            models.Index(fields=["conversation", "id"], name="conversations_msg_conv_id"),
            models.Index(fields=["id"], condition=Q(announced=False), name="conversations_msg_unannounced"),
        ]

    def __str__(self):
        return f"{self.conversation_id}#{self.pk} {self.sender_id}: {self.text[:40]}"


class MessagePreference(models.Model):
    """How a player wants to hear of new private messages by email (no row: at once)."""

    IMMEDIATE, DIGEST, NEVER = "immediate", "digest", "never"
    EMAIL_CHOICES = [
        (IMMEDIATE, _("At once (one email until I have read the conversation)")),
        (DIGEST, _("In the daily digest")),
        (NEVER, _("Never")),
    ]

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="message_preference", verbose_name=_("player")
    )
    email = models.CharField(_("email for a new private message"), max_length=10, choices=EMAIL_CHOICES,
                             default=IMMEDIATE)

    class Meta:
        verbose_name = _("private message preference")
        verbose_name_plural = _("private message preferences")

    def __str__(self):
        return f"{self.user_id}: {self.email}"
