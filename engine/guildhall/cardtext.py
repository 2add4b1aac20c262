"""Guildhall's card texts: the names of professions, colours and VP cards, what each tier and each VP
card does (reference §6, §10), marked for translation (the German and Spanish live in the site's
catalogues). A VP card is named in words ("Steal a card · 4 VP"), never by its kind, an identifier of
the API."""

from .cards import COLOUR_OF, COLOURS, PROFESSION_OF, PROFESSIONS, VP_KIND_OF, VP_KINDS
from .markers import gettext_noop

# Card names, marked for translation (the German and Spanish names live in the site's catalogues).
PROFESSION_NAMES = {
    "assassin": gettext_noop("Assassin"), "dancer": gettext_noop("Dancer"), "farmer": gettext_noop("Farmer"),
    "historian": gettext_noop("Historian"), "trader": gettext_noop("Trader"), "weaver": gettext_noop("Weaver"),
}
# For "a chapter of Weavers": the plural of each profession, as a name (not built from the singular).
PROFESSION_PLURALS = {
    "assassin": gettext_noop("Assassins"), "dancer": gettext_noop("Dancers"), "farmer": gettext_noop("Farmers"),
    "historian": gettext_noop("Historians"), "trader": gettext_noop("Traders"), "weaver": gettext_noop("Weavers"),
}
COLOUR_NAMES = {
    "red": gettext_noop("red"), "blue": gettext_noop("blue"), "yellow": gettext_noop("yellow"),
    "green": gettext_noop("green"), "purple": gettext_noop("purple"),
}
CARD_NAME = gettext_noop("{colour} {profession}")

# VP cards by what they do (reference §10); the two without an ability are called by their value only.
VP_NAMES = {
    "VP2-Chapter": gettext_noop("Take a chapter"),
    "VP3-Draw6": gettext_noop("Draw six"),
    "VP3-Swap1for2": gettext_noop("Swap one for two"),
    "VP3-PlaceHand": gettext_noop("Place from hand"),
    "VP4-StealCard": gettext_noop("Steal a card"),
    "VP4-Action": gettext_noop("Extra action"),
    "VP5": "",
    "VP7-2Actions": gettext_noop("Two extra actions"),
    "VP9": "",
}
VP_CARD_NAME = gettext_noop("{name} · {vp} VP")
VP_PLAIN_NAME = gettext_noop("{vp} VP")


def card_words(card, _=None):
    _ = _ or (lambda m: m)
    return _(CARD_NAME).format(colour=_(COLOUR_NAMES[COLOURS[COLOUR_OF[card]]]),
                               profession=_(PROFESSION_NAMES[PROFESSIONS[PROFESSION_OF[card]]]))


def vp_kind_words(kind, _=None):
    """A VP card in words by its kind: 'Steal a card · 4 VP', '5 VP'."""
    _ = _ or (lambda m: m)
    value = VP_KINDS[kind][0]
    if VP_NAMES[kind]:
        return _(VP_CARD_NAME).format(name=_(VP_NAMES[kind]), vp=value)
    return _(VP_PLAIN_NAME).format(vp=value)


def vp_words(card, _=None):
    """A VP card in words by its id."""
    return vp_kind_words(VP_KIND_OF[card], _)


# --- Card texts: what each tier and each VP card does (reference §6, §10), for the cards on the page ----
PROFESSION_TIERS = {
    "assassin": [
        (0, gettext_noop("Discard 1 card from another player's guildhall.")),
        (2, gettext_noop("Discard 2 cards of two different chapters from one other player's guildhall.")),
        (4, gettext_noop("Discard 2 cards from one other player's guildhall.")),
    ],
    "dancer": [
        (0, gettext_noop("Draw 1 card per Dancer in your guildhall (or fewer), then gain 1 action.")),
    ],
    "farmer": [
        (1, gettext_noop("Gain 1 VP token.")),
        (3, gettext_noop("Gain 2 VP tokens.")),
    ],
    "historian": [
        (0, gettext_noop("Put the top card of the discard pile into your guildhall.")),
        (2, gettext_noop("Search the discard pile and put 1 card from it into your guildhall.")),
        (4, gettext_noop("Search the discard pile and put 2 cards from it into your guildhall.")),
    ],
    "trader": [
        (0, gettext_noop("Swap 1 card of your guildhall with 1 card of another player's guildhall.")),
        (2, gettext_noop("Swap 2 cards of your guildhall with 2 cards of one other player's guildhall.")),
        (4, gettext_noop("Swap one of your chapters with one chapter of another player.")),
    ],
    "weaver": [
        (0, gettext_noop("Put 1 card from your hand into your guildhall.")),
        (2, gettext_noop("Put 2 cards from your hand into your guildhall and take 1 card of it back into your hand.")),
        (4, gettext_noop("Put any number of cards from your hand into your guildhall and take 2 cards of it back.")),
    ],
}

VP_ABILITY_TEXT = {
    "VP2-Chapter": gettext_noop("Move one whole chapter of another player into your guildhall."),
    "VP3-Draw6": gettext_noop("Draw 6 cards."),
    "VP3-Swap1for2": gettext_noop("Give 1 card of your guildhall for 2 cards of one other player's guildhall."),
    "VP3-PlaceHand": gettext_noop("Put any number of cards from your hand into your guildhall."),
    "VP4-StealCard": gettext_noop("Move 1 card of another player's guildhall into yours."),
    "VP4-Action": gettext_noop("Gain 1 action."),
    "VP5": "",
    "VP7-2Actions": gettext_noop("Gain 2 actions."),
    "VP9": "",
}


def tier_text(profession, tier, gettext=None):
    """The text of one tier ('' for a Dancer's lower levels beyond the single text)."""
    _ = gettext or (lambda m: m)
    for threshold, text in PROFESSION_TIERS[profession]:
        if threshold == tier or profession == "dancer":
            return _(text)
    return ""
