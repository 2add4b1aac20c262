"""The authentication backend: django-allauth's, checking at most one password per attempt.

allauth's backend tries a login typed as a username first as an email address, then as a username, and
then the email credential again; an account found twice would have its (deliberately slow) password
hash computed twice for one wrong guess. Here the first password check of an attempt is the only one:
every refused guess costs exactly one hash (a made-up one when no account matches, so that the answer
takes as long either way). The login-failure lockout counts before any hash (accounts.adapter).

The signed-in user of a request is read with their profile, in one query: every page and every poll of
a signed-in player reads the profile next (their language and time zone, accounts.middleware).
"""

from allauth.account.auth_backends import AuthenticationBackend as AllauthBackend
from asgiref.sync import sync_to_async
from django.contrib.auth import get_user_model


class AuthenticationBackend(AllauthBackend):
    def authenticate(self, request, **credentials):
        self._checked = None  # the account whose password this attempt checked, once checked
        return super().authenticate(request, **credentials)

    def _check_password(self, user, password):
        if user is None:
            return None
        checked = getattr(self, "_checked", None)
        if checked is not None:
            # Already hashed for this attempt: the same account again is the same answer; another one
            # (a username equal to someone's email address) is not tried with the same guess.
            return checked[1] if checked[0] == user.pk else None
        result = super()._check_password(user, password)
        self._checked = (user.pk, result)
        return result

    def get_user(self, user_id):
        User = get_user_model()
        try:
            user = User._default_manager.select_related("profile").get(pk=user_id)
        except User.DoesNotExist:
            return None
        return user if self.user_can_authenticate(user) else None

    async def aget_user(self, user_id):
        return await sync_to_async(self.get_user)(user_id)
