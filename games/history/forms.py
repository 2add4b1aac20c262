"""The history browser's filters, validated as a GET form."""

import datetime

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.models import Game
from games.presentation import all_games

from .selectors import DEFAULT_SORT

SORT_CHOICES = [
    ("-finished", _("Newest first")),
    ("finished", _("Oldest first")),
    ("-turns", _("Most turns")),
    ("turns", _("Fewest turns")),
    ("-duration", _("Longest")),
    ("duration", _("Shortest")),
]


# Dates a filter may name: wide enough for any game, narrow enough that a day more or a time zone away
# is still a date (9999-12-31 plus a day is not: that was a 500).
EARLIEST, LATEST = datetime.date(1970, 1, 1), datetime.date(9000, 12, 31)
DATE_BOUNDS = [MinValueValidator(EARLIEST), MaxValueValidator(LATEST)]


def _game_choices():
    return [("", _("Any")), *((p.slug, p.title()) for p in all_games())]


class HistoryFilterForm(forms.Form):
    game = forms.ChoiceField(label=_("Game"), choices=_game_choices, required=False)
    player = forms.CharField(label=_("Player"), max_length=150, required=False)
    winner = forms.CharField(label=_("Winner"), max_length=150, required=False)
    players = forms.TypedChoiceField(
        label=_("Players"),
        choices=[("", _("Any")), (2, "2"), (3, "3"), (4, "4")],
        coerce=int,
        empty_value=None,
        required=False,
    )
    mode = forms.ChoiceField(label=_("Mode"), choices=[("", _("Any")), *Game.Mode.choices], required=False)
    since = forms.DateField(
        label=_("Finished on or after"),
        required=False,
        validators=DATE_BOUNDS,
        widget=forms.DateInput(attrs={"type": "date", "min": EARLIEST.isoformat(), "max": LATEST.isoformat()}),
    )
    until = forms.DateField(
        label=_("Finished on or before"),
        required=False,
        validators=DATE_BOUNDS,
        widget=forms.DateInput(attrs={"type": "date", "min": EARLIEST.isoformat(), "max": LATEST.isoformat()}),
    )
    sort = forms.ChoiceField(label=_("Sort"), choices=SORT_CHOICES, required=False)

    def clean(self):
        data = super().clean()
        since, until = data.get("since"), data.get("until")
        if since and until and since > until:
            raise forms.ValidationError(_("The first date is after the second."))
        return data

    def filters(self):
        """Keyword arguments for selectors.finished_games (unvalidated fields are left out)."""
        data = self.cleaned_data if self.is_valid() else {}
        tz = timezone.get_current_timezone()

        def start_of(day):
            return datetime.datetime.combine(day, datetime.time.min, tzinfo=tz)

        return {
            "game": data.get("game") or None,
            "players": data.get("players"),
            "mode": data.get("mode") or None,
            "since": start_of(data["since"]) if data.get("since") else None,
            "until": start_of(data["until"] + datetime.timedelta(days=1)) if data.get("until") else None,
            "sort": data.get("sort") or DEFAULT_SORT,
        }
