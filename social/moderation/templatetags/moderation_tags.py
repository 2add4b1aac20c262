""""Report" beside what can be reported (a chat message, a private message, a profile): one line in each
page that shows such a thing."""

from django import template
from django.urls import reverse

register = template.Library()

_ROUTES = {
    "chat": "moderation:report_chat",
    "message": "moderation:report_message",
    "profile": "moderation:report_profile",
}


@register.inclusion_tag("moderation/_report_link.html")
def report_link(kind, target):
    return {"url": reverse(_ROUTES[kind], args=[target]), "kind": kind}
