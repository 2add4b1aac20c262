from django import forms
from django.utils.translation import gettext_lazy as _


class AbsenceForm(forms.Form):
    starts_at = forms.DateTimeField(
        label=_("From"), widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")
    )
    ends_at = forms.DateTimeField(
        label=_("Until"), widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")
    )

    def clean(self):
        data = super().clean()
        if data.get("starts_at") and data.get("ends_at") and data["ends_at"] <= data["starts_at"]:
            raise forms.ValidationError(_("The absence must end after it starts."))
        return data
