from django import forms
from django.utils.translation import gettext_lazy as _

from .models import MESSAGE_MAX_LENGTH, MessagePreference


class MessageForm(forms.Form):
    # The length is checked after tidying (services.send), with the same words as the API's.
    text = forms.CharField(
        label=_("Message"), strip=False, widget=forms.Textarea(attrs={"rows": 4, "maxlength": MESSAGE_MAX_LENGTH})
    )


class NewConversationForm(MessageForm):
    to = forms.CharField(label=_("To (username)"), max_length=150)
    field_order = ["to", "text"]


class PreferenceForm(forms.Form):
    email = forms.ChoiceField(
        label=_("Email me about a new private message"), choices=MessagePreference.EMAIL_CHOICES,
        widget=forms.RadioSelect,
    )
