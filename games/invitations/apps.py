from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class InvitationsConfig(AppConfig):
    """Invitations by username (with an email and Accept/Decline), by signed link, and rematches."""

    name = "games.invitations"
    label = "invitations"
    verbose_name = _("Invitations and rematches")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from games.notifications import kinds
        from games.notifications.models import Notification

        from . import receivers  # noqa: F401  (invitations follow the game's invitation list and seats)
        from .emails import invitation_email

        kinds.register(Notification.Kind.INVITATION, invitation_email, preference="invitation_emails")
