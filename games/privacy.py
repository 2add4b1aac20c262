"""Personal data of the games (accounts.personal_data): the seats a user held, the games they created or were
invited to.

The export gives each game as the API gives it to that player, never more: a game in progress with their
own seat's view and the log in words as their seat reads it (no seed, no other hand); a finished game with
its verifiable record (the seed is public once the game is over); an open or cancelled one as the lists
show it. Leaving: a seat in a game in progress is resigned (an entry of the log, as the player's own
Resign), a seat in a game not yet started is left (the game is cancelled when its creator leaves).
Nothing of a game is deleted: the other players' games, their ratings and the records must still replay
and verify, and they name the account by its new name.
"""

from django.db.models import Prefetch

from accounts.personal_data import DELETE, KEEP, UserField

from . import selectors, services
from .exceptions import GameError
from .history.record import build_record
from .models import Game, Seat

_REPLAYS = "the others' games must still replay and verify (manage.py replay_games, verify_record)"

USER_FIELDS = {
    "games.Seat.user": UserField(
        export="games",
        id_key="seat_id",
        erase=KEEP,
        why_kept=_REPLAYS + "; the seat names the anonymised account",
    ),
    "games.Game.created_by": UserField(
        export="games_created", erase=KEEP, why_kept=_REPLAYS + "; the creator is shown as the anonymised account"
    ),
    "games.Game.invited": UserField(
        export="invited_to",
        erase=KEEP,
        why_kept="the list of who may join a game: taking the account off it would open a game by invitation "
        "to anyone; the anonymised account can never join",
    ),
    # Every game in progress is resigned first (leave): no game waits for the account any more.
    "games.Game.to_move_user": UserField(export="games", id_key="game_id", erase=DELETE),
}


def _games_of(user):
    seats = (
        Seat.objects.filter(user=user)
        .select_related("game", "game__created_by")
        .prefetch_related(Prefetch("game__seats", queryset=Seat.objects.select_related("user")))
        .order_by("game_id")
    )
    return list(seats)


def _game_as_seen(game, user):
    """The game as ``user`` may see it: what the API gives them, and for a finished game its record."""
    if game.status == Game.Status.ACTIVE:
        return {"game": selectors.detail(game, user), "log": selectors.log_entries(game, user)}
    if game.status == Game.Status.FINISHED:
        try:
            record = build_record(game)
        except GameError:  # a row that says finished over a log that does not: nothing published
            record = None
        return {"game": selectors.summary(game, user), "record": record}
    return {"game": selectors.summary(game, user)}


def export(user):
    entries = []
    for seat in _games_of(user):
        entry = {
            "seat_id": seat.pk,
            "game_id": seat.game_id,
            "position": seat.position,
            "joined_at": seat.joined_at,
            "final_place": seat.final_place,
        }
        entry.update(_game_as_seen(seat.game, user))
        entries.append(entry)
    return {
        "games": entries,
        "games_created": [
            {"id": pk, "status": status}
            for pk, status in Game.objects.filter(created_by=user).order_by("pk").values_list("pk", "status")
        ],
        "invited_to": [
            {"id": pk, "status": status}
            for pk, status in Game.objects.filter(invited=user).order_by("pk").values_list("pk", "status")
        ],
    }


def leave(user):
    """Resign every game in progress the user still plays; leave every game not yet started."""
    for seat in _games_of(user):
        game = seat.game
        if game.status == Game.Status.ACTIVE and selectors.may_resign(game, user):
            services.resign(game.pk, user)
        elif game.status == Game.Status.OPEN:
            services.leave(game.pk, user)


def erase(user):
    """Nothing to delete: the seats and games stay, naming the anonymised account (accounts.privacy)."""
