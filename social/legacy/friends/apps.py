from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class FriendsConfig(AppConfig):
    """Following other players: follow/unfollow, the lists on the profile."""

    name = "accounts.friends"
    label = "friends"
    verbose_name = _("Friends")
    default_auto_field = "django.db.models.BigAutoField"
