"""Personal data of the guided first game (accounts.personal_data): when the lesson was offered to a player,
and when they put the offer away.

The lessons are games, exported and erased with the player's other games (games/privacy.py).
"""

from accounts.personal_data import UserField

from .models import LessonOffer

USER_FIELDS = {
    "learn.LessonOffer.user": UserField(export="lesson_offers", id_key="user_id"),
}


def export(user):
    return {
        "lesson_offers": [
            {"user_id": offer.user_id, "offered_at": offer.offered_at, "dismissed_at": offer.dismissed_at}
            for offer in LessonOffer.objects.filter(user=user)
        ],
    }


def erase(user):
    LessonOffer.objects.filter(user=user).delete()
