"""The privacy page: what the site stores about a player, why, for how long, who sees it, and how to
take it away (export) or have it erased. One whole document per language (templates/guide/privacy/),
not sentence-by-sentence messages: a statement of this kind is read, checked and changed as a whole, and
a half-translated one would say something else. tests/games/guide/test_privacy.py checks that every
language has every section."""

from django.conf import settings
from django.shortcuts import render
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

LANGUAGES = ("en", "de", "es")


@require_GET
def privacy(request):
    language = (get_language() or "en")[:2]
    if language not in LANGUAGES:
        language = "en"
    context = {
        "body": f"guide/privacy/{language}.html",
        "contact": settings.PRIVACY_CONTACT_EMAIL,
    }
    return render(request, "guide/privacy.html", context)
