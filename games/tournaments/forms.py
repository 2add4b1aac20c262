import datetime

from django import forms
from django.utils.translation import gettext_lazy as _

from games.presentation import for_game
from games.web.templatetags.game_tags import timedelta_days

from .models import Tournament

# A game's own options are fields named with this prefix, as in the lobby's form, so that none can take a
# shared field's name.
OPTION_PREFIX = "option_"

# The times per move offered, in hours; named as the table and the tournament's page name a limit
# (``timedelta_days``: "12 hours", "3 days"), so that one limit is never "72 hours" on one page and "3 days"
# on another.
HOURS = (12, 24, 48, 72, 120, 168)


def time_choices():
    return [("", _("No time limit"))] + [(str(h), timedelta_days(datetime.timedelta(hours=h))) for h in HOURS]


class CreateTournamentForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=100)
    format = forms.ChoiceField(label=_("Format"), choices=Tournament.Format.choices, initial="swiss",
                               help_text=_("A knockout is played at tables of 2."))
    table_size = forms.TypedChoiceField(label=_("Players per table"), choices=[(2, "2"), (3, "3"), (4, "4")],
                                        coerce=int, initial=4)
    time_per_move = forms.ChoiceField(label=_("Time per move"), choices=[], initial="72", required=False)
    timeout_policy = forms.ChoiceField(label=_("When time runs out"), choices=Tournament.TimeoutPolicy.choices,
                                       initial="bot")
    rounds = forms.IntegerField(label=_("Rounds"), required=False, min_value=1, max_value=20,
                                help_text=_("Swiss: empty chooses for the number of players. Round robin at "
                                            "tables of 3 or 4: the games each group plays."))
    max_players = forms.IntegerField(label=_("Maximum players"), min_value=2, max_value=256, initial=32)
    starts_at = forms.DateTimeField(label=_("Starts at"), required=False,
                                    widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
                                    help_text=_("Empty: the director starts it."))
    rated = forms.BooleanField(label=_("Rated"), required=False)
    min_reliability = forms.IntegerField(label=_("Minimum reliability (%)"), required=False, min_value=0,
                                         max_value=100,
                                         help_text=_("The share of their recent games a player finished."))
    fill_with_bots = forms.BooleanField(label=_("Fill tables with bots"), required=False,
                                        help_text=_("Swiss only: bots make up the numbers so every table is full."))
    bot_kind = forms.ChoiceField(label=_("Bot"), choices=[])

    def __init__(self, *args, game, **kwargs):
        """The form for a tournament of ``game`` (a slug): its seat counts for the tables, its own options
        (its presentation's fields, after the format), its bots. The rules of a tournament are the service's
        (``services.create_tournament``); the form only offers the choices."""
        super().__init__(*args, **kwargs)
        self.game = game
        presentation = for_game(game)
        rules = presentation.rules
        self.fields["time_per_move"].choices = time_choices()  # in the language of the request
        self.fields["table_size"].choices = [(n, str(n)) for n in rules.PLAYERS]
        self.fields["table_size"].initial = max(rules.PLAYERS)
        names = presentation.bot_names()
        self.fields["bot_kind"].choices = [(kind, names.get(kind, kind)) for kind in rules.bots.KINDS]
        self.fields["bot_kind"].initial = rules.bots.DEFAULT_ABSENT
        fields = list(self.fields.items())
        own = [(OPTION_PREFIX + name, field) for name, field in presentation.option_fields().items()]
        self.fields = dict(fields[:2] + own + fields[2:])

    def service_arguments(self):
        data = {k: v for k, v in self.cleaned_data.items() if not k.startswith(OPTION_PREFIX)}
        hours = data.pop("time_per_move")
        data["per_move"] = datetime.timedelta(hours=int(hours)) if hours else None
        data["game"] = self.game
        data["options"] = {
            name[len(OPTION_PREFIX):]: value
            for name, value in self.cleaned_data.items()
            if name.startswith(OPTION_PREFIX) and value not in (None, "")
        }
        return data
