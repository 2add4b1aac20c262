from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy


def _day_choices():
    longest = settings.INVITE_LINK_MAX_DAYS
    days = sorted(d for d in {1, 3, 7, longest} if d <= longest)
    return [(d, ngettext_lazy("%(n)d day", "%(n)d days", d) % {"n": d}) for d in days]


class LinkForm(forms.Form):
    single_use = forms.TypedChoiceField(
        label=_("Who may use it"),
        choices=[
            ("1", _("One player (the link works once)")),
            ("0", _("Anyone with the link, until the game is full")),
        ],
        coerce=lambda value: value == "1",
        initial="1",
        widget=forms.RadioSelect,
    )
    days = forms.TypedChoiceField(label=_("Valid for"), choices=_day_choices, coerce=int, initial=7)
