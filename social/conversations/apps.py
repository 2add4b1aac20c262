from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ConversationsConfig(AppConfig):
    """Private messages between players: conversations, unread counts, emails."""

    name = "social.conversations"
    label = "conversations"
    verbose_name = _("Private messages")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # The email of a new message and its lines in the daily digest, in the outbox's registry (the
        # outbox never imports this app); the receivers of message_sent.
        from games.notifications import kinds

        from . import emails, receivers

        kinds.register(
            receivers.EMAIL_KIND,
            emails.build_for_outbox,
            preference=emails.wants_email_at_once,
            unsubscribe=emails.stop_emails,
            label=_("emails about new private messages"),
        )
        kinds.register_digest("conversations", emails.digest_for_outbox, category=receivers.EMAIL_KIND)
