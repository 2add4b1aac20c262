from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class FriendsConfig(AppConfig):
    """The previous release's follows (friends_follow): model only, kept in step with social.relations for
    one release (social/legacy/__init__.py)."""

    name = "social.legacy.friends"
    label = "friends"
    verbose_name = _("Friends")
    default_auto_field = "django.db.models.BigAutoField"
