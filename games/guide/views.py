"""The "How to play" page: one page, open to everyone, in the reader's language."""

from django.shortcuts import render
from django.views.decorators.http import require_GET

from engine.cards import COLOURS, PROFESSIONS, VP_KIND_OF, VP_KINDS
from games.web import cards as C


def _example(profession, colour):
    """A card id of that profession and colour (the first copy)."""
    return PROFESSIONS.index(profession) * 20 + COLOURS.index(colour) * 4


def _one_vp_card_per_kind():
    seen, cards = set(), []
    for card_id in sorted(VP_KIND_OF):
        kind = VP_KIND_OF[card_id]
        if kind not in seen:
            seen.add(kind)
            cards.append(C.vp_card(card_id))
    return sorted(cards, key=lambda c: (c["vp"], list(VP_KINDS).index(c["kind"])))


@require_GET
def how_to_play(request):
    professions = {p: C.profession_card(_example(p, COLOURS[i % 5])) for i, p in enumerate(PROFESSIONS)}
    context = {
        "professions": professions,
        "colours": [C.profession_card(_example("weaver", colour)) for colour in COLOURS],
        "vp_cards": _one_vp_card_per_kind(),
        # A chapter four cards long: one colour more completes it.
        "chapter": [C.profession_card(_example("farmer", colour)) for colour in COLOURS[:4]],
    }
    return render(request, "guide/how_to_play.html", context)
