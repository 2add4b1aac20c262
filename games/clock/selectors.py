"""Read side of the clock, for the pages."""

from dataclasses import dataclass
from datetime import datetime

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

    The table shows them ("away until …"); the player's deadlines pause while an absence lasts."""
    now = now or timezone.now()
    seats = {
        s.user_id: s
        for s in Seat.objects.filter(game_id=game.pk, kind=Seat.Kind.USER).select_related("user__profile")
    }
    if not seats:
        return []
    result = []
    for absence in Absence.objects.filter(user_id__in=list(seats), ends_at__gt=now).order_by("starts_at"):
        seat = seats[absence.user_id]
        public = getattr(seat.user, "public_name", None)
        result.append(
            SeatAbsence(
                seat=seat.position,
                user_id=absence.user_id,
                name=public() if callable(public) else seat.user.username,
                starts_at=absence.starts_at,
                ends_at=absence.ends_at,
                current=absence.starts_at <= now,
            )
        )
    return result


def absences_of(user, now=None):
    """The user's absences that have not ended, soonest first."""
    now = now or timezone.now()
    return list(Absence.objects.filter(user=user, ends_at__gt=now).order_by("starts_at"))


def time_control_of(game):
    """The game's TimeControl (per_move, policy, deadline), or None."""
    return TimeControl.objects.filter(game_id=game.pk).first()
