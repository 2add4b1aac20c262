"""The settings' time zone: a readable list by region and city, any zone of the database accepted."""

from django.urls import reverse

from accounts.forms import ProfileForm
from accounts.models import profile_for


def test_the_list_groups_zones_by_region_and_names_their_city_and_offset(make_user):
    form = ProfileForm(instance=profile_for(make_user()))
    choices = form.fields["time_zone"].choices
    assert choices[0] == ("UTC", "UTC")
    groups = {str(label): dict(zones) for label, zones in choices[1:]}
    assert {"Europe", "America", "Asia", "Pacific"} <= set(groups)
    assert groups["Europe"]["Europe/Berlin"].startswith("Berlin, UTC+0")
    assert groups["America"]["America/Argentina/Buenos_Aires"].startswith("Argentina / Buenos Aires, UTC−03:00")
    assert not any(tz.startswith(("Etc/", "US/")) for zones in groups.values() for tz in zones)
    offered = sum(len(zones) for zones in groups.values())
    assert 300 < offered < 600  # the regions' zones, not the database's every alias


def test_an_alias_stays_valid_and_a_made_up_zone_is_a_form_error(client, make_user):
    user = make_user()
    client.force_login(user)
    form = ProfileForm(instance=profile_for(user))
    data = {name: field.initial if field.initial is not None else form.initial.get(name)
            for name, field in form.fields.items()}
    data = {k: v for k, v in data.items() if v is not None}
    data.update(time_zone="US/Eastern", language="en", turn_email="immediate", digest_hour=8, theme="auto")
    assert ProfileForm(data, instance=profile_for(user)).is_valid()
    data["time_zone"] = "Mars/Olympus_Mons"
    bad = ProfileForm(data, instance=profile_for(user))
    assert not bad.is_valid() and "time_zone" in bad.errors


def test_a_new_account_is_offered_the_browsers_zone_until_it_chooses_one(client, make_user):
    user = make_user()
    client.force_login(user)
    page = client.get(reverse("profile_settings")).content.decode()
    assert "data-guess-note=" in page and "accounts/timezone.js" in page
    profile = profile_for(user)
    profile.time_zone = "Europe/Madrid"
    profile.save()
    assert "data-guess-note=" not in client.get(reverse("profile_settings")).content.decode()
