"""Guildhall's options in the lobby: the printed rules or Yucata's."""

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

MODES = {
    "printed": gettext_lazy("Printed rules"),
    "yucata": gettext_lazy("Yucata rules"),
}


def option_fields():
    return {
        "mode": forms.ChoiceField(
            label=gettext_lazy("Rules"),
            choices=list(MODES.items()),
            initial="printed",
            widget=forms.RadioSelect,
            help_text=gettext_lazy(
                "Yucata rules: completed chapters are public, Farmers and extra actions apply by themselves."
            ),
        ),
    }


def options_words(options):
    mode = (options or {}).get("mode")
    return _(MODES[mode]) if mode in MODES else ""
