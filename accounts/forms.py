import zoneinfo

from django import forms
from django.utils.translation import gettext_lazy as _

from .models import Profile


def _time_zones():
    return [(tz, tz) for tz in sorted(zoneinfo.available_timezones()) if "/" in tz or tz == "UTC"]


class ProfileForm(forms.ModelForm):
    time_zone = forms.ChoiceField(label=_("Time zone"), choices=_time_zones)
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
