"""Dominion's prompt on the viewer's decision: the legal decisions turned into the prompt's words and
controls, each decision asked in a way that fits it.

- Playing a card, and the picks from the hand (Plaza's discard, the trashes of Butcher, Stonemason and
  Taxman): a button on the card in the hand, which the prompt draws.
- Buying: a Buy button on each Supply pile one can afford; for a card one may overpay for, the amount
  is chosen with the buy, in a list beside that button (one form, one click; dominion.js writes the
  amount into the button, and without JavaScript each amount is a button of its own).
- Coin tokens: how many, in a list beside a Spend button (the same way).
- Advisor's revealed cards, the cards one may gain, the discard pile a Herald's overpay picks from:
  card buttons in the prompt.
- Naming a card (Doctor, Journeyman): the twenty names with their costs.
- Doctor's put-back: one click for the order shown, and a "choose the order" control
  (``games.presentation.base.order_control``) for any other.
- Declining where the rules allow it, Butcher's tokens, Doctor's overpay looks: plain buttons.

Every control sends exactly one of the viewer's legal decisions; nothing else is offered.
"""

import json

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.presentation.base import decision_value, option, order_control

from . import cards as C
from .words import pending_words

# The pick from the hand each kind asks for, as the button on the card says it.
HAND_VERBS = {
    "plaza": lambda: _("Discard"),
    "butcher_trash": lambda: _("Trash"),
    "stonemason_trash": lambda: _("Trash"),
    "taxman_trash": lambda: _("Trash"),
}
DECLINE = {
    "plaza": lambda: _("Discard nothing"),
    "butcher_trash": lambda: _("Trash nothing"),
    "taxman_trash": lambda: _("Trash nothing"),
}
DOCTOR_LOOK = {
    "trash": lambda: _("Trash it"),
    "discard": lambda: _("Discard it"),
    "topdeck": lambda: _("Put it back on your deck"),
}


class _Controls:
    """What each legal decision becomes, collected while they are read."""

    def __init__(self, table, pending, view):
        self.table = table
        self.pending = pending
        self.kind = pending.get("kind")
        self.view = view
        self.hand = {}  # card -> option (the button on the hand's stack of that card)
        self.first = []  # plain buttons before the cards (Play all Treasures)
        self.panel = []  # plain buttons after them (end the phase, decline, …)
        self.groups = {}  # title -> [option with card]
        self.names = []  # naming a card
        self.buys = {}  # card -> [decisions], overpay 0 first
        self.tokens = []  # spend_tokens decisions
        self.orders = []  # Doctor's put-back orders
        self.noscript = []  # buttons for the choices of a list, for a browser without JavaScript


def _play(c, d):
    c.hand[d["card"]] = option(d, _("Play"), C.face(d["card"]))


def _choose(c, d):
    card = d["card"]
    kind = c.kind
    if kind in HAND_VERBS:
        c.hand[card] = option(d, HAND_VERBS[kind](), C.face(card))
    elif kind == "advisor":
        c.groups.setdefault(_("The revealed cards"), []).append(option(d, _("Discard this one"), C.face(card)))
    elif kind == "gain":
        c.groups.setdefault(_("Cards you can gain"), []).append(option(d, _("Gain"), C.face(card)))
    elif kind == "herald_overpay":
        copies = (c.pending.get("pile") or []).count(card)  # the whole pile: the decider's own view only
        c.groups.setdefault(_("Your discard pile"), []).append(
            option(d, _("Put onto your deck"), dict(C.face(card), count=copies)))
    else:
        c.groups.setdefault(_("Choose a card"), []).append(option(d, _("Choose"), C.face(card)))


def _decline(c, d):
    said = DECLINE.get(c.kind)
    c.panel.append(option(d, said() if said else _("Decline")))


def _number(c, d):
    trashed = c.pending.get("trashed")
    most = C.COST.get(trashed, 0) + d["n"]
    label = ngettext(
        "Remove %(n)s Coin token: gain a card costing up to $%(most)s",
        "Remove %(n)s Coin tokens: gain a card costing up to $%(most)s",
        d["n"],
    ) % {"n": d["n"], "most": most}
    c.panel.append(option(d, label))


def _option(c, d):
    said = DOCTOR_LOOK.get(d["value"])
    c.panel.append(option(d, said() if said else d["value"]))


_ADD = {
    "play": _play,
    "play_treasures": lambda c, d: c.first.append(option(d, _("Play all Treasures"))),
    "end_actions": lambda c, d: c.panel.append(option(d, _("End my Action phase"))),
    "end_turn": lambda c, d: c.panel.append(option(d, _("End my turn"))),
    "spend_tokens": lambda c, d: c.tokens.append(d),
    "buy": lambda c, d: c.buys.setdefault(d["card"], []).append(d),
    "choose": _choose,
    "decline": _decline,
    "number": _number,
    "name": lambda c, d: c.names.append(d),
    "order": lambda c, d: c.orders.append(d),
    "option": _option,
}


