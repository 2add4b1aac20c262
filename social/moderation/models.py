"""Reports, the staff's restrictions, and the audit log of what the staff did.

- ``Report``: a player flags a table-chat message, a private message or a profile, with a reason. The
  staff act on it or dismiss it; ``outcome`` is what the reporter is told, in one line.
- ``Restriction``: a player muted by the staff from the table chat, from private messages or both, until
  a time; or suspended (the account cannot sign in: ``User.is_active`` off, for allauth, sessions, API
  tokens and live sockets alike; its seats time out as usual). Read through ``moderation.restrictions``.
- ``AuditEntry``: one row per action, with the moderator, the player concerned, what was acted on (a
  copy of its text, so the entry outlives the message) and the reason. Append-only in the database
  itself (triggers refuse UPDATE, DELETE and TRUNCATE: migrations 0003 and 0004), read-only in the admin,
  and chained (each entry carries the hash of the one before: moderation.auditlog): the moderator who
  acted cannot change what the log says.

Personal data: a report's reporter, reported player, comment (export: the reports a player made); a
restriction's player and reason; the audit entries name players and quote what they wrote. Users are
referenced with PROTECT from the audit log: an account is anonymised, never deleted with its evidence.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

COMMENT_MAX_LENGTH = 500
REASON_MAX_LENGTH = 1000


class Report(models.Model):
    class Kind(models.TextChoices):
        CHAT = "chat", _("Table chat message")
        MESSAGE = "message", _("Private message")
        PROFILE = "profile", _("Profile")

    class Reason(models.TextChoices):
        ABUSE = "abuse", _("Insults or harassment")
        SPAM = "spam", _("Spam or advertising")
        CHEATING = "cheating", _("Cheating or sharing hidden information")
        OTHER = "other", _("Something else")

    class Status(models.TextChoices):
        OPEN = "open", _("Waiting for the staff")
        ACTED = "acted", _("Acted on")
        DISMISSED = "dismissed", _("No action")

    kind = models.CharField(_("what"), max_length=8, choices=Kind.choices)
    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reports_made", verbose_name=_("reported by")
    )
    reported = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reports_against",
        verbose_name=_("reported player"),
    )
    chat_message = models.ForeignKey(
        "chat.Message", on_delete=models.CASCADE, null=True, blank=True, related_name="reports",
        verbose_name=_("chat message"),
    )
    direct_message = models.ForeignKey(
        "conversations.DirectMessage", on_delete=models.CASCADE, null=True, blank=True, related_name="reports",
        verbose_name=_("private message"),
    )
    reason = models.CharField(_("reason"), max_length=16, choices=Reason.choices)
    comment = models.CharField(_("comment"), max_length=COMMENT_MAX_LENGTH, blank=True)
    created_at = models.DateTimeField(_("reported at"), auto_now_add=True)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.OPEN)
    # What the reporter reads, in one line (a key of moderation.outcomes.OUTCOMES).
    outcome = models.CharField(_("outcome"), max_length=16, blank=True)
    handled_at = models.DateTimeField(_("handled at"), null=True, blank=True)
    handled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
        verbose_name=_("handled by"),
    )

    class Meta:
        verbose_name = _("report")
        verbose_name_plural = _("reports")
        ordering = ["-id"]
        permissions = [("moderate", _("Can act on reports (hide, mute, suspend)"))]
        constraints = [
            # One report per player and message; a profile once while a report of it is open.
            models.UniqueConstraint(
                fields=["reporter", "chat_message"], condition=Q(chat_message__isnull=False),
                name="mod_report_chat_once",
            ),
            models.UniqueConstraint(
                fields=["reporter", "direct_message"], condition=Q(direct_message__isnull=False),
                name="mod_report_dm_once",
            ),
            models.UniqueConstraint(
                fields=["reporter", "reported"], condition=Q(kind="profile", status="open"),
                name="mod_report_profile_open_once",
            ),
            models.CheckConstraint(
                condition=Q(kind="chat", chat_message__isnull=False, direct_message__isnull=True)
                | Q(kind="message", chat_message__isnull=True, direct_message__isnull=False)
                | Q(kind="profile", chat_message__isnull=True, direct_message__isnull=True),
                name="mod_report_kind_matches",
            ),
        ]
        indexes = [
            models.Index(fields=["id"], condition=Q(status="open"), name="mod_report_open"),
            models.Index(fields=["reporter", "id"], name="mod_report_reporter"),
        ]

    def __str__(self):
        return f"report {self.pk} ({self.kind}) on {self.reported_id}"


class Restriction(models.Model):
    class Scope(models.TextChoices):
        CHAT = "chat", _("Table chat")
        MESSAGES = "messages", _("Private messages")
        BOTH = "both", _("Table chat and private messages")
        ACCOUNT = "account", _("Account suspended")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="restrictions", verbose_name=_("player")
    )
    scope = models.CharField(_("what"), max_length=8, choices=Scope.choices)
    reason = models.CharField(_("reason"), max_length=REASON_MAX_LENGTH)
    starts_at = models.DateTimeField(_("from"), auto_now_add=True)
    ends_at = models.DateTimeField(_("until"), null=True, blank=True)  # None: until lifted
    lifted_at = models.DateTimeField(_("lifted at"), null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+", verbose_name=_("by")
    )

    class Meta:
        verbose_name = _("restriction")
        verbose_name_plural = _("restrictions")
        ordering = ["-id"]
        indexes = [
            models.Index(fields=["user", "scope"], condition=Q(lifted_at__isnull=True), name="mod_restr_current")
        ]

    def __str__(self):
        return f"{self.user_id}: {self.scope} until {self.ends_at or 'lifted'}"


class AuditEntry(models.Model):
    class Action(models.TextChoices):
        HIDE_CHAT = "hide-chat", _("Hid a table chat message")
        HIDE_MESSAGE = "hide-message", _("Hid a private message")
        MUTE = "mute", _("Muted a player")
        UNMUTE = "unmute", _("Lifted a mute")
        SUSPEND = "suspend", _("Suspended an account")
        UNSUSPEND = "unsuspend", _("Lifted a suspension")
        DISMISS = "dismiss", _("Dismissed a report")

    # Set by moderation.auditlog before the entry is written: its hash covers it.
    at = models.DateTimeField(_("at"), default=timezone.now)
    moderator = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", verbose_name=_("moderator")
    )
    action = models.CharField(_("action"), max_length=16, choices=Action.choices)
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", verbose_name=_("player concerned")
    )
    # Plain ids and a copy of the text, not foreign keys: the entry stays as written whatever happens to
    # the report or the message (a foreign key would have to change or go with them).
    report_id = models.BigIntegerField(_("report"), null=True, blank=True)
    subject = models.CharField(_("acted on"), max_length=2200, blank=True)
    scope = models.CharField(_("scope"), max_length=8, blank=True)
    until = models.DateTimeField(_("until"), null=True, blank=True)
    reason = models.CharField(_("reason"), max_length=REASON_MAX_LENGTH)
    # The chain (moderation.auditlog): the hash of the entry before, and this entry's own. Empty in the
    # entries written before the chain began, and by the previous release (whose inserts leave them out).
    previous_hash = models.CharField(_("hash of the entry before"), max_length=64, blank=True, default="",
                                     db_default="")
    entry_hash = models.CharField(_("hash"), max_length=64, blank=True, default="", db_default="")

    class Meta:
        verbose_name = _("moderation log entry")
        verbose_name_plural = _("moderation log")
        ordering = ["-id"]

    def __str__(self):
        return f"{self.at:%Y-%m-%d %H:%M} {self.moderator_id} {self.action} {self.player_id}"


class NoticePreference(models.Model):
    """Whether a player is emailed the staff's decisions about them (moderation.notices); they are shown on
    their reports page either way. Made when they change it (the default is yes)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="moderation_notice_preference",
        verbose_name=_("player"),
    )
    email = models.BooleanField(_("email me the staff's decisions about my account"), default=True)

    class Meta:
        verbose_name = _("preference for the staff's notices")
        verbose_name_plural = _("preferences for the staff's notices")

    def __str__(self):
        return f"{self.user_id}: {self.email}"

