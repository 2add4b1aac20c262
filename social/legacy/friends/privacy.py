"""Personal data of following (accounts.personal_data): whom a player follows and who follows them.

Who follows them is exported as the profile shows it to them (a follow by a player they blocked shows to
nobody but its author while the block stands, and is left out here too). Both directions are erased.
"""

from accounts.blocks.selectors import blocked_by_filter
from accounts.personal_data import UserField

from .models import Follow

USER_FIELDS = {
    "friends.Follow.follower": UserField(export="following"),
    # All but the follows by players this one blocked (see above).
    "friends.Follow.followed": UserField(export="followers"),
}


def export(user):
    followers = Follow.objects.filter(followed=user).filter(blocked_by_filter(user, "follower"))
    return {
        "following": [
            {"id": f.pk, "player": f.followed.username, "since": f.created_at}
            for f in Follow.objects.filter(follower=user).select_related("followed").order_by("pk")
        ],
        "followers": [
            {"id": f.pk, "player": f.follower.username, "since": f.created_at}
            for f in followers.select_related("follower").order_by("pk")
        ],
    }


def erase(user):
    Follow.objects.filter(follower=user).delete()
    Follow.objects.filter(followed=user).delete()