def _unknown(c, d):
    """A decision type this page does not know: still offered, plainly."""
    c.panel.append(option(d, d["type"]))


def prompt(table, legal, pending, view, me):
    """Turn the legal decisions into the prompt's words and controls, in ``table``."""
    c = _Controls(table, pending, view)
    for d in legal:
        _ADD.get(d["type"], _unknown)(c, d)
    for stack in table["hand"]:
        stack["option"] = c.hand.get(stack["card"])
    _buy_controls(c, table)
    table.update(
        prompt=_prompt_text(c, table),
        prompt_first=c.first,
        hand_in_prompt=bool(c.hand) or c.kind in HAND_VERBS,
        hand_verb_note=_hand_note(c),
        card_groups=[{"title": title, "options": options} for title, options in c.groups.items()],
        names=_names(c),
        token_control=_token_control(c),
        order=_order(c),
        panel=c.panel,
        undo=None,
        can_buy=bool(c.buys),
        noscript=c.noscript,
    )


def _choice(decision, label):
    return {"value": decision_value(decision), "label": label}


def _buy_controls(c, table):
    """A Buy button on each pile one can afford; beside it, for a card one may overpay for, the amount."""
    piles = {pile["card"]: pile for pile in table["supply_basic"] + table["supply_kingdom"]}
    for card, decisions in c.buys.items():
        decisions = sorted(decisions, key=lambda d: d.get("overpay", 0))
        plain = decisions[0]
        control = {"option": option(plain, _("Buy"), C.face(card)), "id": f"buy-{_slug(card)}", "choices": None}
        if len(decisions) > 1:
            cost = C.COST[card]
            control["choices"] = [
                _choice(d, _("no overpay (pay $%(cost)s)") % {"cost": cost} if not d.get("overpay") else
                        _("overpay $%(k)s (pay $%(total)s)") % {"k": d["overpay"], "total": cost + d["overpay"]})
                for d in decisions
            ]
            for d in decisions[1:]:
                c.noscript.append(option(d, _("Buy %(card)s, overpaying $%(k)s") % {
                    "card": C.name(card), "k": d["overpay"]}))
        if card in piles:
            piles[card]["buy"] = control


def _slug(card):
    return card.lower().replace(" ", "-")


def _token_control(c):
    """How many Coin tokens to spend, chosen in a list beside the Spend button."""
    if not c.tokens:
        return None
    decisions = sorted(c.tokens, key=lambda d: d["n"])
    for d in decisions[1:]:
        words = ngettext("Spend %(n)s Coin token", "Spend %(n)s Coin tokens", d["n"]) % {"n": d["n"]}
        c.noscript.append(option(d, words))
    return {
        "id": "spend-tokens",
        "option": option(decisions[0], _("Spend")),
        "choices": [
            _choice(d, ngettext("%(n)s Coin token (+$%(n)s)", "%(n)s Coin tokens (+$%(n)s)", d["n"]) % {"n": d["n"]})
            for d in decisions
        ],
    }


def _names(c):
    """The twenty names Doctor and Journeyman may name, this game's cards first, each with its cost."""
    if not c.names:
        return None
    in_game = {pile["card"] for pile in c.view["supply"]}
    by_card = {d["card"]: d for d in c.names}
    groups = [
        (_("Cards in this game"), [card for card in C.CATALOGUE if card in in_game]),
        (_("Cards not in this game"), [card for card in C.CATALOGUE if card not in in_game]),
    ]
    found = []
    for title, cards in groups:
        options = [option(by_card[card], C.named_with_cost(card)) for card in cards if card in by_card]
        if options:
            found.append({"title": title, "options": options})
    return found


def _order(c):
    """Doctor's put-back: one click for the order shown (the order revealed), and a closed control for
    any other order. The control's places hold the cards by their position, so copies of a card stay
    apart; dominion.js turns the positions into names."""
    if not c.orders:
        return None
    shown = c.pending.get("cards") or c.orders[0]["cards"]
    default = next((d for d in c.orders if d["cards"] == shown), c.orders[0])
    others = [d for d in c.orders if d is not default]
    for d in others:
        c.noscript.append(option(d, _("Put back %(cards)s (the first on top)") % {
            "cards": ", ".join(C.name(card) for card in d["cards"])}))
    cards = [{"id": index, "label": C.name(card)} for index, card in enumerate(default["cards"])]
    control = order_control(default, cards, _("The cards you put back on your deck"),
                            _("Put them back in this order"), key="cards") if others else None
    if control is not None:
        control["names"] = json.dumps(default["cards"])
    return {
        "cards": [C.face(card) for card in default["cards"]],
        "default": option(default, _("Put them back in the order shown")),
        "control": control,
    }


