"""Settings of notifications, reminders, time limits and vacations (issue 5). Read by base.py."""

NOTIFICATION_APPS = []
NOTIFICATION_BEAT_SCHEDULE = {}
