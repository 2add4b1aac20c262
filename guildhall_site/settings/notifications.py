"""Settings of the notifications (games.notifications: the outbox of emails). Read by base.py, after its
own settings: a name defined here overrides base.py's."""

import datetime

import environ

_env = environ.Env()

NOTIFICATION_APPS = ["games.notifications"]

NOTIFICATION_BEAT_SCHEDULE = {
    # Outbox rows still pending (a lost task, a broker outage) and digests that have come due.
    "notifications-relay-outbox": {"task": "notifications.relay_outbox", "schedule": 60.0},
}

# The site's own address, for links in emails (no trailing slash).
SITE_URL = _env.str("SITE_URL", default="http://127.0.0.1:8000").rstrip("/")

# The relay re-enqueues a pending row whose last enqueue is older than this.
NOTIFY_RELAY_AFTER = datetime.timedelta(minutes=2)
# Rows handled per beat run (the rest wait for the next run, oldest first).
NOTIFY_SCAN_BATCH = 1000
# Delivery attempts before a row is marked failed.
NOTIFY_MAX_ATTEMPTS = 20
