"""Card names for the pages, translated (the same message ids as the engine's log in words).

Templates of a plain package cannot load template tags of their own, so a view is decorated here: every
card object gets a ``label``. Only what the view already holds is labelled; nothing is added.
"""

from django.utils.translation import gettext as _

# One set of names for the log, the table and the replay: the engine's msgids (engine/text.py).
from engine.text import CARD_NAME, COLOUR_NAMES, PROFESSION_NAMES, vp_words


def profession_name(profession):
    return _(PROFESSION_NAMES.get(profession, profession))


def card_label(card):
    return _(CARD_NAME).format(
        colour=_(COLOUR_NAMES.get(card["colour"], card["colour"])), profession=profession_name(card["profession"])
    )


def vp_label(card):
    """'Steal a card · 4 VP' in the reader's language (the engine's words, never the card's kind)."""
    return vp_words(card["id"], _)


def labelled(obj):
    """A copy of a view (dicts and lists) in which every card and VP card carries a ``label``."""
    if isinstance(obj, dict):
        copy = {key: labelled(value) for key, value in obj.items()}
        if "profession" in obj and "colour" in obj and "id" in obj:
            copy["label"] = card_label(obj)
        elif "kind" in obj and "vp" in obj and "cost" in obj and "id" in obj:
            copy["label"] = vp_label(obj)
        return copy
    if isinstance(obj, list):
        return [labelled(item) for item in obj]
    return obj
