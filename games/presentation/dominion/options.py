"""Dominion's options in the lobby: the kingdom (ten of the thirteen Guilds cards, drawn at random or
picked one by one, each card shown with its cost and its text) and the rules' edition.

The form only reads the choice; the rules' ``validate_options`` (through ``games.services.check_new_game``)
judges it again. A pick of fewer or more than ten cards, or of a name that is not a Guilds card, is a
form error on the field, and no game is made.
"""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from engine.dominion import KINGDOM_SIZE

from . import cards as C

RANDOM, PICK = "random", "pick"
EDITIONS = {
    "2013": gettext_lazy("Guilds as first printed (2013)"),
    "2022": gettext_lazy("Later rules (2022)"),
}


class CardCheckboxes(forms.CheckboxSelectMultiple):
    """One checkbox per Guilds card, its label the card's name, cost and text."""

    option_template_name = "dominion/widgets/kingdom_card.html"

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        if value in C.GUILDS:
            option["face"] = C.face(value)
        return option


class KingdomWidget(forms.MultiWidget):
    """"Random" or "pick ten", then the thirteen cards."""

    template_name = "dominion/widgets/kingdom.html"
    # The lobby's form draws a field whose widget is a group of radio buttons inside a fieldset with the
    # label as its legend (templates/games/create.html): this widget is such a group.
    input_type = "radio"

    def __init__(self, attrs=None):
        widgets = {
            "mode": forms.RadioSelect(choices=[(RANDOM, _random_label()), (PICK, _pick_label())]),
            "cards": CardCheckboxes(choices=[(card, card) for card in C.GUILDS]),
        }
        super().__init__(widgets, attrs)

    def decompress(self, value):
        if isinstance(value, (list, tuple)):
            return [PICK, list(value)]
        return [RANDOM, []]

    def get_context(self, name, value, attrs):
        context = super().get_context(name, value, attrs)
        context["kingdom_size"] = KINGDOM_SIZE
        return context


def _random_label():
    return gettext_lazy("Random: ten cards drawn when the game is set up")


def _pick_label():
    return gettext_lazy("Pick the ten cards below")


class KingdomField(forms.MultiValueField):
    """Cleans to "random" or the list of the ten cards picked (in the catalogue's order)."""

    widget = KingdomWidget

    def __init__(self, **kwargs):
        fields = (
            forms.ChoiceField(choices=[(RANDOM, RANDOM), (PICK, PICK)]),
            forms.MultipleChoiceField(
                choices=[(card, card) for card in C.GUILDS],
                required=False,
                error_messages={"invalid_choice": gettext_lazy("%(value)s is not one of the Guilds kingdom cards.")},
            ),
        )
        super().__init__(fields, require_all_fields=False, **kwargs)

    def compress(self, data_list):
        mode, picked = (list(data_list) + [None, None])[:2]
        if mode != PICK:
            return RANDOM
        picked = list(picked or [])
        if len(picked) != KINGDOM_SIZE:
            raise ValidationError(
                ngettext(
                    "Pick exactly %(size)s cards for the kingdom: you picked %(n)s.",
                    "Pick exactly %(size)s cards for the kingdom: you picked %(n)s.",
                    len(picked),
                ) % {"size": KINGDOM_SIZE, "n": len(picked)},
                code="kingdom_size",
            )
        return sorted(picked, key=C.GUILDS.index)


def option_fields():
    return {
        "kingdom": KingdomField(
            label=gettext_lazy("Kingdom"),
            initial="random",
            help_text=gettext_lazy(
                "Every game uses ten of the thirteen Guilds cards, besides the basic cards (Copper, Silver, "
                "Gold, Estate, Duchy, Province and Curse)."
            ),
        ),
        "edition": forms.ChoiceField(
            label=gettext_lazy("Rules"),
            choices=list(EDITIONS.items()),
            initial="2013",
            widget=forms.RadioSelect,
            help_text=gettext_lazy(
                "2013: Coin tokens are spent in your Buy phase before your first buy, and an overpay acts before "
                "you gain the card. 2022: Coffers any time in your turn, Merchant Guild's and overpay's errata."
            ),
        ),
    }


EDITION_WORDS = {"2013": gettext_lazy("2013 rules"), "2022": gettext_lazy("2022 rules")}


def options_words(options):
    """The edition and whether the kingdom was picked, in a few words for lists, headings and the name of
    a rating pool ("2013 rules · kingdom picked")."""
    options = options or {}
    words = []
    if options.get("edition") in EDITION_WORDS:
        words.append(str(EDITION_WORDS[options["edition"]]))
    kingdom = options.get("kingdom")
    if isinstance(kingdom, list) and kingdom:
        words.append(_("kingdom picked"))
    return " · ".join(words)
