"""Settings for a development machine and for tests (the default module).

Everything is configured through environment variables (see README.md). With none set you get the
embedded SQLite database, an in-process cache, Celery tasks run in-process and email on the console.
``guildhall_site.settings.production`` is the module for real deployments.
"""

from .base import *  # noqa: F403
