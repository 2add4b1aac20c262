"""Gaining a card of the player's choice from the Supply: Butcher (DEC-BUT-GAIN), Stonemason and its
overpay (DEC-STONE-GAIN, DEC-STONE-OP), Taxman (DEC-TAX-GAIN). The prompt kind is ``gain``; its spec
says the limit, so the options, the refusal and the view all read it from the prompt:

- ``max``: cost at most this (Butcher: trashed + tokens paid; Taxman: trashed + 3);
- ``below``: cost strictly less than this (Stonemason);
- ``exact``: cost exactly this (Stonemason's overpay);
- ``types``: ``"action"`` or ``"treasure"`` when only those qualify.

Every such gain is compulsory while a card qualifies; with none, the question is not asked (§13).
These gains are not buys: no overpay (ILL-OVR-3), no Merchant Guild token.
"""

from .cards import COST, TYPES
from .effects import ask

# The refusal of a card outside the limit, by the card whose effect gains.
_RULES = {"Butcher": "ILL-BUT-2", "Stonemason": "ILL-STONE-2", "Stonemason+": "ILL-STONE-3", "Taxman": "ILL-TAX-2"}


def fits(card, spec):
    cost = COST[card]
    if "max" in spec and cost > spec["max"]:
        return False
    if "below" in spec and cost >= spec["below"]:
        return False
    if "exact" in spec and cost != spec["exact"]:
        return False
    types = spec.get("types")
    return types is None or types in TYPES[card]


def candidates(st, spec):
    return [card for card, count in st.supply.items() if count and fits(card, spec)]


def ask_gain(st, seat, source, **spec):
    """Ask ``seat`` to choose a card to gain if any qualifies; False (nothing asked) otherwise."""
    if not candidates(st, spec):
        return False
    ask(st, "gain", seat, source=source, **spec)
    return True


def options(st, prompt):
    return [{"type": "choose", "card": c} for c in candidates(st, prompt)]


def refuse(st, prompt, decision):
    if decision.get("overpay"):
        return "ILL-OVR-3", "overpay_not_bought", {}
    if decision["type"] != "choose":
        return None
    card = decision["card"]
    if card not in st.supply:
        return "ILL-BUY-3", "not_in_supply", {"card": card}
    if not st.supply[card]:
        return "ILL-BUY-3", "pile_empty", {"card": card}
    rule = _RULES[prompt["source"]]
    if "exact" in prompt:
        if prompt.get("types") and prompt["types"] not in TYPES[card]:
            return rule, "gain_not_action", {"card": card}
        return rule, "gain_cost_exact", {"card": card, "cost": COST[card], "limit": prompt["exact"]}
    if prompt.get("types") and prompt["types"] not in TYPES[card]:
        return rule, "gain_not_treasure", {"card": card}
    if "below" in prompt:
        return rule, "gain_cost_below", {"card": card, "cost": COST[card], "limit": prompt["below"]}
    return rule, "gain_cost_max", {"card": card, "cost": COST[card], "limit": prompt["max"]}


PROMPTS = {"gain": options}
REFUSALS = {"gain": refuse}


def bot_gain(st, seat, prompt, options, policy):
    return max(options, key=lambda o: policy.gain_value(st, seat, o["card"]))


BOT = {"gain": bot_gain}
