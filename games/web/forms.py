from django import forms
from django.utils.translation import gettext_lazy as _

from games.models import Game, Seat

TIME_CHOICES = [
    ("", _("No time limit")),
    ("1", _("1 day")),
    ("2", _("2 days")),
    ("3", _("3 days")),
    ("5", _("5 days")),
    ("7", _("7 days")),
    ("14", _("14 days")),
]


class CreateGameForm(forms.Form):
    seats = forms.TypedChoiceField(label=_("Players"), choices=[(2, "2"), (3, "3"), (4, "4")], coerce=int, initial=2)
    mode = forms.ChoiceField(
        label=_("Rules"),
        choices=Game.Mode.choices,
        initial=Game.Mode.PRINTED,
        widget=forms.RadioSelect,
        help_text=_("Yucata rules: completed chapters are public, Farmers and extra actions apply by themselves."),
    )
    time_per_move = forms.ChoiceField(label=_("Time per move"), choices=TIME_CHOICES, required=False)
    timeout_policy = forms.ChoiceField(
        label=_("When time runs out"),
        choices=[("bot", _("A bot makes the move")), ("end", _("The game ends, the absent player last"))],
        initial="bot",
        required=False,
    )
    visibility = forms.ChoiceField(
        label=_("Who may join"),
        choices=[("open", _("Anyone (open game)")), ("private", _("Only the players I invite"))],
        initial="open",
        widget=forms.RadioSelect,
    )
    invite = forms.CharField(
        label=_("Invite players"),
        required=False,
        max_length=500,
        help_text=_("Usernames, separated by commas or spaces."),
    )
    bots = forms.TypedChoiceField(
        label=_("Bots"),
        choices=[(0, _("None")), (1, "1"), (2, "2"), (3, "3")],
        coerce=int,
        initial=0,
        help_text=_("Bots take seats at once and move promptly."),
    )
    bot_kind = forms.ChoiceField(
        label=_("Bot strength"),
        choices=[
            (Seat.BotKind.GREEDY, _("Greedy bot")),
            (Seat.BotKind.RANDOM, _("Random bot")),
            (Seat.BotKind.STRONG, _("Strong bot")),
        ],
        initial=Seat.BotKind.GREEDY,
    )
    rated = forms.BooleanField(
        label=_("Rated game"),
        required=False,
        initial=True,
        help_text=_("The result counts for the players' ratings (not with a bot that has no calibration rating)."),
    )

    def clean_invite(self):
        raw = self.cleaned_data.get("invite") or ""
        names = [n.strip().lstrip("@") for n in raw.replace(",", " ").split() if n.strip()]
        return list(dict.fromkeys(names))

    def clean(self):
        data = super().clean()
        seats, bots = data.get("seats"), data.get("bots")
        if seats is not None and bots is not None and bots >= seats:
            self.add_error("bots", _("Leave at least one seat for you: fewer bots than players."))
        if data.get("visibility") == "private" and not data.get("invite") and seats and bots is not None:
            if bots < seats - 1:
                self.add_error("invite", _("A private game needs the usernames of the players you invite."))
        if data.get("visibility") == "open":
            data["invite"] = []
        return data
