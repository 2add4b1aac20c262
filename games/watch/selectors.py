"""Games in progress that anyone signed in may watch: started, not over, and open to the public (not
by invitation only: a private game is not advertised, though its table stays reachable by its link)."""

from django.db.models import Exists, OuterRef, Prefetch

from games.models import Game, Seat
from social.relations.selectors import followed_ids

WHO = ("all", "following")


def live_games(user, who="all"):
    by_invitation = Exists(Game.invited.through.objects.filter(game_id=OuterRef("pk")))
    games = Game.objects.filter(status=Game.Status.ACTIVE, lesson=False).exclude(by_invitation)  # lessons are private
    if who == "following":
        games = games.filter(Exists(Seat.objects.filter(game_id=OuterRef("pk"), user_id__in=followed_ids(user))))
    seats = Prefetch("seats", queryset=Seat.objects.select_related("user").order_by("position"))
    return games.prefetch_related(seats).order_by("-updated_at", "-id")
