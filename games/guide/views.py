"""How to play: an index of the games, and each game's page and catalogue of cards, drawn by its
presentation (``games.presentation.for_game(slug)``: ``how_to_play_template``, ``cards_template``)."""

from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games.presentation import UnknownGame, all_games, for_game


def _presentation(slug):
    try:
        return for_game(slug)
    except UnknownGame:
        raise Http404(_("No such game.")) from None


@require_GET
def how_to_play(request):
    games = [
        {
            "title": p.title(),
            "url": p.guide_url(),
            "cards_url": reverse("guide:cards", args=[p.slug]) if p.cards_template else None,
            "lesson_url": reverse("learn:learn") if p.lesson else None,
        }
        for p in all_games()
        if p.how_to_play_template
    ]
    return render(request, "guide/how_to_play.html", {"games": games})


@require_GET
def game(request, slug):
    presentation = _presentation(slug)
    if not presentation.how_to_play_template:
        raise Http404(_("No such game."))
    context = {"presentation": presentation, "game_title": presentation.title(), **presentation.how_to_play()}
    return render(request, "guide/game.html", context)


@require_GET
def cards(request, slug):
    """Every card of the game, drawn as on the table."""
    presentation = _presentation(slug)
    if not presentation.cards_template:
        raise Http404(_("No such game."))
    context = {"presentation": presentation, "game_title": presentation.title(), **presentation.card_catalogue()}
    return render(request, "guide/cards.html", context)
