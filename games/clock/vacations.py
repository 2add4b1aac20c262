"""Vacations: a user declares an absence; the clocks of their turns pause while it lasts.

At most ``CLOCK_MAX_ABSENCE_DAYS_PER_YEAR`` days of absence per calendar year (an absence across New
Year counts in both years, each for its own part); absences of one user don't overlap.
"""

import datetime

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Game

from . import deadlines
from .models import Absence, TimeControl

MAX_LENGTH = datetime.timedelta(days=30)


def _year_bounds(year):
    start = datetime.datetime(year, 1, 1, tzinfo=datetime.UTC)
    return start, datetime.datetime(year + 1, 1, 1, tzinfo=datetime.UTC)


def _overlap(a_start, a_end, b_start, b_end):
    return max(datetime.timedelta(0), min(a_end, b_end) - max(a_start, b_start))


def days_used(user, year, exclude=None):
    """Days of absence (a float) declared by ``user`` in calendar ``year`` (UTC)."""
    y_start, y_end = _year_bounds(year)
    qs = Absence.objects.filter(user=user, starts_at__lt=y_end, ends_at__gt=y_start)
    if exclude is not None:
        qs = qs.exclude(pk=exclude)
    total = sum((_overlap(a.starts_at, a.ends_at, y_start, y_end) for a in qs), datetime.timedelta(0))
    return total / datetime.timedelta(days=1)


def days_left(user, year):
    return max(0.0, settings.CLOCK_MAX_ABSENCE_DAYS_PER_YEAR - days_used(user, year))


def declare_absence(user, starts_at, ends_at, now=None):
    """Declare an absence of ``user`` from ``starts_at`` to ``ends_at``; raises ValidationError."""
    now = now or timezone.now()
    if starts_at is None or ends_at is None or ends_at <= starts_at:
        raise ValidationError(_("The absence must end after it starts."), code="order")
    if starts_at < now - datetime.timedelta(minutes=5):
        starts_at = now if ends_at > now else starts_at
        if ends_at <= now:
            raise ValidationError(_("An absence cannot lie in the past."), code="past")
    limit = settings.CLOCK_MAX_ABSENCE_DAYS_PER_YEAR
    with transaction.atomic():
        # Serialise the declarations of one user (the checks below read their other absences).
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        if Absence.objects.filter(user=user, starts_at__lt=ends_at, ends_at__gt=starts_at).exists():
            raise ValidationError(_("This absence overlaps another one of yours."), code="overlap")
        for year in range(starts_at.astimezone(datetime.UTC).year, ends_at.astimezone(datetime.UTC).year + 1):
            y_start, y_end = _year_bounds(year)
            new = _overlap(starts_at, ends_at, y_start, y_end) / datetime.timedelta(days=1)
            if days_used(user, year) + new > limit + 1e-9:
                raise ValidationError(
                    _("At most %(limit)s days of absence per calendar year; %(left)s days are left in %(year)s.")
                    % {"limit": limit, "left": f"{days_left(user, year):g}", "year": year},
                    code="too_long",
                )
        absence = Absence.objects.create(user=user, starts_at=starts_at, ends_at=ends_at)
        resync_user_clocks(user.pk, now)
    return absence


def end_absence(user, absence_id, now=None):
    """End an absence now (or withdraw one that has not begun). Returns True when one was changed."""
    now = now or timezone.now()
    with transaction.atomic():
        absence = Absence.objects.select_for_update().filter(pk=absence_id, user=user).first()
        if absence is None or absence.ends_at <= now:
            return False
        if absence.starts_at >= now:
            absence.delete()
        else:
            absence.ends_at = now
            absence.save(update_fields=["ends_at"])
        resync_user_clocks(user.pk, now)
    return True


def resync_user_clocks(user_id, now):
    """Recompute the deadline of every running turn of ``user_id`` (their absences changed)."""
    game_ids = list(
        Game.objects.filter(to_move_user_id=user_id, status=Game.Status.ACTIVE).values_list("pk", flat=True)
    )
    for game_id in game_ids:
        game = Game.objects.select_for_update().get(pk=game_id)
        tc = TimeControl.objects.select_for_update().filter(game_id=game_id).first()
        if tc is None:
            continue
        deadlines.sync(tc, game, now, restart=(tc.seat, tc.turn) != (game.to_move_position, game.turn))
        tc.save()
