from django import forms
from django.utils.translation import gettext_lazy as _

from .models import Report


class ReportForm(forms.Form):
    reason = forms.ChoiceField(label=_("Why?"), choices=Report.Reason.choices, widget=forms.RadioSelect)
    comment = forms.CharField(
        label=_("Anything the staff should know (optional)"), required=False, max_length=500,
        widget=forms.TextInput,
    )
