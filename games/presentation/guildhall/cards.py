"""The words and symbols on Guildhall's cards, drawn by the pages (no artwork).

Names reuse the engine's msgids (engine/guildhall/cardtext.py marks them with gettext_noop), so a card is
called the same in the log, on the table and in the replay. The tier texts are the card faces, for
display only: what may be done always comes from the legal decisions.
"""

from django.utils.translation import gettext, gettext_lazy, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from engine.guildhall import cards as engine_cards
from engine.guildhall import cardtext as engine_text
from engine.guildhall.cards import COLOURS, PROFESSIONS, VP_KIND_OF, VP_KINDS
from engine.guildhall.cardtext import CARD_NAME, COLOUR_NAMES, PROFESSION_NAMES, VP_NAMES

__all__ = ["COLOURS", "PROFESSIONS", "PROFESSION_NAMES", "VP_KINDS", "VP_KIND_OF"]

ABILITY_SUMMARY = {
    "assassin": _("Discard cards from exactly one other player's guildhall."),
    "dancer": _("Draw cards, then take 1 more action."),
    "farmer": _("Gain VP tokens."),
    "historian": _("Place cards from the discard pile into your guildhall."),
    "trader": _("Exchange cards of your guildhall with one other player's."),
    "weaver": _("Exchange cards between your hand and your guildhall."),
}

# The tier table of each profession and each VP card's ability: the engine's wording (marked for
# makemessages there), translated here. The number on the left of a tier is how many cards of that
# profession must already be face up in the guildhall; the Dancer's single text covers every level (N).
TIERS = {
    profession: [("N" if profession == "dancer" else threshold, gettext_lazy(text)) for threshold, text in rows]
    for profession, rows in engine_text.PROFESSION_TIERS.items()
}
VP_TEXT = {kind: gettext_lazy(text) if text else "" for kind, text in engine_text.VP_ABILITY_TEXT.items()}

VP_VALUE_NAME = pgettext_lazy("VP card", "%(vp)s VP")
# Card ids from this one on are VP cards (120…149); below it, profession cards.
FIRST_VP_ID = engine_cards.FIRST_VP_ID


def is_vp(card_id):
    return card_id >= FIRST_VP_ID


def tier_text(profession, tier):
    """A tier as a button says it. The Dancer's tier k is a number of cards, so it says how many."""
    if profession == "dancer":
        return ngettext("Draw %(n)s card, +1 action.", "Draw %(n)s cards, +1 action.", tier) % {"n": tier}
    return engine_text.tier_text(profession, tier, gettext)


def profession_card(card_id):
    """A profession card as the templates draw it: {id, profession, colour, name, colour_name, tiers}."""
    data = engine_cards.card_json(card_id)
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
    data = engine_cards.vp_json(card_id)
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
    return gettext(CARD_NAME).format(
        colour=gettext(COLOUR_NAMES.get(colour, colour)), profession=profession_name(profession)
    )


def card(card_id):
    return vp_card(card_id) if is_vp(card_id) else profession_card(card_id)


def profession_name(profession):
    return gettext(PROFESSION_NAMES.get(profession, profession))


def profession_of(card_id):
    return engine_cards.card_json(card_id)["profession"]


def profession_plural(card_id):
    """'Weavers': the plural of a card's profession, as the log in words names a chapter."""
    return gettext(engine_text.PROFESSION_PLURALS[profession_of(card_id)])


def ability_name(key):
    """A profession, or a VP card's ability in words (never its kind)."""
    if key in PROFESSION_NAMES:
        return profession_name(key)
    return engine_text.vp_kind_words(key, gettext)


def labelled(obj):
    """A copy of a view (dicts and lists) in which every card and VP card carries a ``label``: what the
    replay's plain templates print. Only what the view already holds is labelled; nothing is added."""
    if isinstance(obj, dict):
        copy = {key: labelled(value) for key, value in obj.items()}
        if "profession" in obj and "colour" in obj and "id" in obj:
            copy["label"] = card_label(obj["profession"], obj["colour"])
        elif "kind" in obj and "vp" in obj and "cost" in obj and "id" in obj:
            copy["label"] = engine_text.vp_words(obj["id"], gettext)
        return copy
    if isinstance(obj, list):
        return [labelled(item) for item in obj]
    return obj


def example(profession, colour):
    """A card id of that profession and colour (its first copy)."""
    return PROFESSIONS.index(profession) * 20 + COLOURS.index(colour) * 4


def one_vp_card_per_kind():
    """One VP card of each kind, by value then kind: the catalogue's and the guide's."""
    seen, drawn = set(), []
    for card_id in sorted(VP_KIND_OF):
        kind = VP_KIND_OF[card_id]
        if kind not in seen:
            seen.add(kind)
            drawn.append(vp_card(card_id))
    return sorted(drawn, key=lambda c: (c["vp"], list(VP_KINDS).index(c["kind"])))
