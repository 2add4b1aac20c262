from django import template
from django.urls import reverse

from .. import push

register = template.Library()


@register.inclusion_tag("notifications/_push_panel.html", takes_context=True)
def push_panel(context):
    """The settings page's "notifications on this device" box (nothing when push is not set up)."""
    return {
        "enabled": push.enabled(),
        "public_key": push.public_key(),
        "subscribe_url": reverse("notifications:push_subscribe"),
        "unsubscribe_url": reverse("notifications:push_unsubscribe"),
        "worker_url": reverse("notifications:push_worker"),
        "csrf_token": context.get("csrf_token"),
    }
