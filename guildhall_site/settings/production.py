"""Settings for a deployment: ``DJANGO_SETTINGS_MODULE=guildhall_site.settings.production``.

There is one set of settings, defined once each in ``guildhall_site/settings/__init__.py``; naming this
module turns its ``PRODUCTION`` on (DEBUG off; SECRET_KEY, ALLOWED_HOSTS and EMAIL_URL required; secure
cookies, HSTS, the HTTPS redirect, JSON logs, /metrics for loopback only). Importing this module makes it
that package's settings: Python's import returns whatever module ``sys.modules`` holds under the name.
"""

import sys

from django.core.exceptions import ImproperlyConfigured

import guildhall_site.settings as _settings

if not _settings.PRODUCTION:
    # The package was read under another DJANGO_SETTINGS_MODULE: its values are not production's.
    raise ImproperlyConfigured(
        "guildhall_site.settings.production must be named by DJANGO_SETTINGS_MODULE before the settings are read."
    )

sys.modules[__name__] = _settings
