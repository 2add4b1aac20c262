"""Private messages where other pages show them: the header's link with the unread count, and "Write to"
on a profile (one line each in those pages)."""

from django import template

from .. import selectors

register = template.Library()


@register.inclusion_tag("conversations/_link.html", takes_context=True)
def messages_link(context):
    return {"unread": selectors.unread_count(context["request"].user)}


@register.inclusion_tag("conversations/_profile_button.html", takes_context=True)
def write_button(context, profile_user):
    viewer = context["request"].user
    return {"show": viewer.is_authenticated and viewer.pk != profile_user.pk, "profile_user": profile_user}
