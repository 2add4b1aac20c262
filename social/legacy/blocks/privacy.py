"""Personal data of blocking (accounts.personal_data): whom a player blocked.

Who blocked a player is never told to them (docs/social.md), so it is not in their export either. Blocks go
with either account: a block of an erased account keeps nobody away any more.
"""

from accounts.personal_data import UserField

from .models import Block

USER_FIELDS = {
    "blocks.Block.blocker": UserField(export="blocked_players"),
    "blocks.Block.blocked": UserField(not_exported="a block is never shown to the blocked player"),
}


def export(user):
    return {
        "blocked_players": [
            {"id": b.pk, "player": b.blocked.username, "since": b.created_at}
            for b in Block.objects.filter(blocker=user).select_related("blocked").order_by("pk")
        ],
    }


def erase(user):
    Block.objects.filter(blocker=user).delete()
    Block.objects.filter(blocked=user).delete()
