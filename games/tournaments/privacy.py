"""Personal data of tournaments (accounts.personal_data): a player's entries and the tournaments they direct.

Leaving: the player withdraws from every tournament open or running (``services.withdraw``: an open entry
goes, a running one is paired no more and its game in progress resigned). The entries stay, naming the
anonymised account: the others' standings and tie-breaks count the games played against it. A tournament
they direct passes to the site's staff, or is cancelled if only its director could have started it, and its
players are told (``services.director_left``).
"""

from accounts.personal_data import KEEP, UserField

from . import services
from .models import Entrant, Tournament

USER_FIELDS = {
    "tournaments.Entrant.user": UserField(
        export="entries",
        erase=KEEP,
        why_kept="the others' standings and tie-breaks count the games played against the entrant",
    ),
    "tournaments.Tournament.created_by": UserField(
        export="directed",
        erase=KEEP,
        why_kept="a finished tournament's director stays, anonymised; one not over passes to the staff first",
    ),
}


def export(user):
    entries = Entrant.objects.filter(user=user).select_related("tournament").order_by("pk")
    return {
        "entries": [
            {"id": e.pk, "tournament_id": e.tournament_id, "tournament": e.tournament.name, "rating": e.rating,
             "seed": e.seed, "group": e.group, "joined_at": e.joined_at, "left_at": e.left_at,
             "left_reason": e.left_reason, "left_after_round": e.left_after_round}
            for e in entries
        ],
        "directed": [
            {"id": pk, "name": name, "status": status}
            for pk, name, status in Tournament.objects.filter(created_by=user).order_by("pk").values_list(
                "pk", "name", "status"
            )
        ],
    }


def leave(user):
    running = Entrant.objects.filter(
        user=user,
        left_at__isnull=True,
        tournament__status__in=[Tournament.Status.OPEN, Tournament.Status.RUNNING],
    ).values_list("tournament_id", flat=True)
    for tournament_id in list(running):
        services.withdraw(tournament_id, user)
    services.director_left(user)


def erase(user):
    """Nothing to delete (see above)."""
