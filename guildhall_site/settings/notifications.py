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

# Web Push goes only to these hosts: the browsers' push services (Chrome, Edge's and Opera's own use of
# FCM, Firefox, Windows, Safari). "*.example.org" allows the hosts under example.org. Each of their
# addresses must be public too, when a browser subscribes and again before each send (endpoints.py).
WEBPUSH_ALLOWED_HOSTS = _env.list(
    "WEBPUSH_ALLOWED_HOSTS",
    default=[
        "fcm.googleapis.com",
        "android.googleapis.com",
        "updates.push.services.mozilla.com",
        "*.notify.windows.com",
        "*.push.apple.com",
    ],
)
# Tests only: their push service listens on loopback, on a port of its own. `manage.py check --deploy` refuses it on.
WEBPUSH_ALLOW_LOOPBACK_ENDPOINTS = False
# The function that resolves a push service's host to its addresses: (host, port) -> [address, ...].
# Tests name one that answers what they need (private, loopback, link-local, IPv6, mapped addresses).
WEBPUSH_RESOLVER = "games.notifications.endpoints.system_resolver"
# What a push service's certificate is checked against: True, the certificate authorities of certifi
# (requests' own default); or the path of a bundle (a test's own authority).
WEBPUSH_TLS_VERIFY = True
