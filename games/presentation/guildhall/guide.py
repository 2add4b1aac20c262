"""Guildhall's how-to-play page and its catalogue of cards: the table's card pictures, from the engine's
own card texts, so the page and the table always agree."""

from . import cards as C


def how_to_play():
    return {
        "professions": {p: C.profession_card(C.example(p, C.COLOURS[i % 5])) for i, p in enumerate(C.PROFESSIONS)},
        "colours": [C.profession_card(C.example("weaver", colour)) for colour in C.COLOURS],
        "vp_cards": C.one_vp_card_per_kind(),
        # A chapter four cards long: one colour more completes it.
        "chapter": [C.profession_card(C.example("farmer", colour)) for colour in C.COLOURS[:4]],
    }


def card_catalogue():
    """Every profession (its tier table), each colour, and every kind of VP card, drawn as on the table."""
    return {
        "professions": [C.profession_card(C.example(p, C.COLOURS[i % 5])) for i, p in enumerate(C.PROFESSIONS)],
        "colours": [C.profession_card(C.example(C.PROFESSIONS[0], colour)) for colour in C.COLOURS],
        "vp_cards": C.one_vp_card_per_kind(),
    }
