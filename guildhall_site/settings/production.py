"""Settings for a deployment: DEBUG off, a secret key required, secure cookies, HSTS.

Use with DJANGO_SETTINGS_MODULE=guildhall_site.settings.production.
"""

from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F403
from .base import env

DEBUG = env.bool("DEBUG", default=False)

SECRET_KEY = env.str("SECRET_KEY", default="")
if not SECRET_KEY:
    raise ImproperlyConfigured("SECRET_KEY must be set in the environment for production settings.")

ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=[])
if not ALLOWED_HOSTS:
    raise ImproperlyConfigured("ALLOWED_HOSTS must be set in the environment for production settings.")

# Email is how correspondence play works (turn notifications, reminders): no silent console backend.
if not env.str("EMAIL_URL", default=""):
    raise ImproperlyConfigured(
        "EMAIL_URL must be set in the environment for production settings (e.g. smtp+tls://user:pass@host:587)."
    )

# Behind a TLS-terminating proxy that sets X-Forwarded-Proto.
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=True)
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
LANGUAGE_COOKIE_SECURE = True
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=True)
SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=True)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# JSON log lines with the request's id (ops/logs.py); LOG_FORMAT=plain for Django's own.
LOG_JSON = env.str("LOG_FORMAT", default="json") == "json"
LOGGING = ops_logging_config(LOG_LEVEL, LOG_JSON)  # noqa: F405
# /metrics by address only from this machine, unless METRICS_ALLOWED_NETWORKS says otherwise (or with the
# token, METRICS_TOKEN).
OPS_METRICS_ALLOWED_NETWORKS = env.list("METRICS_ALLOWED_NETWORKS", default=["127.0.0.1/32", "::1/128"])
