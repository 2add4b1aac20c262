"""``{{ moment|when }}`` and ``{{ moment|when:"date" }}``: a date as every page of the site writes it
(guildhall_site.dates), inside ``<time datetime="…">``."""

from django import template
from django.utils.html import format_html

from guildhall_site import dates

register = template.Library()


@register.filter(is_safe=True)
def when(value, part="datetime"):
    if value is None or value == "":
        return ""
    return format_html('<time datetime="{}">{}</time>', dates.machine(value), dates.words(value, part))
