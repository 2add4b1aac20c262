"""Dark mode: a setting (as the device is set, light, dark) carried on every page, and a palette whose
text stays readable (WCAG AA contrast) in both modes."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from accounts.models import Profile

THEME = Path(settings.BASE_DIR) / "accounts" / "static" / "accounts" / "theme.css"
SITE = Path(settings.BASE_DIR) / "games" / "static" / "games" / "site.css"


def _variables(block):
    return dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{3,6})", block))


def _blocks():
    css = THEME.read_text()
    dark_device = r"@media \(prefers-color-scheme: dark\) \{\s*body:not\(\[data-theme=\"light\"\]\) \{(.*?)\}\s*\}"
    media = re.search(dark_device, css, re.S)
    forced = re.search(r"body\[data-theme=\"dark\"\] \{(.*?)\}", css, re.S)
    light_extra = re.search(r":root \{(.*?)\}", css, re.S)
    light_site = re.search(r":root \{(.*?)\}", SITE.read_text(), re.S)
    return media.group(1), forced.group(1), {**_variables(light_site.group(1)), **_variables(light_extra.group(1))}


def _luminance(colour):
    colour = colour.lstrip("#")
    if len(colour) == 3:
        colour = "".join(c * 2 for c in colour)
    channels = [int(colour[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a, b):
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


# (text, background) pairs the pages use.
PAIRS = [
    ("ink", "paper"), ("ink", "surface"), ("muted", "surface"), ("muted", "paper"), ("link", "surface"),
    ("link", "paper"), ("accent-ink", "accent"), ("accent", "surface"), ("err", "surface"), ("ink", "info-bg"),
    ("ink", "err-bg"), ("ink", "ok-bg"), ("ink", "prompt-bg"), ("ink", "waiting-bg"), ("ink", "away-bg"),
    ("ink", "current-bg"), ("faded", "surface"),
]


def test_the_dark_palette_is_the_same_in_both_places():
    media, forced, _light = _blocks()
    assert _variables(media) == _variables(forced) and len(_variables(media)) >= 20
    assert "color-scheme: dark" in media and "color-scheme: dark" in forced


@pytest.mark.parametrize("mode", ["light", "dark"])
def test_text_is_readable_in_both_modes(mode):
    media, _forced, light = _blocks()
    palette = light if mode == "light" else {**light, **_variables(media)}
    for text, background in PAIRS:
        ratio = contrast(palette[text], palette[background])
        assert ratio >= 4.5, f"{mode}: --{text} on --{background} is {ratio:.2f}:1"


@pytest.mark.django_db
def test_the_setting_is_on_every_page(client, make_user):
    user = make_user("nyx")
    assert 'data-theme="auto"' in client.get(reverse("home")).content.decode()  # signed out: the device's
    client.force_login(user)
    page = client.get(reverse("profile_settings")).content.decode()
    assert 'name="theme" value="dark"' in page and 'data-theme="auto"' in page
    response = client.post(
        reverse("profile_settings"),
        {"language": "en", "time_zone": "UTC", "turn_email": "immediate", "digest_hour": "8", "theme": "dark"},
    )
    assert response.status_code == 302
    assert Profile.objects.get(user=user).theme == "dark"
    for url in (reverse("games:mine"), reverse("watch:live"), reverse("public_profile", args=["nyx"])):
        assert '<body data-theme="dark"' in client.get(url).content.decode()
    client.post(reverse("profile_settings"), {"language": "en", "time_zone": "UTC", "turn_email": "immediate",
                                               "digest_hour": "8", "theme": "purple"})
    assert Profile.objects.get(user=user).theme == "dark"  # refused, unchanged
