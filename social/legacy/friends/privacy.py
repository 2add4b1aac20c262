"""Personal data of the previous release's follows table (accounts.personal_data): the same follows as
social.relations', which exports them; erased with either account."""

from accounts.personal_data import UserField

from .models import Follow

_COPY = "a copy of the follows in social.relations (exported there), kept for the previous release"

USER_FIELDS = {
    "friends.Follow.follower": UserField(not_exported=_COPY),
    "friends.Follow.followed": UserField(not_exported=_COPY),
}


def export(user):
    return {}


def erase(user):
    Follow.objects.filter(follower=user).delete()
    Follow.objects.filter(followed=user).delete()
