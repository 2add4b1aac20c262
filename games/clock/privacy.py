"""Personal data of the clock (accounts.personal_data): the absences (vacations) a player declared."""

from accounts.personal_data import UserField

from .models import Absence

USER_FIELDS = {
    "clock.Absence.user": UserField(export="absences"),
}


def export(user):
    return {
        "absences": [
            {"id": a.pk, "starts_at": a.starts_at, "ends_at": a.ends_at, "created_at": a.created_at}
            for a in Absence.objects.filter(user=user).order_by("pk")
        ],
    }


def erase(user):
    # Every game in progress was resigned first (games.privacy.leave): no clock waits on these any more.
    Absence.objects.filter(user=user).delete()
