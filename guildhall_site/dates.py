"""The one way the site writes a moment or a day for a reader: the active language's own long formats
(Django's ``DATETIME_FORMAT`` and ``DATE_FORMAT``: "Dec. 5, 2026, 7:40 a.m.", "5. Dezember 2026, 07:40",
"5 de diciembre de 2026 a las 07:40"), in the reader's time zone. The month in words, so that no reader
takes 5/12 for 12/5; the same on every page and in every email, so that one page never shows a date two
ways. Templates use the ``when`` filter (``{% load dates %}``), which also gives the machine-readable
``<time datetime>``.
"""

import datetime

from django.utils import formats, timezone

PARTS = {"datetime": "DATETIME_FORMAT", "date": "DATE_FORMAT"}


def words(value, part="datetime", tz=None):
    """``value`` (a datetime or a date) in words of the active language; ``part``: "datetime" or "date";
    ``tz``: the reader's time zone (default: the active one, which a signed-in player's profile sets)."""
    if value is None or value == "":
        return ""
    if isinstance(value, datetime.datetime) and timezone.is_aware(value):
        value = value.astimezone(tz) if tz is not None else timezone.localtime(value)
    if not isinstance(value, datetime.datetime):
        part = "date"
    return formats.date_format(value, PARTS.get(part, PARTS["datetime"]))


def machine(value, tz=None):
    """``value`` as ``<time datetime>`` takes it (ISO 8601)."""
    if isinstance(value, datetime.datetime) and timezone.is_aware(value):
        value = value.astimezone(tz) if tz is not None else timezone.localtime(value)
    return value.isoformat()
