import datetime
import zoneinfo

from django import forms
from django.utils.translation import gettext_lazy as _

from .models import Profile

# The regions of the time zone database, as a player looks for their city; the database's older aliases
# (US/Eastern, Etc/GMT+1, …) name the same zones again and are left out of the list, not refused.
REGIONS = {
    "Africa": _("Africa"),
    "America": _("America"),
    "Antarctica": _("Antarctica"),
    "Asia": _("Asia"),
    "Atlantic": _("Atlantic"),
    "Australia": _("Australia"),
    "Europe": _("Europe"),
    "Indian": _("Indian Ocean"),
    "Pacific": _("Pacific"),
}


def _offset_minutes(tz, now):
    return int(now.astimezone(zoneinfo.ZoneInfo(tz)).utcoffset().total_seconds() // 60)


def _offset_text(minutes):
    sign = "+" if minutes >= 0 else "−"
    return f"UTC{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


def _time_zones():
    """Zones grouped by region, each as its city with today's offset ("Berlin, UTC+01:00"), by offset
    then city: a readable list instead of some 600 raw names."""
    now = datetime.datetime.now(datetime.UTC)
    grouped = {region: [] for region in REGIONS}
    for tz in zoneinfo.available_timezones():
        region, _sep, place = tz.partition("/")
        if region in grouped and place:
            grouped[region].append((_offset_minutes(tz, now), place, tz))
    choices = [("UTC", "UTC")]
    for region, label in REGIONS.items():
        rows = sorted(grouped[region])
        city = [(tz, f"{place.replace('_', ' ').replace('/', ' / ')}, {_offset_text(m)}") for m, place, tz in rows]
        choices.append((label, city))
    return choices


class TimeZoneField(forms.ChoiceField):
    """The list shows the regions' zones; any zone of the database is accepted (a profile saved with an
    older alias keeps it)."""

    def valid_value(self, value):
        return value in zoneinfo.available_timezones()


class ProfileForm(forms.ModelForm):
    time_zone = TimeZoneField(
        label=_("Time zone"),
        choices=_time_zones,
        help_text=_("By region and city, with today's offset from UTC."),
    )
    digest_hour = forms.TypedChoiceField(
        label=_("Hour of the daily digest"),
        choices=[(h, f"{h:02d}:00") for h in range(24)],
        coerce=int,
        help_text=_("In your time zone."),
    )

    theme = forms.ChoiceField(
        label=_("Colours"),
        choices=Profile.THEME_CHOICES,
        required=False,
        widget=forms.RadioSelect,
        help_text=_("Dark mode: as your device is set, or always light, or always dark."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if not self.is_bound and self.instance.time_zone == "UTC":
            # Still the default: the page's script offers the browser's zone (accounts/timezone.js).
            self.fields["time_zone"].widget.attrs["data-guess-note"] = _(
                "Your browser's time zone is chosen: save to keep it."
            )

    def clean_theme(self):
        # Left out of a post (an older form): the colours stay as they were.
        return self.cleaned_data.get("theme") or self.instance.theme or Profile.THEME_AUTO

    class Meta:
        model = Profile
        fields = [
            "display_name",
            "language",
            "time_zone",
            "turn_email",
            "digest_hour",
            "reminder_emails",
            "result_emails",
            "invitation_emails",
            "turn_push",
            "theme",
        ]
        widgets = {"turn_email": forms.RadioSelect}
        help_texts = {"display_name": _("Shown on your public profile. Games show your username.")}


class ApiTokenForm(forms.Form):
    name = forms.CharField(
        label=_("Name"),
        max_length=64,
        help_text=_("The client or device it is for, e.g. “laptop script”. A new token replaces one of the same name."),
    )
    expires_in_days = forms.TypedChoiceField(
        label=_("Expires"),
        choices=[("", _("Never")), (30, _("In 30 days")), (90, _("In 90 days")), (365, _("In a year"))],
        coerce=int,
        empty_value=None,
        required=False,
    )


class DeleteAccountForm(forms.Form):
    password = forms.CharField(
        label=_("Your password"),
        strip=False,
        max_length=4096,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )
    confirm = forms.BooleanField(
        label=_("I understand that this cannot be undone."),
        required=True,
    )
