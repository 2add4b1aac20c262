"""The words and symbols on the cards, drawn by the pages (no artwork).

Names reuse the engine's msgids (engine/text.py marks them with gettext_noop), so a card is called the
same in the log and on the table. The tier texts are the card faces, for display only: what may be done
always comes from ``engine.legal_decisions``.
"""

from django.utils.translation import gettext_lazy, pgettext_lazy
from django.utils.translation import gettext_lazy as _

import engine
from engine import text as engine_text
from engine.cards import COLOURS, PROFESSIONS  # noqa: F401  (read by the table and the cards page)
from engine.text import CARD_NAME, COLOUR_NAMES, PROFESSION_NAMES, VP_NAMES

ABILITY_SUMMARY = {
    "assassin": _("Discard cards from exactly one other player's guildhall."),
    "dancer": _("Draw cards, then take 1 more action."),
    "farmer": _("Gain VP tokens."),
    "historian": _("Place cards from the discard pile into your guildhall."),
    "trader": _("Exchange cards of your guildhall with one other player's."),
    "weaver": _("Exchange cards between your hand and your guildhall."),
}

# The tier table of each profession and each VP card's ability: the engine's wording (engine/text.py,
# marked for makemessages), translated here. The number on the left of a tier is how many cards of that
# profession must already be face up in the guildhall; the Dancer's single text covers every level (N).
TIERS = {
    profession: [("N" if profession == "dancer" else threshold, gettext_lazy(text)) for threshold, text in rows]
    for profession, rows in engine_text.PROFESSION_TIERS.items()
}
VP_TEXT = {kind: gettext_lazy(text) if text else "" for kind, text in engine_text.VP_ABILITY_TEXT.items()}

VP_VALUE_NAME = pgettext_lazy("VP card", "%(vp)s VP")


def tier_text(profession, tier):
    """A tier as a button says it. The Dancer's tier k is a number of cards, so it says how many."""
    from django.utils.translation import gettext, ngettext

    if profession == "dancer":
        return ngettext("Draw %(n)s card, +1 action.", "Draw %(n)s cards, +1 action.", tier) % {"n": tier}
    return engine_text.tier_text(profession, tier, gettext)


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
    """A VP card as the templates draw it: its value, cost, name and ability in words (never its kind)."""
    from django.utils.translation import gettext

    data = engine.vp_json(card_id)
    title = VP_NAMES[data["kind"]]
    return {
        **data,
        "text": VP_TEXT.get(data["kind"], ""),
        "value_name": VP_VALUE_NAME % {"vp": data["vp"]},  # "4 VP"
        "title": gettext(title) if title else "",  # "Steal a card"
        "label": engine_text.vp_words(card_id, gettext),  # "Steal a card · 4 VP"
    }


def card_label(profession, colour):
    """'red Weaver' in the reader's language, from names (no card id needed)."""
    from django.utils.translation import gettext

    return gettext(CARD_NAME).format(
        colour=gettext(COLOUR_NAMES[colour]), profession=gettext(PROFESSION_NAMES[profession])
    )


def card(card_id):
    return vp_card(card_id) if card_id >= 120 else profession_card(card_id)


def profession_name(profession):
    from django.utils.translation import gettext

    return gettext(PROFESSION_NAMES[profession])


def profession_plural(card_id):
    """'Weavers': the plural of a card's profession, as the log in words names a chapter."""
    from django.utils.translation import gettext

    return gettext(engine_text.PROFESSION_PLURALS[engine.card_json(card_id)["profession"]])
