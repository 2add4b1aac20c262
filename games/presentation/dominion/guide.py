"""Dominion's how-to-play page and its catalogue of cards, drawn with the table's own card faces (the
engine's names and texts), so that the page and the table always agree."""

from engine.dominion.cards import pile_sizes

from . import cards as C

# A starting deck, as the page shows it.
STARTING = ("Copper", "Estate")


def how_to_play():
    return {
        "basic": [C.face(card) for card in C.BASIC],
        "kingdom": [C.face(card) for card in sorted(C.GUILDS, key=lambda c: (C.COST[c], c))],
        "starting": [dict(C.face("Copper"), count=7), dict(C.face("Estate"), count=3)],
        "overpay": [C.face(card) for card in sorted(C.OVERPAY, key=lambda c: (C.COST[c], c))],
        "piles": [{"players": n, **pile_sizes(n)} for n in (2, 3, 4)],
    }


def card_catalogue():
    """Every card of the game: the seven basic cards and the thirteen Guilds cards."""
    return {
        "basic": [C.face(card) for card in C.BASIC],
        "kingdom": [C.face(card) for card in sorted(C.GUILDS, key=lambda c: (C.COST[c], c))],
    }
