"""Turn notifications, reminders, time limits and vacations (issue 5).

A nested Django app (label ``notifications``). Rows of the outbox (``Notification``) are written by a
``post_save`` receiver on ``games.Game`` inside the transaction of the decision that causes them; Celery
tasks deliver them exactly once (see ``outbox.py``); Celery beat scans an indexed due-time for
reminders, timeouts and rows left pending (see ``tasks.py``).
"""
