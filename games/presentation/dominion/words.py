"""Dominion in words: the phase, who is deciding what (for everyone at the table, the replay and the
active player while the player to their left chooses for an Advisor), a decision as the analysis names
it, what a your-turn email says about the position, and the history list's columns.

Built only from a view (the recipient's own, or the public one of a finished game) and the decision
itself: a card hidden from the reader is never named (§12 of the rules statement).
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from engine.dominion.cards import pile_sizes

from . import cards as C

PHASES = {
    "action": gettext_noop("Action phase"),
    "buy": gettext_noop("Buy phase"),
    "over": gettext_noop("Game over"),
}


def phase_words(phase):
    return _(PHASES[phase]) if phase in PHASES else ""


def _name(names, seat):
    if isinstance(names, dict):
        return names.get(seat, "?")
    names = names or []
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


# What the pending seat is deciding, as everyone at the table may read it (the kinds of the view's
# ``pending``; docs/rules-dominion.md). %(player)s decides; %(active)s is the player whose turn it is.
DECIDING = {
    "action": gettext_noop("%(player)s is choosing an Action to play."),
    "buy": gettext_noop("%(player)s is buying."),
    "advisor": gettext_noop("%(player)s is choosing, for Advisor, the revealed card that %(active)s discards."),
    "plaza": gettext_noop("%(player)s may discard a Treasure for Plaza."),
    "butcher_trash": gettext_noop("%(player)s may trash a card for Butcher."),
    "butcher_pay": gettext_noop("%(player)s is choosing how many Coin tokens to remove for Butcher."),
    "gain": gettext_noop("%(player)s is choosing a card to gain."),
    "name": gettext_noop("%(player)s is naming a card."),
    "doctor_order": gettext_noop("%(player)s is putting cards back on their deck for Doctor."),
    "doctor_overpay": gettext_noop("%(player)s is looking at the top card of their deck for Doctor's overpay."),
    "herald_overpay": gettext_noop("%(player)s is choosing a card from their discard pile for Herald's overpay."),
    "stonemason_trash": gettext_noop("%(player)s is trashing a card for Stonemason."),
    "taxman_trash": gettext_noop("%(player)s may trash a Treasure for Taxman."),
}
# The same, told to the active player while the player to their left chooses (Advisor).
ADVISOR_FOR_YOU = gettext_noop("%(player)s chooses which of the cards you revealed with Advisor you discard; "
                               "you take the others into your hand.")


def pending_words(view, names, viewer=None):
    """Who decides what now, in words, or None (the game is over)."""
    pending = view.get("pending")
    if not pending:
        return None
    kind = pending.get("kind")
    words = {"player": _name(names, pending.get("seat")), "active": _name(names, view.get("active"))}
    if kind == "advisor" and viewer is not None and viewer == view.get("active") and viewer != pending.get("seat"):
        return _(ADVISOR_FOR_YOU) % words
    said = DECIDING.get(kind)
    if said is None:
        return _("Waiting for %(player)s.") % words
    if kind == "name" and pending.get("card"):
        return _("%(player)s is naming a card for %(card)s.") % {**words, "card": C.name(pending["card"])}
    if kind == "gain" and pending.get("source"):
        return _("%(player)s is choosing a card to gain for %(card)s.") % {
            **words, "card": C.name(pending["source"].rstrip("+"))}
    return _(said) % words


# --- a decision in words (the analysis) ---------------------------------------------------------------

# The parts of the deciding seat's pending prompt a decision's words need (stored with an analysed decision).
CONTEXT_KEYS = ("kind", "source", "card", "player", "trashed")


def decision_context(view):
    """What ``view``'s own pending prompt said the seat was deciding."""
    pending = view.get("pending") or {}
    return {key: pending[key] for key in CONTEXT_KEYS if pending.get(key) is not None}


CHOOSE = {
    "plaza": gettext_noop("Discard %(card)s for a Coin token"),
    "butcher_trash": gettext_noop("Trash %(card)s"),
    "stonemason_trash": gettext_noop("Trash %(card)s"),
    "taxman_trash": gettext_noop("Trash %(card)s"),
    "gain": gettext_noop("Gain %(card)s"),
    "herald_overpay": gettext_noop("Put %(card)s from the discard pile onto the deck"),
}
DECLINE = {
    "plaza": gettext_noop("Discard nothing"),
    "butcher_trash": gettext_noop("Trash nothing"),
    "taxman_trash": gettext_noop("Trash nothing"),
}
DOCTOR_OPTIONS = {
    "trash": gettext_noop("Trash the card looked at"),
    "discard": gettext_noop("Discard the card looked at"),
    "topdeck": gettext_noop("Put the card looked at back on the deck"),
}


