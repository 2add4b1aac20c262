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
# A delivery that fails for a reason that may pass (the mail server down, a timeout, a 4xx answer) is
# tried again after NOTIFY_RETRY_FIRST, doubling up to NOTIFY_RETRY_LONGEST, for as long as the email is
# still relevant (a your-turn email: while that turn lasts), however long the outage. Emails with no
# natural end (results, timeout notices) are given up NOTIFY_RELEVANT_FOR after they were due.
NOTIFY_RETRY_FIRST = datetime.timedelta(seconds=30)
NOTIFY_RETRY_LONGEST = datetime.timedelta(minutes=30)
NOTIFY_RELEVANT_FOR = datetime.timedelta(days=7)
