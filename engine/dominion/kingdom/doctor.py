"""Doctor — $3+, Action (G-DOCTOR-1..5, DEC-NAME, DEC-ORDER, DEC-DOC-OP).

Name a card (any of the 20, AMB-D-05). Reveal the top 3 cards of your deck (shuffling if needed), trash
the ones with that name, and put the others back in any order you choose (asked only for 2 or more;
pydominion keeps the reveal order: design §1.4.4). The name, the revealed and the trashed cards are
public; the order is the owner's alone.

Overpay k (when bought, before the Doctor is gained under 2013 rules): k times, look at the top card of
your deck (shuffling if it is empty: the cards discarded by earlier looks are shuffled in) and trash it,
discard it, or put it back (then it is the one seen next time). With no card left, the remaining looks
do nothing. A look is private; a discarded card is public (it is the new top of the pile).
"""

from itertools import permutations

from ..effects import again, answer, ask, finish
from ..zones import discard, emit, peek, put_on_deck, reveal, take_top, trash

NAME = "Doctor"
OPTIONS = ("trash", "discard", "topdeck")


def ask_name(st, f):
    ask(st, "name", f["seat"], card=NAME)


def reveal_and_trash(st, f):
    name = answer(f)["card"]
    emit(st, {"t": "name", "seat": f["seat"], "card": name, "source": NAME})
    cards = reveal(st, f["seat"], 3)
    trashed = [c for c in cards if c == name]
    if trashed:
        trash(st, f["seat"], trashed, "revealed")
    f["rest"] = [c for c in cards if c != name]
    if len(f["rest"]) >= 2:
        ask(st, "doctor_order", f["seat"], cards=f["rest"][:])


def put_back(st, f):
    rest = f.pop("rest")
    decision = answer(f)
    order = decision["cards"] if decision is not None else rest  # top first
    for card in reversed(order):
        put_on_deck(st, f["seat"], card, public=len(order) == 1)
    if order:
        emit(st, {"t": "put_back", "seat": f["seat"], "cards": list(order)})


PLAY = (ask_name, reveal_and_trash, put_back)


def look(st, f):
    card = peek(st, f["seat"]) if f["left"] > 0 else None
    if card is None:
        return finish(f)  # done, or no card anywhere: the remaining looks do nothing
    f["left"] -= 1
    seat = st.seats[f["seat"]]
    seat.known = max(seat.known, 1)
    emit(st, {"t": "look", "seat": f["seat"], "card": card})
    ask(st, "doctor_overpay", f["seat"], card=card, left=f["left"])


def trash_discard_or_keep(st, f):
    value = answer(f)["value"]
    if value == "trash":
        trash(st, f["seat"], [take_top(st, f["seat"])], "deck")
    elif value == "discard":
        discard(st, f["seat"], [take_top(st, f["seat"])])
    else:
        emit(st, {"t": "keep", "seat": f["seat"], "card": st.seats[f["seat"]].deck[-1]})
    again(f)
    again(f)  # back to look


OVERPAY = (look, trash_discard_or_keep)


def order_options(st, prompt):
    return [{"type": "order", "cards": list(p)} for p in dict.fromkeys(permutations(prompt["cards"]))]


def overpay_options(st, prompt):
    return [{"type": "option", "value": v} for v in OPTIONS]


def refuse_order(st, prompt, decision):
    if decision["type"] == "order":
        return "ILL-DOC-1", "doctor_order", {}
    return None


def refuse_option(st, prompt, decision):
    if decision["type"] == "option":
        return "ILL-GEN-1", "doctor_option", {}
    return None


def bot_order(st, seat, prompt, options, policy):
    """The card the policy wants most on top."""
    return max(options, key=lambda o: [policy.gain_value(st, seat, c) for c in o["cards"]])


def bot_overpay(st, seat, prompt, options, policy):
    card = prompt["card"]
    if policy.trash_value(st, seat, card) > 0:
        return {"type": "option", "value": "trash"}
    if policy.draw_value(st, seat, card) <= 0:
        return {"type": "option", "value": "discard"}
    return {"type": "option", "value": "topdeck"}


PROMPTS = {"doctor_order": order_options, "doctor_overpay": overpay_options}
REFUSALS = {"doctor_order": refuse_order, "doctor_overpay": refuse_option}
BOT = {"doctor_order": bot_order, "doctor_overpay": bot_overpay}
