from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from .models import COMMENT_MAX_LENGTH, REASON_MAX_LENGTH, Report
from .services import MUTE_DAYS


class ReportForm(forms.Form):
    reason = forms.ChoiceField(label=_("Why?"), choices=Report.Reason.choices, widget=forms.RadioSelect)
    comment = forms.CharField(
        label=_("Anything the staff should know (optional)"), required=False, max_length=COMMENT_MAX_LENGTH,
        widget=forms.TextInput,
    )


class ActionForm(forms.Form):
    HIDE, MUTE_CHAT, MUTE_MESSAGES, MUTE_BOTH, SUSPEND, DISMISS = (
        "hide", "mute-chat", "mute-messages", "mute-both", "suspend", "dismiss",
    )
    action = forms.ChoiceField(
        label=_("Action"),
        choices=[
            (HIDE, _("Hide the message")),
            (MUTE_CHAT, _("Mute from the table chat")),
            (MUTE_MESSAGES, _("Mute from private messages")),
            (MUTE_BOTH, _("Mute from the chat and private messages")),
            (SUSPEND, _("Suspend the account")),
            (DISMISS, _("No action (dismiss the report)")),
        ],
    )
    days = forms.TypedChoiceField(
        label=_("For (mutes)"),
        choices=[(d, ngettext_lazy("%(n)d day", "%(n)d days", d) % {"n": d}) for d in MUTE_DAYS]
        + [("", _("Until lifted"))],
        coerce=int, empty_value=None, required=False, initial=3,
    )
    reason = forms.CharField(
        label=_("Reason (written to the moderation log)"), max_length=REASON_MAX_LENGTH,
        widget=forms.TextInput,
    )


class LiftForm(forms.Form):
    reason = forms.CharField(label=_("Reason (written to the moderation log)"), max_length=REASON_MAX_LENGTH)


class PlayerActionForm(forms.Form):
    """A moderator's action on a player without a report (from the player's page)."""

    action = forms.ChoiceField(
        label=_("Action"),
        choices=[(value, label) for value, label in ActionForm.base_fields["action"].choices
                 if value not in (ActionForm.HIDE, ActionForm.DISMISS)],
    )
    days = ActionForm.base_fields["days"]
    reason = ActionForm.base_fields["reason"]


class NoticeForm(forms.Form):
    email = forms.BooleanField(label=_("Email me the staff's decisions about my account"), required=False)

