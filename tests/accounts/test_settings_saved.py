"""Saving the settings says so once, in the language just chosen."""

from django.urls import reverse

from accounts.forms import ProfileForm
from accounts.models import profile_for


def test_saving_in_german_says_saved_once(client, make_user):
    user = make_user("hans")
    client.force_login(user)
    form = ProfileForm(instance=profile_for(user))
    data = {k: v for k, v in form.initial.items() if v is not None and k in form.fields}
    data.update(language="de", time_zone="Europe/Berlin", theme="auto")
    page = client.post(reverse("profile_settings"), data, follow=True).content.decode()
    assert page.count("Deine Einstellungen wurden gespeichert.") == 1
    assert page.lower().count("gespeichert") == 1
