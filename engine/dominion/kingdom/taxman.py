"""Taxman — $4, Action–Attack (G-TAXMAN-1..4, DEC-TAX-TRASH, DEC-TAX-GAIN).

You may trash a Treasure from your hand (asked only if you hold one). If you do, each other player with
5 or more cards in hand, in turn order, discards a copy of it, or reveals a hand without one (AMB-D-13:
smaller hands are untouched). Then gain a Treasure costing up to $3 more onto your deck (compulsory while
one qualifies; pydominion gains it to the discard pile: design §1.4.3). All of it is public.
"""

from ..cards import COST, TREASURES
from ..effects import answer, ask, choices, finish
from ..gains import ask_gain
from ..zones import discard_from_hand, emit, gain, others_in_turn_order, trash_from_hand

NAME = "Taxman"


def ask_trash(st, f):
    if any(c in TREASURES for c in st.seats[f["seat"]].hand):
        ask(st, "taxman_trash", f["seat"])


def trash_and_attack(st, f):
    decision = answer(f)
    if decision is None or decision["type"] == "decline":
        return finish(f)
    card = decision["card"]
    trash_from_hand(st, f["seat"], card)
    f["trashed"] = card
    for other in others_in_turn_order(st, f["seat"]):
        hand = st.seats[other].hand
        if len(hand) < 5:
            continue
        if card in hand:
            discard_from_hand(st, other, card)
        else:
            emit(st, {"t": "reveal_hand", "seat": other, "cards": sorted(hand)})


def ask_a_treasure(st, f):
    ask_gain(st, f["seat"], NAME, max=COST[f["trashed"]] + 3, types="treasure")


def gain_onto_deck(st, f):
    decision = answer(f)
    if decision is not None:
        gain(st, f["seat"], decision["card"], to="deck")


PLAY = (ask_trash, trash_and_attack, ask_a_treasure, gain_onto_deck)


def options(st, prompt):
    hand = st.seats[prompt["seat"]].hand
    return choices(c for c in hand if c in TREASURES) + [{"type": "decline"}]


def refuse(st, prompt, decision):
    if decision["type"] != "choose":
        return None
    if decision["card"] not in TREASURES:
        return "ILL-TAX-1", "taxman_not_treasure", {"card": decision["card"]}
    return "ILL-ACT-3", "not_in_hand", {"card": decision["card"]}


def bot_trash(st, seat, prompt, options, policy):
    """The Treasure whose upgrade gains most (Silver -> Gold, Copper -> Silver), if it gains at all."""
    def gain_of(card):
        best = max(
            (c for c, n in st.supply.items() if n and c in TREASURES and COST[c] <= COST[card] + 3),
            key=lambda c: policy.gain_value(st, seat, c), default=card,
        )
        return policy.gain_value(st, seat, best) - policy.gain_value(st, seat, card)

    picks = [o for o in options if o["type"] == "choose"]
    best = max(picks, key=lambda o: gain_of(o["card"]))
    return best if gain_of(best["card"]) > 0 else {"type": "decline"}


PROMPTS = {"taxman_trash": options}
REFUSALS = {"taxman_trash": refuse}
BOT = {"taxman_trash": bot_trash}