def _hand_note(c):
    if c.kind == "action":
        return _("The Action cards you can play carry a Play button.")
    if c.kind == "buy" and c.hand:
        return _("Play Treasures one by one with their Play buttons, or all at once.")
    return None


def _prompt_text(c, table):
    said = _TEXT.get(c.kind)
    if said is not None:
        return said(c, table)
    return pending_words(c.view, table["names"], table["me"]) or _("Your decision.")


def _action_text(c, table):
    actions = c.view.get("actions") or 0
    return ngettext(
        "Your Action phase: %(n)s Action left. Play an Action card from your hand, or end your Action phase.",
        "Your Action phase: %(n)s Actions left. Play an Action card from your hand, or end your Action phase.",
        actions,
    ) % {"n": actions}


def _buy_text(c, table):
    view = c.view
    coins, buys = view.get("coins") or 0, view.get("buys") or 0
    text = ngettext(
        "Your Buy phase: $%(coins)s to spend and %(buys)s Buy.",
        "Your Buy phase: $%(coins)s to spend and %(buys)s Buys.",
        buys,
    ) % {"coins": coins, "buys": buys}
    if view.get("bought"):
        more = _("Buy another card from the Supply, or end your turn.")
    elif c.hand:
        more = _("Play your Treasures, then buy a card from the Supply, or end your turn.")
    else:
        more = _("Buy a card from the Supply, or end your turn.")
    return f"{text} {more}"


def _advisor_text(c, table):
    player = table["names"].get(c.pending.get("player"), "?")
    return _("%(player)s played Advisor and revealed these cards. Choose the one %(player)s discards; "
             "%(player)s puts the others into their hand.") % {"player": player}


def _gain_text(c, table):
    p = c.pending
    source = C.name((p.get("source") or "").rstrip("+"))
    if "exact" in p:
        limit = _("an Action card costing exactly $%(n)s") % {"n": p["exact"]}
    elif "below" in p:
        limit = _("a card costing less than $%(n)s") % {"n": p["below"]}
    elif p.get("types") == "treasure":
        limit = _("a Treasure costing up to $%(n)s, onto your deck") % {"n": p.get("max")}
    else:
        limit = _("a card costing up to $%(n)s") % {"n": p.get("max")}
    return _("%(card)s: gain %(limit)s.") % {"card": source, "limit": limit}


def _name_text(c, table):
    if c.pending.get("card") == "Journeyman":
        return _("Journeyman: name a card. You reveal cards from your deck until you reveal 3 that are not the "
                 "named card; those 3 go into your hand, the others are discarded.")
    return _("Doctor: name a card. The top 3 cards of your deck are revealed; those with that name are trashed "
             "and you put the others back in the order you choose.")


def _doctor_look_text(c, table):
    left = c.pending.get("left") or 0
    card = C.name(c.pending.get("card"))
    text = _("Doctor's overpay: the top card of your deck is %(card)s. Trash it, discard it, or put it back.") % {
        "card": card}
    if left:
        text += " " + ngettext("You look %(n)s more time after this.", "You look %(n)s more times after this.",
                               left) % {"n": left}
    return text


def _herald_text(c, table):
    left = c.pending.get("left") or 0
    text = _("Herald's overpay: choose a card from your discard pile to put onto your deck.")
    if left:
        text += " " + ngettext("You choose %(n)s more card after this one.",
                               "You choose %(n)s more cards after this one.", left) % {"n": left}
    return text


def _butcher_pay_text(c, table):
    trashed = c.pending.get("trashed")
    return _("Butcher: you trashed %(card)s (%(cost)s). Remove Coin tokens to gain a costlier card: each token "
             "removed adds $1 to the cost you may gain.") % {"card": C.name(trashed), "cost": C.cost_words(trashed)}


def _fixed(text):
    return lambda c, table: text()


_TEXT = {
    "action": _action_text,
    "buy": _buy_text,
    "advisor": _advisor_text,
    "plaza": _fixed(lambda: _("Plaza: you may discard a Treasure from your hand to take a Coin token.")),
    "butcher_trash": _fixed(lambda: _(
        "Butcher: you may trash a card from your hand, then gain a card costing up to its cost plus the Coin "
        "tokens you remove.")),
    "butcher_pay": _butcher_pay_text,
    "gain": _gain_text,
    "name": _name_text,
    "doctor_order": _fixed(lambda: _(
        "Doctor: put these cards back on your deck in the order you choose; the first goes on top.")),
    "doctor_overpay": _doctor_look_text,
    "herald_overpay": _herald_text,
    "stonemason_trash": _fixed(lambda: _(
        "Stonemason: trash a card from your hand, then gain two cards, each costing less than it.")),
    "taxman_trash": _fixed(lambda: _(
        "Taxman: you may trash a Treasure from your hand. Then each other player with 5 or more cards in hand "
        "discards a copy of it (or reveals a hand without one), and you gain a Treasure costing up to $3 more "
        "onto your deck.")),
}
