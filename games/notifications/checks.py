"""``manage.py check --deploy``: the allowances of the push tests are never on in a deployment."""

from django.conf import settings
from django.core import checks


@checks.register(checks.Tags.security, deploy=True)
def push_endpoints_guarded(app_configs, **kwargs):
    errors = []
    if settings.WEBPUSH_ALLOW_LOOPBACK_ENDPOINTS:
        errors.append(
            checks.Error(
                "WEBPUSH_ALLOW_LOOPBACK_ENDPOINTS is on: pushes could be sent to this machine's own services.",
                hint="It is for tests only; leave it False.",
                id="notifications.E001",
            )
        )
    if settings.WEBPUSH_ALLOW_HTTP_ENDPOINTS:
        errors.append(
            checks.Error(
                "WEBPUSH_ALLOW_HTTP_ENDPOINTS is on: pushes could travel unencrypted.",
                hint="It is for tests only; leave it False.",
                id="notifications.E002",
            )
        )
    if settings.WEBPUSH_TLS_VERIFY is False:
        errors.append(
            checks.Error(
                "WEBPUSH_TLS_VERIFY is False: push services' certificates are not checked.",
                hint="Leave it True, or name a bundle of certificate authorities.",
                id="notifications.E003",
            )
        )
    return errors
