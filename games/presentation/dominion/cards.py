"""Dominion's cards as the pages draw them: the name in the reader's language, the cost (with the "+" of
the cards one may overpay for), the types, the text in our words and the class that colours the face.

Names, texts and the editions' words are the engine's msgids (engine/dominion/text.py, marked there for
makemessages), translated here, so the table, the picker, the guide and the log call a card the same.
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from engine.dominion import cards as rules_cards
from engine.dominion import text as rules_text

BASIC = rules_cards.BASIC
GUILDS = rules_cards.GUILDS
CATALOGUE = rules_cards.CATALOGUE
COST = rules_cards.COST
OVERPAY = rules_cards.OVERPAY
TREASURES = rules_cards.TREASURES
ACTIONS = rules_cards.ACTIONS
VP = rules_cards.VP

TYPE_NAMES = {
    rules_cards.ACTION: gettext_noop("Action"),
    rules_cards.TREASURE: gettext_noop("Treasure"),
    rules_cards.VICTORY: gettext_noop("Victory"),
    rules_cards.CURSE: gettext_noop("Curse"),
    rules_cards.ATTACK: gettext_noop("Attack"),
}


def name(card):
    """The card's name in the reader's language (an unknown name as it is)."""
    return rules_text.card_name(card, _)


def text(card):
    return _(rules_text.CARD_TEXTS[card]) if card in rules_text.CARD_TEXTS else ""


def types(card):
    return rules_cards.TYPES.get(card, ())


def type_words(card):
    """"Action–Attack", "Treasure": the type line, as printed."""
    return "–".join(_(TYPE_NAMES[t]) for t in types(card))


def kind(card):
    """The face's colour class: attack, action, treasure, victory or curse (the type line says it too)."""
    card_types = types(card)
    for candidate in (rules_cards.ATTACK, rules_cards.TREASURE, rules_cards.VICTORY, rules_cards.CURSE):
        if candidate in card_types:
            return candidate
    return rules_cards.ACTION


def cost_words(card):
    """"$3", "$3+" for a card one may overpay for."""
    return f"${COST[card]}+" if card in OVERPAY else f"${COST[card]}"


def face(card):
    """Everything a card's face shows."""
    return {
        "card": card,
        "label": name(card),
        "cost": COST.get(card, 0),
        "cost_words": cost_words(card) if card in COST else "",
        "overpay": card in OVERPAY,
        "types": type_words(card),
        "kind": kind(card),
        "text": text(card),
    }


def named_with_cost(card):
    """"Gold ($6)": a card named in a list of choices."""
    return _("%(card)s (%(cost)s)") % {"card": name(card), "cost": cost_words(card)}


def counted(cards):
    """``[(card, count)]`` in first-seen order: a hand or the trash drawn as stacks."""
    counts = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return list(counts.items())


def list_words(cards):
    """"Gold, Silver and 2 × Copper": cards named in a sentence, copies counted."""
    parts = [name(card) if count == 1 else _("%(n)s × %(card)s") % {"n": count, "card": name(card)}
             for card, count in counted(cards)]
    if not parts:
        return _("nothing")
    if len(parts) == 1:
        return parts[0]
    return _("%(first)s and %(last)s") % {"first": ", ".join(parts[:-1]), "last": parts[-1]}


def edition_words(edition):
    said = rules_text.EDITION_NAMES.get(edition)
    return _(said) if said else ""
