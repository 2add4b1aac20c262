"""Signing in without the form (the API's token endpoint), by the form's own rules.

The check is django-allauth's LoginForm itself, so both ways in share one set of limits, counted in the
same cache keys: allauth's per-address limit on attempts (``ACCOUNT_RATE_LIMITS["login"]``), and its
lockout after failed ones (``"login_failed"``: per address, and per account as accounts.adapter keys
it). A locked account is refused before any password is hashed, whichever way the guesses came in.
"""

from allauth.account import app_settings as account_settings
from allauth.account.adapter import get_adapter
from allauth.account.forms import LoginForm
from allauth.account.models import EmailAddress
from allauth.core import ratelimit
from django.utils.translation import gettext as _


class SignInRefused(Exception):
    def __init__(self, code, detail, status):
        super().__init__(detail)
        self.code, self.detail, self.status = code, detail, status


def _too_many():
    return SignInRefused("too_many_attempts", get_adapter().error_messages["too_many_login_attempts"], 429)


def check_credentials(request, login, password):
    """The user whose ``login`` (username or email address) and ``password`` these are, as the sign-in
    form would accept them; raises SignInRefused (400 wrong, 403 unconfirmed email, 429 locked out)."""
    if not ratelimit.consume(request, action="login"):
        raise _too_many()
    form = LoginForm(data={"login": login, "password": password}, request=request)
    if not form.is_valid():
        codes = {error.code for errors in form.errors.as_data().values() for error in errors}
        if "too_many_login_attempts" in codes:
            raise _too_many()
        raise SignInRefused("invalid_credentials", _("Unable to log in with these credentials."), 400)
    user = form.user
    if user is None or not user.is_active:
        raise SignInRefused("invalid_credentials", _("Unable to log in with these credentials."), 400)
    if (
        account_settings.EMAIL_VERIFICATION == account_settings.EmailVerificationMethod.MANDATORY
        and not EmailAddress.objects.filter(user=user, verified=True).exists()
    ):
        raise SignInRefused(
            "email_unverified", _("Confirm your email address first (see the email we sent you)."), 403
        )
    return user
