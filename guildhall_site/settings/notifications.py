"""Settings of notifications, reminders, time limits and vacations (issue 5). Read by base.py, after its
own settings: a name defined here overrides base.py's."""

import datetime

import environ

_env = environ.Env()

NOTIFICATION_APPS = ["games.notifications"]

NOTIFICATION_BEAT_SCHEDULE = {
    # Reminders, timeouts and taken-over seats: an indexed scan of TimeControl.next_check_at.
    "notifications-scan-clocks": {"task": "notifications.scan_clocks", "schedule": 60.0},
    # Outbox rows still pending (a lost task, a broker outage) and digests that have come due.
    "notifications-relay-outbox": {"task": "notifications.relay_outbox", "schedule": 60.0},
}

# The site's own address, for links in emails (no trailing slash).
SITE_URL = _env.str("SITE_URL", default="http://127.0.0.1:8000").rstrip("/")

# The time limit of a game nobody gave one (set_time_limit(game, None) removes it). Empty: no limit.
_default_hours = _env.int("TURN_TIMEOUT_HOURS", default=72)
NOTIFY_DEFAULT_PER_MOVE = datetime.timedelta(hours=_default_hours) if _default_hours else None
# Reminders when this much time is left: a timedelta, or a float (a fraction of the turn's time).
NOTIFY_REMINDER_POINTS = [datetime.timedelta(hours=24), 0.2]
# Consecutive timeouts after which the bot takes the seat over for the rest of the game.
NOTIFY_TAKEOVER_AFTER = 3
# Vacation: at most this many days of absence per calendar year.
NOTIFY_MAX_ABSENCE_DAYS_PER_YEAR = 30
# The relay re-enqueues a pending row whose last enqueue is older than this.
NOTIFY_RELAY_AFTER = datetime.timedelta(minutes=2)
# Rows handled per beat run (the rest wait for the next run, oldest first).
NOTIFY_SCAN_BATCH = 1000
# Delivery attempts before a row is marked failed.
NOTIFY_MAX_ATTEMPTS = 20
