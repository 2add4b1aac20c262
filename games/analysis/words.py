"""A decision in words, as "the bot would have chosen: …" says it, in the reader's language.

Built from the decision itself and what the seat's own view said it was deciding (the record's
``prompt``: kind, ability, phase), with the engine's names of cards and abilities (engine/text.py), so
a card is called here what the log and the table call it. Every card a decision names was in the
deciding seat's view: it was one of that seat's legal decisions.
"""

from django.utils.translation import gettext as _

from engine import text as engine_text
from engine.cards import PROFESSION_OF, PROFESSIONS


def _card(card):
    return engine_text.card_words(card, _)


def _ability(key):
    if not key:
        return _("the ability")
    if key in engine_text.PROFESSION_NAMES:
        return _(engine_text.PROFESSION_NAMES[key])
    return engine_text.vp_kind_words(key, _)


def _professions(profession):
    if isinstance(profession, int):
        profession = PROFESSIONS[profession]
    return _(engine_text.PROFESSION_PLURALS[profession])


SELECT = {
    "discard": lambda card: _("Choose the %(card)s to discard") % {"card": card},
    "give": lambda card: _("Give the %(card)s") % {"card": card},
    "take": lambda card: _("Take the %(card)s") % {"card": card},
    "back": lambda card: _("Take back the %(card)s") % {"card": card},
    "place": lambda card: _("Place the %(card)s") % {"card": card},
}


def decision_words(decision, prompt=None, names=None):
    """``decision`` (a decision object) in words; ``prompt`` is the record's ``prompt``, ``names`` the
    players' names by seat."""
    prompt = prompt or {}
    kind, t = prompt.get("kind"), decision.get("type")
    card = decision.get("card")
    if t == "play":
        return _("Play the %(card)s") % {"card": _card(card)}
    if t == "place":
        return _("Place the %(card)s in the guildhall") % {"card": _card(card)}
    if t == "discard":
        return _("Discard the %(card)s") % {"card": _card(card)}
    if t == "buy":
        return _("Buy the VP card %(vp)s") % {"vp": engine_text.vp_words(card, _)}
    if t == "discard_draw":
        return _("Discard cards and draw up to six")
    if t == "end_turn":
        return _("End the turn")
    if t == "done":
        if kind in ("setup_discard", "discard_draw"):
            return _("Stop choosing and discard the chosen cards")
        if kind == "order_pile":
            return _("Keep the order shown")
        return _("Stop here")
    if t == "tier":
        return _("Use the %(ability)s at tier %(tier)s") % {"ability": _ability(prompt.get("ability")),
                                                            "tier": decision.get("tier")}
    if t == "use":
        return _("Use the ability of %(ability)s") % {"ability": _ability(prompt.get("ability"))}
    if t == "decline":
        return _("Decline the ability of %(ability)s") % {"ability": _ability(prompt.get("ability"))}
    if t == "target":
        seat = decision.get("seat")
        name = (names or {}).get(seat, "?") if isinstance(names, dict) else (names or ["?"] * 5)[seat]
        return _("Choose %(name)s as the target") % {"name": name}
    if t == "select":
        if kind == "order_pile":
            return _("Put the %(card)s next down the pile") % {"card": _card(card)}
        phrase = SELECT.get(prompt.get("phase"))
        return phrase(_card(card)) if phrase else _("Choose the %(card)s") % {"card": _card(card)}
    if t == "chapter":
        words = {"professions": _professions(decision.get("profession"))}
        if prompt.get("phase") == "mine":
            return _("Give the chapter of %(professions)s") % words
        return _("Take the chapter of %(professions)s") % words
    if t == "pay":
        words = {"professions": _professions(PROFESSION_OF[card]), "card": _card(card)}
        if kind == "shed_chapters":
            return _("Discard the chapter of %(professions)s, the %(card)s on top") % words
        return _("Pay with the chapter of %(professions)s, the %(card)s on top") % words
    return t or "?"
