"""Settings of time limits, reminders, timeouts and vacations (games.clock). Read by base.py."""

import datetime

import environ

_env = environ.Env()

CLOCK_APPS = ["games.clock"]

CLOCK_BEAT_SCHEDULE = {
    # Reminders and timeouts: an indexed scan of TimeControl.next_check_at.
    "clock-scan": {"task": "clock.scan_clocks", "schedule": 60.0},
}

# The time limit of a game nobody gave one (set_time_limit(game, None) removes it). Empty: no limit.
_default_hours = _env.int("TURN_TIMEOUT_HOURS", default=72)
CLOCK_DEFAULT_PER_MOVE = datetime.timedelta(hours=_default_hours) if _default_hours else None
# Reminders when this much time is left: a timedelta, or a float (a fraction of the turn's time).
CLOCK_REMINDER_POINTS = [datetime.timedelta(hours=24), 0.2]
# Timeouts in a row after which the bot takes the seat over for the rest of the game.
CLOCK_TAKEOVER_AFTER = 3
# Vacation: at most this many days of absence per calendar year.
CLOCK_MAX_ABSENCE_DAYS_PER_YEAR = 30
# A due clock enqueued this long ago without an answer is enqueued again.
CLOCK_RESCAN_AFTER = datetime.timedelta(minutes=2)
# Clocks handled per beat run (the rest wait for the next run, the most overdue first).
CLOCK_SCAN_BATCH = 1000