def _buy(d, c, n):
    overpay = d.get("overpay") or 0
    if overpay:
        return _("Buy %(card)s, overpaying $%(amount)s") % {"card": C.name(d.get("card")), "amount": overpay}
    return _("Buy %(card)s") % {"card": C.name(d.get("card"))}


def _choose(d, c, n):
    card = C.name(d.get("card"))
    if c.get("kind") == "advisor":
        return _("Have %(player)s discard %(card)s") % {"player": _name(n, c.get("player")), "card": card}
    said = CHOOSE.get(c.get("kind"))
    return _(said) % {"card": card} if said else _("Choose %(card)s") % {"card": card}


def _decline(d, c, n):
    said = DECLINE.get(c.get("kind"))
    return _(said) if said else _("Decline")


def _option(d, c, n):
    said = DOCTOR_OPTIONS.get(d.get("value"))
    return _(said) if said else str(d.get("value"))


WORDS = {
    "play": lambda d, c, n: _("Play %(card)s") % {"card": C.name(d.get("card"))},
    "play_treasures": lambda d, c, n: _("Play all Treasures"),
    "end_actions": lambda d, c, n: _("End the Action phase"),
    "spend_tokens": lambda d, c, n: ngettext("Spend %(n)s Coin token", "Spend %(n)s Coin tokens",
                                             d.get("n") or 0) % {"n": d.get("n")},
    "buy": _buy,
    "end_turn": lambda d, c, n: _("End the turn"),
    "choose": _choose,
    "decline": _decline,
    "number": lambda d, c, n: ngettext("Remove %(n)s Coin token", "Remove %(n)s Coin tokens",
                                       d.get("n") or 0) % {"n": d.get("n")},
    "name": lambda d, c, n: _("Name %(card)s") % {"card": C.name(d.get("card"))},
    "order": lambda d, c, n: _("Put back %(cards)s (the first on top)") % {
        "cards": ", ".join(C.name(card) for card in d.get("cards") or [])},
    "option": _option,
}


def decision_words(decision, context=None, names=None):
    """``decision`` in words; ``context``: ``decision_context`` of the deciding seat's view."""
    said = WORDS.get(decision.get("type"))
    return said(decision, context or {}, names) if said else decision.get("type") or "?"


# --- the your-turn email ------------------------------------------------------------------------------


def turn_lines(view, seat, names):
    """What a your-turn email says about the position, from the recipient's own view: what they are asked,
    their hand (theirs to know; never another's, nor any deck's order), their Coin tokens, the scores and
    the Provinces left."""
    players = view.get("players") or []
    lines = []
    asked = _asked(view, seat, names)
    if asked:
        lines.append(asked)
    you = view.get("you") or {}
    if you.get("hand") is not None:
        lines.append(_("Your hand: %(cards)s.") % {"cards": C.list_words(you["hand"])})
    if 0 <= seat < len(players):
        tokens = players[seat]["tokens"]
        if tokens:
            lines.append(ngettext("You have %(n)s Coin token.", "You have %(n)s Coin tokens.", tokens) % {"n": tokens})
    if players:
        standing = ", ".join(
            _("%(name)s %(vp)s VP") % {"name": _name(names, p["seat"]), "vp": p["score"]} for p in players
        )
        lines.append(_("Victory points: %(standing)s.") % {"standing": standing})
    provinces = next((p["count"] for p in view.get("supply") or [] if p["card"] == "Province"), None)
    if provinces is not None:
        lines.append(ngettext("%(n)s Province is left.", "%(n)s Provinces are left.", provinces) % {"n": provinces})
    return lines


def _asked(view, seat, names):
    pending = view.get("pending") or {}
    if pending.get("seat") != seat:
        return None
    if pending.get("kind") == "advisor":
        return _("%(player)s played Advisor: choose which of %(cards)s they discard.") % {
            "player": _name(names, pending.get("player")), "cards": C.list_words(pending.get("cards") or [])}
    if pending.get("kind") in ("action", "buy"):
        return _("Your turn: %(phase)s.") % {"phase": phase_words(pending["kind"])}
    return pending_words(view, names, seat)


# --- the history list ---------------------------------------------------------------------------------


def summary_columns():
    return [("turns", _("Turns")), ("provinces", _("Provinces bought or gained"))]


def summary_facts(view):
    """From a finished game's public view (every card shown): the turns taken by the player who took the
    most, and the Provinces that left the pile."""
    players = view.get("players") or []
    facts = {"turns": max((p["turns_taken"] for p in players), default=0)}
    left = next((p["count"] for p in view.get("supply") or [] if p["card"] == "Province"), None)
    if players and left is not None:
        facts["provinces"] = pile_sizes(len(players))["Province"] - left
    return facts
