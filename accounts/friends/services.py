"""Following players: one row per (follower, followed); following twice or unfollowing a stranger is
harmless. Following a player who blocked you is stored like any follow, so that nothing tells you of
the block, but it shows nowhere to them (selectors.followers)."""

from django.utils.translation import gettext as _

from games.exceptions import InvalidRequest

from .models import Follow


def follow(user, other):
    if other.pk == user.pk:
        raise InvalidRequest(_("You cannot follow yourself."), code="self")
    Follow.objects.get_or_create(follower=user, followed=other)


def unfollow(user, other):
    Follow.objects.filter(follower=user, followed=other).delete()
