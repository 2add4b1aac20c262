import datetime

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

# How far from now an absence may be declared. Beyond the business rules of vacations.py (30 days a
# year, no overlap, not in the past), this keeps every date one that time-zone and calendar-year
# arithmetic can handle (year 9999 plus a time zone was a 500).
HORIZON = datetime.timedelta(days=2 * 366)


class AbsenceForm(forms.Form):
    starts_at = forms.DateTimeField(
        label=_("From"), widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")
    )
    ends_at = forms.DateTimeField(
        label=_("Until"), widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")
    )

    def _within_horizon(self, name):
        value = self.cleaned_data[name]
        now = timezone.now()
        if not now - HORIZON <= value <= now + HORIZON:
            raise forms.ValidationError(_("Choose a date within two years from today."), code="horizon")
        return value

    def clean_starts_at(self):
        return self._within_horizon("starts_at")

    def clean_ends_at(self):
        return self._within_horizon("ends_at")

    def clean(self):
        data = super().clean()
        if data.get("starts_at") and data.get("ends_at") and data["ends_at"] <= data["starts_at"]:
            raise forms.ValidationError(_("The absence must end after it starts."))
        return data
