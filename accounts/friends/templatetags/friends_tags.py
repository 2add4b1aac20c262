"""The friends part of a profile (follow/unfollow button, who the player follows and who follows them),
as an inclusion tag: the profile page includes one line and its view stays as it is. The panel also
carries the other rooms' buttons about a player (write to them, block them, report the profile)."""

from django import template

from .. import selectors

register = template.Library()


@register.inclusion_tag("friends/_profile.html", takes_context=True)
def friends_panel(context, profile_user):
    request = context["request"]
    viewer = request.user
    following_count, followers_count = selectors.counts(profile_user, viewer)
    return {
        "profile_user": profile_user,
        "is_me": viewer.is_authenticated and viewer.pk == profile_user.pk,
        "signed_in": viewer.is_authenticated,
        "i_follow": selectors.follows(viewer, profile_user),
        "following": selectors.following(profile_user),
        "followers": selectors.followers(profile_user, viewer),
        "following_count": following_count,
        "followers_count": followers_count,
        "request": request,
        "csrf_token": context.get("csrf_token"),
    }
