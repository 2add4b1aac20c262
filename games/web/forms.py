"""The lobby's form for a new game: the fields every game shares, then the game's own options (its
presentation's ``option_fields``) and its seat counts and bots (its rules' ``PLAYERS`` and ``bots.KINDS``).
The form only reads the choices; ``games.services.check_new_game`` is the one place that judges them
(whether players may create a game of this game at all, ``check_offered``, among them)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from games import services
from games.exceptions import InvalidRequest
from games.presentation import for_game
from games.ratings import outlook

TIME_CHOICES = [
    ("", _("No time limit")),
    ("1", _("1 day")),
    ("2", _("2 days")),
    ("3", _("3 days")),
    ("5", _("5 days")),
    ("7", _("7 days")),
    ("14", _("14 days")),
]
# A game's own options are fields named with this prefix, so that none can take a shared field's name.
OPTION_PREFIX = "option_"


class CreateGameForm(forms.Form):
    seats = forms.TypedChoiceField(label=_("Players"), choices=[(2, "2"), (3, "3"), (4, "4")], coerce=int, initial=2)
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
    bot_kind = forms.ChoiceField(label=_("Bot strength"), choices=[])
    # Not ticked unless the player asks: a newcomer's first game (against a bot, most often) is practice,
    # and a result that counts is something one chooses.
    rated = forms.BooleanField(label=_("Rated game"), required=False, initial=False)

    def __init__(self, *args, game, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        presentation = for_game(game)
        rules = presentation.rules
        counts = list(rules.PLAYERS)
        self.fields["seats"].choices = [(n, str(n)) for n in counts]
        self.fields["seats"].initial = counts[0]
        self.fields["bots"].choices = [(0, _("None")), *((n, str(n)) for n in range(1, max(counts)))]
        self._option_fields(presentation)
        self._bot_kinds(presentation, rules)
        self.unrated_because = None

    def _option_fields(self, presentation):
        """The game's own options, after the number of players (the order the page reads them in)."""
        fields = list(self.fields.items())
        own = [(OPTION_PREFIX + name, field) for name, field in presentation.option_fields().items()]
        self.fields = dict(fields[:1] + own + fields[1:])

    def _bot_kinds(self, presentation, rules):
        # Which bots can be in a rated game is the site's calibration (RATINGS_BOT_CALIBRATION): say it
        # before the game is made, on the bots' names and under "Rated game".
        names = presentation.bot_names()
        kinds = [k for k in names if k in rules.bots.KINDS] + [k for k in rules.bots.KINDS if k not in names]
        self.bot_labels = {kind: names.get(kind, kind) for kind in kinds}
        kinds = self.fields["bot_kind"]
        kinds.choices = [
            (kind, label if self._calibrated(kind) else _("%(bot)s (games with it are unrated)") % {"bot": label})
            for kind, label in self.bot_labels.items()
        ]
        kinds.initial = rules.bots.DEFAULT_ABSENT
        rated_with = [str(label) for kind, label in self.bot_labels.items() if self._calibrated(kind)]
        if len(rated_with) == len(self.bot_labels):
            note = _("The result counts for the players' ratings; bots count at their fixed calibration rating.")
        elif rated_with:
            note = _(
                "The result counts for the players' ratings. Only these bots have a calibration rating: "
                "%(bots)s; a game with another bot is unrated."
            ) % {"bots": ", ".join(rated_with)}
        else:
            note = _(
                "The result counts for the players' ratings. Games with bots are unrated on this site: "
                "no bot has a calibration rating."
            )
        self.fields["rated"].help_text = note

    def _calibrated(self, kind):
        return outlook.calibrated(kind, self.game)

    def options(self):
        """The game's own options as chosen (its ``validate_options`` fills in the rest)."""
        return {
            name[len(OPTION_PREFIX):]: value
            for name, value in self.cleaned_data.items()
            if name.startswith(OPTION_PREFIX) and value not in (None, "")
        }

    def clean_invite(self):
        raw = self.cleaned_data.get("invite") or ""
        names = [n.strip().lstrip("@") for n in raw.replace(",", " ").split() if n.strip()]
        return list(dict.fromkeys(names))

    def clean(self):
        data = super().clean()
        try:
            services.check_offered(self.game)
        except InvalidRequest as refused:
            self.add_error(None, str(refused.detail))
        seats, bots = data.get("seats"), data.get("bots")
        if seats is not None and bots is not None and bots >= seats:
            self.add_error("bots", _("Leave at least one seat for you: fewer bots than players."))
        if data.get("visibility") == "private" and not data.get("invite") and seats and bots is not None:
            if bots < seats - 1:
                self.add_error("invite", _("A private game needs the usernames of the players you invite."))
        if data.get("visibility") == "open":
            data["invite"] = []
        # "Rated" ticked with a bot that has no calibration rating: the game could not count, so it is made
        # unrated, and the view says why (rather than a game that ends "Unrated" unexpectedly).
        kind = data.get("bot_kind")
        if data.get("rated") and data.get("bots") and kind in self.bot_labels and not self._calibrated(kind):
            data["rated"] = False
            self.unrated_because = _(
                "It is unrated: “%(bot)s” has no calibration rating on this site, so games with it cannot count."
            ) % {"bot": self.bot_labels[kind]}
        return data
