from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ModerationConfig(AppConfig):
    """Moderation: the staff's queue of reports, their actions and the audit log."""

    name = "social.moderation"
    label = "moderation"
    verbose_name = _("Moderation")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # The staff's decisions, emailed to the player concerned, in the outbox's registry (the outbox never
        # imports this app).
        from games import hooks
        from games.notifications import kinds
        from social import mutes

        from . import notices, restrictions

        # The chat and the private messages ask social.mutes before they store a line.
        mutes.register(restrictions.writing_refusal)
        # The games' core asks who may be invited (not a suspended account) through its seating hooks.
        hooks.register_seating("may_receive_invitations", restrictions.may_receive_invitations)

        kinds.register(
            notices.KIND,
            notices.build_for_outbox,
            preference=notices.wants_email,
            unsubscribe=notices.stop_emails,
            label=_("emails about the staff's decisions on your account"),
        )
