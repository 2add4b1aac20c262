"""The words and symbols on the cards, drawn by the pages (no artwork).

Names reuse the engine's msgids (engine/text.py marks them with gettext_noop), so a card is called the
same in the log and on the table. The tier texts are the card faces, for display only: what may be done
always comes from ``engine.legal_decisions``.
"""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop, pgettext_lazy

import engine

PROFESSIONS = ("assassin", "dancer", "farmer", "historian", "trader", "weaver")
COLOURS = ("red", "blue", "yellow", "green", "purple")

# Same msgids as engine/text.py: one translation serves the log and the table.
PROFESSION_NAMES = {
    "assassin": gettext_noop("Assassin"),
    "dancer": gettext_noop("Dancer"),
    "farmer": gettext_noop("Farmer"),
    "historian": gettext_noop("Historian"),
    "trader": gettext_noop("Trader"),
    "weaver": gettext_noop("Weaver"),
}
COLOUR_NAMES = {
    "red": gettext_noop("red"),
    "blue": gettext_noop("blue"),
    "yellow": gettext_noop("yellow"),
    "green": gettext_noop("green"),
    "purple": gettext_noop("purple"),
}

CARD_NAME = gettext_noop("{colour} {profession}")

ABILITY_SUMMARY = {
    "assassin": _("Discard cards from exactly one other player's guildhall."),
    "dancer": _("Draw cards, then take 1 more action."),
    "farmer": _("Gain VP tokens."),
    "historian": _("Place cards from the discard pile into your guildhall."),
    "trader": _("Exchange cards of your guildhall with one other player's."),
    "weaver": _("Exchange cards between your hand and your guildhall."),
}

# (tier, text): the tier table printed on each profession card. The tier is the number of cards of that
# profession already face up in your guildhall that you need.
TIERS = {
    "assassin": [
        (0, _("Discard 1 card.")),
        (2, _("Discard 2 cards from 2 different chapters.")),
        (4, _("Discard 2 cards.")),
    ],
    "dancer": [("N", _("Draw up to N cards (N = your Dancers), +1 action."))],
    "farmer": [(1, _("Gain 1 VP token.")), (3, _("Gain 2 VP tokens."))],
    "historian": [
        (0, _("Place the top card of the discard pile.")),
        (2, _("Search the discard pile, place 1 card.")),
        (4, _("Search the discard pile, place 2 cards.")),
    ],
    "trader": [
        (0, _("Exchange 1 card for 1 card.")),
        (2, _("Exchange 2 cards for 2 cards.")),
        (4, _("Exchange 1 whole chapter for 1 whole chapter.")),
    ],
    "weaver": [
        (0, _("Place 1 card from your hand.")),
        (2, _("Place 2 cards from your hand, take 1 card back into your hand.")),
        (4, _("Place any number of cards from your hand, take 2 cards back into your hand.")),
    ],
}

VP_TEXT = {
    "VP2-Chapter": _("Move 1 whole chapter from another player's guildhall into yours."),
    "VP3-Draw6": _("Draw 6 cards."),
    "VP3-Swap1for2": _("Give 1 card of your guildhall for 2 cards of another player's guildhall."),
    "VP3-PlaceHand": _("Place any number of cards from your hand into your guildhall."),
    "VP4-StealCard": _("Move 1 card from another player's guildhall into yours."),
    "VP4-Action": _("Take 1 more action."),
    "VP5": "",
    "VP7-2Actions": _("Take 2 more actions."),
    "VP9": "",
}

VP_NAME = pgettext_lazy("VP card", "%(vp)s VP")


def tier_text(profession, tier):
    if profession == "dancer":
        from django.utils.translation import ngettext

        return ngettext("Draw %(n)s card, +1 action.", "Draw %(n)s cards, +1 action.", tier) % {"n": tier}
    for t, text in TIERS.get(profession, []):
        if t == tier:
            return text
    return ""


def profession_card(card_id):
    """A profession card as the templates draw it: {id, profession, colour, name, colour_name, tiers}."""
    from django.utils.translation import gettext

    data = engine.card_json(card_id)
    name, colour_name = gettext(PROFESSION_NAMES[data["profession"]]), gettext(COLOUR_NAMES[data["colour"]])
    return {
        **data,
        "name": name,
        "colour_name": colour_name,
        # The engine's own msgid for a card's name ("{colour} {profession}"), so the log and the table agree.
        "label": gettext(CARD_NAME).format(colour=colour_name, profession=name),
        "summary": ABILITY_SUMMARY[data["profession"]],
        "tiers": TIERS[data["profession"]],
    }


def vp_card(card_id):
    data = engine.vp_json(card_id)
    return {**data, "text": VP_TEXT.get(data["kind"], ""), "name": VP_NAME % {"vp": data["vp"]}}


def card(card_id):
    return vp_card(card_id) if card_id >= 120 else profession_card(card_id)


def profession_name(profession):
    from django.utils.translation import gettext

    return gettext(PROFESSION_NAMES[profession])
