"""API authentication by ``Authorization: Token <token>``, against the hashed tokens of accounts.tokens."""

from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication

from . import tokens


class ApiTokenAuthentication(TokenAuthentication):
    keyword = "Token"

    def authenticate_credentials(self, key):
        token = tokens.find(key)
        if token is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        if token.expired:
            raise exceptions.AuthenticationFailed(_("This token has expired."))
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        tokens.mark_used(token)
        return token.user, token
