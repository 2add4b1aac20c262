"""Settings of the web pages: accounts, lobby, table. Read by base.py.

WEB_APPS, WEB_MIDDLEWARE and WEB_CONTEXT_PROCESSORS are appended to base.py's lists; every other
setting here overrides base.py's.
"""

import os

from django.utils.translation import gettext_lazy as _

WEB_APPS = ["django_htmx", "games.web"]
WEB_MIDDLEWARE = [
    "django_htmx.middleware.HtmxMiddleware",
    # After the authentication middleware: a signed-in player's language and time zone from their profile.
    "accounts.middleware.ProfileMiddleware",
    # Every write through the pages spends the same per-player budget as the API's (THROTTLE_WRITE_RATE).
    "accounts.middleware.WriteThrottleMiddleware",
]
WEB_CONTEXT_PROCESSORS = ["games.web.context_processors.header"]

LANGUAGES = [("en", _("English")), ("de", _("German")), ("es", _("Spanish"))]

# The table asks every POLL_SECONDS whether the game has moved on (one cheap query).
GUILDHALL_POLL_SECONDS = 5

# Email verification: mandatory under the production settings module, optional otherwise (make run, tests);
# the ACCOUNT_EMAIL_VERIFICATION environment variable overrides both.
_PRODUCTION = os.environ.get("DJANGO_SETTINGS_MODULE", "").endswith(".production")
ACCOUNT_EMAIL_VERIFICATION = os.environ.get("ACCOUNT_EMAIL_VERIFICATION") or (
    "mandatory" if _PRODUCTION else "optional"
)

ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Guildhall] "
ACCOUNT_USERNAME_MIN_LENGTH = 3
ACCOUNT_LOGIN_BY_CODE_ENABLED = False
LOGIN_URL = "account_login"
