"""Personal data of the outbox (accounts.personal_data): the emails and push notifications for a player, sent or
waiting, and the browsers they turned push notifications on in.

The export lists what was sent or is waiting (kind, game, status, times), not the rows' working data (the
rendering's parameters, the last error of a mail server) nor a subscription's keys: a push endpoint is
listed by its address only. The erasure deletes both: nothing waiting is sent to an erased account.
"""

from accounts.personal_data import UserField

from .models import Notification, PushSubscription

USER_FIELDS = {
    "notifications.Notification.user": UserField(export="notifications"),
    "notifications.PushSubscription.user": UserField(export="push_subscriptions"),
}


def export(user):
    return {
        "notifications": [
            {"id": n.pk, "kind": n.kind, "game_id": n.game_id, "turn": n.turn, "status": n.status,
             "created_at": n.created_at, "due_at": n.due_at, "sent_at": n.sent_at}
            for n in Notification.objects.filter(user=user).order_by("pk")
        ],
        "push_subscriptions": [
            {"id": s.pk, "endpoint": s.endpoint, "created_at": s.created_at}
            for s in PushSubscription.objects.filter(user=user).order_by("pk")
        ],
    }


def erase(user):
    Notification.objects.filter(user=user).delete()
    PushSubscription.objects.filter(user=user).delete()
