"""Stonemason — $2+, Action (G-STONE-1..3, DEC-STONE-TRASH, DEC-STONE-GAIN, DEC-STONE-OP).

Trash a card from your hand (compulsory if the hand is not empty: declining is ILL-STONE-1). Gain two
cards, one at a time, each costing less than it (strictly: ILL-STONE-2); the two may be the same card.
A $0 card gains nothing; an empty hand, nothing at all.

Overpay k (when bought): gain two Action cards costing exactly $k, one at a time, before the Stonemason
is gained (ILL-STONE-3 otherwise). Only k = 2..5 finds anything here; androminion allowed only $1 and
gained one card, pydominion took cards costing up to k (design §1.4).
"""

from ..cards import COST
from ..effects import answer, ask, choices, finish, goto
from ..gains import ask_gain
from ..zones import gain, trash_from_hand

NAME = "Stonemason"


def ask_trash(st, f):
    if st.seats[f["seat"]].hand:
        ask(st, "stonemason_trash", f["seat"])


def trash_it(st, f):
    decision = answer(f)
    if decision is None:
        return finish(f)
    trash_from_hand(st, f["seat"], decision["card"])
    f["below"] = COST[decision["card"]]
    f["left"] = 2


def ask_a_gain(st, f):
    f["left"] -= 1
    if not ask_gain(st, f["seat"], NAME, below=f["below"]):
        finish(f)  # nothing costs less now, nor will after a gain


def gain_it(st, f):
    gain(st, f["seat"], answer(f)["card"])
    if f["left"]:
        goto(f, PLAY.index(ask_a_gain))


PLAY = (ask_trash, trash_it, ask_a_gain, gain_it)


def two_actions(st, f):
    f["left"] = 2


def ask_an_action(st, f):
    f["left"] -= 1
    if not ask_gain(st, f["seat"], NAME + "+", exact=f["k"], types="action"):
        finish(f)


def gain_the_action(st, f):
    gain(st, f["seat"], answer(f)["card"])
    if f["left"]:
        goto(f, OVERPAY.index(ask_an_action))


OVERPAY = (two_actions, ask_an_action, gain_the_action)


def options(st, prompt):
    return choices(st.seats[prompt["seat"]].hand)


def refuse(st, prompt, decision):
    if decision["type"] == "decline":
        return "ILL-STONE-1", "stonemason_must_trash", {}
    if decision["type"] == "choose":
        return "ILL-ACT-3", "not_in_hand", {"card": decision["card"]}
    return None


def bot_trash(st, seat, prompt, options, policy):
    return max(options, key=lambda o: policy.trash_value(st, seat, o["card"]))


PROMPTS = {"stonemason_trash": options}
REFUSALS = {"stonemason_trash": refuse}
BOT = {"stonemason_trash": bot_trash}
