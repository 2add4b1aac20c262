"""Header data on every page: how many games wait for the signed-in player's decision."""

from django.utils.functional import SimpleLazyObject

from games.models import Game


def header(request):
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"games_waiting": 0}
    # Lazy: one COUNT query, only when a template shows it.
    return {
        "games_waiting": SimpleLazyObject(
            # A lesson in progress is no game waiting for a move (it has no clock and waits for nobody).
            lambda: Game.objects.filter(status=Game.Status.ACTIVE, to_move_user=user, lesson=False).count()
        )
    }
