from django import template
from django.utils.translation import ngettext

from games.presentation import for_game
from games.rules import options_of

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


@register.filter
def game_label(game):
    """Which game a ``Game`` row is, in words: its title and its options ("Guildhall · Yucata rules"),
    from its presentation (games.presentation)."""
    presentation = for_game(game)
    words = presentation.options_words(options_of(game))
    return f"{presentation.title()} · {words}" if words else presentation.title()
