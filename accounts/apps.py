from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("Accounts")

    def ready(self):
        from allauth.account.signals import user_signed_up

        from .models import Profile, profile_for

        def language_from_signup(sender, request, user, **kwargs):
            """A new player reads in the language they signed up in."""
            language = getattr(request, "LANGUAGE_CODE", None)
            if language in dict(Profile.LANGUAGE_CHOICES):
                profile = profile_for(user)
                profile.language = language
                profile.save(update_fields=["language"])

        user_signed_up.connect(language_from_signup, dispatch_uid="accounts.language_from_signup")
