"""Block/Unblock on another player's profile, as an inclusion tag (shown only to the viewer: whether a
block exists is never shown to the blocked player)."""

from django import template

from .. import selectors

register = template.Library()


@register.inclusion_tag("blocks/_button.html", takes_context=True)
def block_button(context, profile_user):
    request = context["request"]
    viewer = request.user
    show = viewer.is_authenticated and viewer.pk != profile_user.pk
    return {
        "show": show,
        "profile_user": profile_user,
        "i_block": show and selectors.blocks(viewer, profile_user),
        "request": request,
        "csrf_token": context.get("csrf_token"),
    }


@register.inclusion_tag("blocks/_settings.html", takes_context=True)
def blocks_settings_link(context):
    """One line for the settings page: how many players the viewer blocked, and the way to the list."""
    user = context["request"].user
    return {"count": len(selectors.blocked_ids(user)) if user.is_authenticated else 0}
