"""Personal data of analyses (accounts.personal_data): the analyses a player asked for.

An analysis is of a finished game and is shown to anyone who may see that game; only who asked for it is the
player's. The erasure takes their name off (as the foreign key's SET_NULL would); the analysis stays.
"""

from accounts.personal_data import UserField

from .models import Analysis

USER_FIELDS = {
    "analysis.Analysis.requested_by": UserField(export="requested"),
}


def export(user):
    return {
        "requested": [
            {"id": a.pk, "game_id": a.game_id, "rules_version": a.rules_version, "status": a.status,
             "requested_at": a.created_at, "finished_at": a.finished_at}
            for a in Analysis.objects.filter(requested_by=user).order_by("pk")
        ],
    }


def erase(user):
    Analysis.objects.filter(requested_by=user).update(requested_by=None)
