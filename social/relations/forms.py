from django import forms
from django.utils.translation import gettext_lazy as _


class BlockForm(forms.Form):
    username = forms.CharField(label=_("Username"), max_length=150)
