"""Butcher — $5, Action (G-BUTCHER-1, -2, -4, DEC-BUT-TRASH, DEC-BUT-PAY, DEC-BUT-GAIN).

+2 Coin tokens. You may trash a card from your hand. If you did, remove any number of your tokens (the
new ones included; they give no $), then gain a card costing up to the trashed card's cost plus the
tokens removed (compulsory while one qualifies). Declining the trash ends it: no tokens may be removed
then (ILL-BUT-1). The gain is not a buy (ILL-OVR-3).
"""

from ..cards import COST
from ..effects import answer, ask, choices, finish
from ..gains import ask_gain
from ..zones import emit, gain, take_tokens, trash_from_hand

NAME = "Butcher"


def tokens_then_trash(st, f):
    take_tokens(st, f["seat"], 2)
    if st.seats[f["seat"]].hand:
        ask(st, "butcher_trash", f["seat"])


def trash_then_pay(st, f):
    decision = answer(f)
    if decision is None or decision["type"] == "decline":
        return finish(f)
    trash_from_hand(st, f["seat"], decision["card"])
    f["trashed"] = decision["card"]
    ask(st, "butcher_pay", f["seat"], trashed=decision["card"], most=st.seats[f["seat"]].tokens)


def pay_then_ask_gain(st, f):
    paid = answer(f)["n"]
    if paid:
        st.seats[f["seat"]].tokens -= paid
        emit(st, {"t": "remove_tokens", "seat": f["seat"], "count": paid})
    ask_gain(st, f["seat"], NAME, max=COST[f["trashed"]] + paid)


def gain_it(st, f):
    decision = answer(f)
    if decision is not None:
        gain(st, f["seat"], decision["card"])


PLAY = (tokens_then_trash, trash_then_pay, pay_then_ask_gain, gain_it)


def trash_options(st, prompt):
    return choices(st.seats[prompt["seat"]].hand) + [{"type": "decline"}]


def pay_options(st, prompt):
    return [{"type": "number", "n": n} for n in range(st.seats[prompt["seat"]].tokens + 1)]


def refuse_trash(st, prompt, decision):
    if decision["type"] == "choose":
        return "ILL-ACT-3", "not_in_hand", {"card": decision["card"]}
    return None


def refuse_pay(st, prompt, decision):
    if decision["type"] == "number":
        return "ILL-BUT-1", "butcher_tokens", {"n": decision["n"], "count": st.seats[prompt["seat"]].tokens}
    return None


def bot_trash(st, seat, prompt, options, policy):
    best = max((o for o in options if o["type"] == "choose"), key=lambda o: policy.trash_value(st, seat, o["card"]),
               default=None)
    if best is None or policy.trash_value(st, seat, best["card"]) <= 0:
        return {"type": "decline"}
    return best


def bot_pay(st, seat, prompt, options, policy):
    """The fewest tokens that reach the best card the policy would gain."""
    base = COST[prompt["trashed"]]
    affordable = [c for c, n in st.supply.items() if n and COST[c] <= base + prompt["most"]]
    if not affordable:
        return {"type": "number", "n": 0}
    target = max(affordable, key=lambda c: (policy.gain_value(st, seat, c), -COST[c]))
    return {"type": "number", "n": max(0, COST[target] - base)}


PROMPTS = {"butcher_trash": trash_options, "butcher_pay": pay_options}
REFUSALS = {"butcher_trash": refuse_trash, "butcher_pay": refuse_pay}
BOT = {"butcher_trash": bot_trash, "butcher_pay": bot_pay}
