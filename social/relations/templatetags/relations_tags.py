"""Relations where other pages show them, one line each: the friends part of a profile (follow/unfollow,
who the player follows and who follows them, and the other rooms' buttons about a player: write to them,
block them, report the profile), Block/Unblock (shown only to the viewer: whether a block exists is
never shown to the blocked player), and the settings page's way to the blocked players."""

from django import template

from .. import selectors

register = template.Library()


@register.inclusion_tag("relations/_profile.html", takes_context=True)
def friends_panel(context, profile_user):
    request = context["request"]
    viewer = request.user
    following_count, followers_count = selectors.counts(profile_user, viewer)
    return {
        "profile_user": profile_user,
        "is_me": viewer.is_authenticated and viewer.pk == profile_user.pk,
        "signed_in": viewer.is_authenticated,
        # A deleted (or suspended) player is offered no follow, message, block or report.
        "reachable": profile_user.is_active,
        "i_follow": selectors.follows(viewer, profile_user),
        "following": selectors.following(profile_user),
        "followers": selectors.followers(profile_user, viewer),
        "following_count": following_count,
        "followers_count": followers_count,
        "request": request,
        "csrf_token": context.get("csrf_token"),
    }


@register.inclusion_tag("relations/_block_button.html", takes_context=True)
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


@register.inclusion_tag("relations/_settings_link.html", takes_context=True)
def blocks_settings_link(context):
    """One line for the settings page: how many players the viewer blocked, and the way to the list."""
    user = context["request"].user
    return {"count": len(selectors.blocked_ids(user)) if user.is_authenticated else 0}
