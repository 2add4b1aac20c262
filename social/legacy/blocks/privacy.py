"""Personal data of the previous release's blocks table (accounts.personal_data): the same blocks as
social.relations', which exports them; erased with either account."""

from accounts.personal_data import UserField

from .models import Block

_COPY = "a copy of the blocks in social.relations (exported there), kept for the previous release"

USER_FIELDS = {
    "blocks.Block.blocker": UserField(not_exported=_COPY),
    "blocks.Block.blocked": UserField(not_exported=_COPY),
}


def export(user):
    return {}


def erase(user):
    Block.objects.filter(blocker=user).delete()
    Block.objects.filter(blocked=user).delete()
