from django import template
from django.utils.translation import ngettext

register = template.Library()


@register.filter
def timedelta_days(value):
    """A time limit in words: "3 days", "1 day", or hours below a day."""
    if value is None:
        return ""
    seconds = int(value.total_seconds())
    if seconds >= 86400 and seconds % 86400 == 0:
        days = seconds // 86400
        return ngettext("%(n)s day", "%(n)s days", days) % {"n": days}
    hours = max(1, round(seconds / 3600))
    return ngettext("%(n)s hour", "%(n)s hours", hours) % {"n": hours}
