"""Notifications: the outbox of emails (your turn, results, invitations, and the reminders and timeout
notices the clock writes).

A nested Django app (label ``notifications``). Rows of the outbox (``Notification``) are written by a
``post_save`` receiver on ``games.Game`` inside the transaction of the decision that causes them; Celery
tasks deliver them exactly once (see ``outbox.py``); Celery beat relays rows left pending (see
``tasks.py``).
"""
