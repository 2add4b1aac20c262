"""The privacy page: open to everyone, complete in each language (every section), naming the contact."""

import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

SECTIONS = ["stored", "why", "who-sees", "how-long", "cookies", "your-data", "contact"]


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ["Privacy", "What we store", "/api/v1/me/export/", "Delete my account", "article 6(1)(b)"]),
        ("de", ["Datenschutz", "Was wir speichern", "/api/v1/me/export/", "Mein Konto löschen", "Artikel 6"]),
        ("es", ["Privacidad", "Qué guardamos", "/api/v1/me/export/", "Eliminar mi cuenta", "artículo 6.1.b"]),
    ],
)
def test_every_language_has_every_section(client, language, words, settings):
    settings.PRIVACY_CONTACT_EMAIL = "privacy@guildhall.example"
    response = client.get(reverse("guide:privacy"), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    html = response.content.decode()
    assert re.findall(r'<h2 id="([a-z-]+)"', html) == SECTIONS
    for word in words:
        assert word in html, (language, word)
    assert 'href="mailto:privacy@guildhall.example"' in html


def test_without_a_contact_it_names_the_operator(client):
    assert "write to the operator of this site" in client.get(reverse("guide:privacy")).content.decode()
