"""Guildhall's decisions and positions in words: a decision as the analysis names it ("the bot would have
chosen: …"), what the deciding seat was asked, and what a your-turn email says about the position.

Built from the decision itself and what the seat's own view said it was deciding, with the engine's names
of cards and abilities (engine/guildhall/cardtext.py), so a card is called here what the log and the table
call it. Every card a decision names was in the deciding seat's view: it was one of its legal decisions.
"""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine.guildhall import cardtext as engine_text
from engine.guildhall.cards import PROFESSION_OF, PROFESSIONS

from . import cards as C

# The parts of the view's pending prompt a decision's words need (stored with an analysed decision).
CONTEXT_KEYS = ("kind", "ability", "phase", "target")


def decision_context(view):
    """What ``view``'s own pending prompt said the seat was deciding: kind, ability, phase, target."""
    pending = view.get("pending") or {}
    return {key: pending[key] for key in CONTEXT_KEYS if pending.get(key) is not None}


def _card(card):
    return engine_text.card_words(card, _)


def _ability(key):
    return C.ability_name(key) if key else _("the ability")


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


def _name(names, seat):
    if isinstance(names, dict):
        return names.get(seat, "?")
    names = names or []
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


def _done(decision, context, names):
    kind = context.get("kind")
    if kind in ("setup_discard", "discard_draw"):
        return _("Stop choosing and discard the chosen cards")
    if kind == "order_pile":
        return _("Keep the order shown")
    return _("Stop here")


def _select(decision, context, names):
    card = _card(decision.get("card"))
    if context.get("kind") == "order_pile":
        return _("Put the %(card)s next down the pile") % {"card": card}
    phrase = SELECT.get(context.get("phase"))
    return phrase(card) if phrase else _("Choose the %(card)s") % {"card": card}


def _chapter(decision, context, names):
    words = {"professions": _professions(decision.get("profession"))}
    if context.get("phase") == "mine":
        return _("Give the chapter of %(professions)s") % words
    return _("Take the chapter of %(professions)s") % words


def _pay(decision, context, names):
    card = decision.get("card")
    words = {"professions": _professions(PROFESSION_OF[card]), "card": _card(card)}
    if context.get("kind") == "shed_chapters":
        return _("Discard the chapter of %(professions)s, the %(card)s on top") % words
    return _("Pay with the chapter of %(professions)s, the %(card)s on top") % words


WORDS = {
    "play": lambda d, c, n: _("Play the %(card)s") % {"card": _card(d.get("card"))},
    "place": lambda d, c, n: _("Place the %(card)s in the guildhall") % {"card": _card(d.get("card"))},
    "discard": lambda d, c, n: _("Discard the %(card)s") % {"card": _card(d.get("card"))},
    "buy": lambda d, c, n: _("Buy the VP card %(vp)s") % {"vp": engine_text.vp_words(d.get("card"), _)},
    "discard_draw": lambda d, c, n: _("Discard cards and draw up to six"),
    "end_turn": lambda d, c, n: _("End the turn"),
    "done": _done,
    "tier": lambda d, c, n: _("Use the %(ability)s at tier %(tier)s") % {
        "ability": _ability(c.get("ability")), "tier": d.get("tier")},
    "use": lambda d, c, n: _("Use the ability of %(ability)s") % {"ability": _ability(c.get("ability"))},
    "decline": lambda d, c, n: _("Decline the ability of %(ability)s") % {"ability": _ability(c.get("ability"))},
    "target": lambda d, c, n: _("Choose %(name)s as the target") % {"name": _name(n, d.get("seat"))},
    "select": _select,
    "chapter": _chapter,
    "pay": _pay,
}


def decision_words(decision, context=None, names=None):
    """``decision`` in words; ``context``: ``decision_context`` of the deciding seat's view, ``names``:
    the players' names by seat (a list or a dict)."""
    said = WORDS.get(decision.get("type"))
    return said(decision, context or {}, names) if said else decision.get("type") or "?"


def turn_lines(view, seat, names):
    """The standing a your-turn email names, from the recipient's own view: each player's VP, and how many
    completed chapters the recipient holds (what pays for VP cards)."""
    players = view.get("players") or []
    standing = ", ".join(
        _("%(name)s %(vp)s VP") % {"name": _name(names, p["seat"]), "vp": p["vp"]} for p in players
    )
    lines = [_("Victory points: %(standing)s.") % {"standing": standing}] if players else []
    if 0 <= seat < len(players):
        completed = players[seat]["completed"]
        lines.append(ngettext("You have %(n)s completed chapter.", "You have %(n)s completed chapters.",
                              completed) % {"n": completed})
    return lines


def summary_columns():
    return [("vp-cards", _("VP cards bought"))]


def summary_facts(view):
    """The history list's column: VP cards bought, from a finished game's public view."""
    return {"vp-cards": sum(len(p["vp_cards"]) for p in view.get("players") or [])}
