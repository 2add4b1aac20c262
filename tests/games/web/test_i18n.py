"""The German and Spanish catalogues: complete, compiled, and used for the whole table (log included)."""

import ast
import gettext
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from accounts.models import profile_for
from tests.games.helpers import play, started_game

LOCALE = Path(settings.BASE_DIR) / "locale"


def parse_po(path):
    """(msgctxt, msgid) -> list of msgstr forms, and the set of fuzzy ids; a small .po reader."""
    entries, fuzzy = {}, set()
    text = path.read_text(encoding="utf-8")
    for block in re.split(r"\n\s*\n", text):
        lines = [ln for ln in block.splitlines() if ln and not ln.startswith("#~")]
        current, fields, is_fuzzy = None, {}, False
        for line in lines:
            if line.startswith("#,") and "fuzzy" in line:
                is_fuzzy = True
            elif line.startswith("#"):
                continue
            elif line.startswith('"'):
                fields[current] += ast.literal_eval(line)  # a C string literal, as Python reads it
            else:
                key, _, rest = line.partition(" ")
                current = key
                fields[current] = ast.literal_eval(rest)
        if "msgid" not in fields or fields["msgid"] == "":
            continue
        key = (fields.get("msgctxt"), fields["msgid"])
        entries[key] = [v for k, v in sorted(fields.items()) if k.startswith("msgstr")]
        if is_fuzzy:
            fuzzy.add(key)
    return entries, fuzzy


@pytest.mark.parametrize("language", ["de", "es"])
def test_catalogue_is_complete_and_compiled(language):
    po = LOCALE / language / "LC_MESSAGES" / "django.po"
    entries, fuzzy = parse_po(po)
    assert len(entries) > 500
    untranslated = [key for key, forms in entries.items() if not all(forms)]
    assert untranslated == [] and fuzzy == set()
    # The engine's log templates (gettext_noop in engine/text.py) were picked up by makemessages.
    assert (None, "{player}'s turn begins.") in entries
    # The compiled .mo says the same as the .po.
    mo = gettext.GNUTranslations(open(po.with_suffix(".mo"), "rb"))
    for (context, msgid), forms in entries.items():
        if context is None and len(forms) == 1:
            assert mo.gettext(msgid) == forms[0], msgid


@pytest.mark.parametrize("language", ["de", "es"])
def test_placeholders_survive_translation(language):
    entries, _ = parse_po(LOCALE / language / "LC_MESSAGES" / "django.po")
    for (_context, msgid), forms in entries.items():
        wanted = sorted(set(re.findall(r"%\(\w+\)[sd]|\{\w+\}", msgid)))
        for form in forms:
            assert sorted(set(re.findall(r"%\(\w+\)[sd]|\{\w+\}", form))) == wanted, (msgid, form)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "language,words",
    [
        (
            "de",
            [
                "Deine Hand",
                "Zentrale Reihe",
                "Protokoll",
                "Meuchel\u00ad?mörder|Tänzer|Bauer|Geschichts\u00ad?schreiber|Kauf\u00ad?mann|Weber",
                "ist am Zug",
            ],
        ),
        (
            "es",
            [
                "Tu mano",
                "Fila central",
                "Registro",
                "Asesino|Bailarín|Granjero|Histo\u00ad?riador|Comer\u00ad?ciante|Tejedor",
                "Empieza el turno",
            ],
        ),
    ],
)
def test_the_table_in_the_profile_language(client, make_user, language, words):
    a, b = make_user(), make_user()
    game = started_game([a, b])
    play(game, 20)
    for user in (a, b):
        profile = profile_for(user)
        profile.language = language
        profile.save()
    client.force_login(a)
    html = client.get(reverse("games:game", args=[game.pk])).content.decode()
    for word in words:
        assert re.search(word, html), word
    assert "Your hand" not in html and "Center row" not in html
