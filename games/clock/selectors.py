"""Read side of the clock, for the pages."""

from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth import get_user_model
from django.utils import timezone

from games.models import Seat

from .models import Absence, TimeControl


@dataclass(frozen=True)
class SeatAbsence:
    seat: int | None  # the engine seat (None while the game is open)
    user_id: int
    name: str
    starts_at: datetime
    ends_at: datetime
    current: bool  # the absence is under way now (their clock is paused)


def absences_for_game(game, now=None):
    """Current and coming absences of the players of ``game``, by seat, soonest first.

    The table shows them ("away until …"); the player's deadlines pause while an absence lasts. Every
    render of a table asks, and few players are away: the seats come from the game (already read with it
    by ``selectors.get_game``), and the names, with their profiles, are read only for an absence found."""
    now = now or timezone.now()
    seats = {s.user_id: s for s in game.seats.all() if s.kind == Seat.Kind.USER and s.user_id is not None}
    if not seats:
        return []
    absences = list(Absence.objects.filter(user_id__in=list(seats), ends_at__gt=now).order_by("starts_at"))
    if not absences:
        return []
    away = {absence.user_id for absence in absences}
    users = {user.pk: user for user in get_user_model().objects.filter(pk__in=away).select_related("profile")}
    return [
        SeatAbsence(
            seat=seats[absence.user_id].position,
            user_id=absence.user_id,
            name=users[absence.user_id].public_name(),
            starts_at=absence.starts_at,
            ends_at=absence.ends_at,
            current=absence.starts_at <= now,
        )
        for absence in absences
    ]


def absences_of(user, now=None):
    """The user's absences that have not ended, soonest first."""
    now = now or timezone.now()
    return list(Absence.objects.filter(user=user, ends_at__gt=now).order_by("starts_at"))


def time_control_of(game):
    """The game's TimeControl (per_move, policy, deadline), or None."""
    return TimeControl.objects.filter(game_id=game.pk).first()
