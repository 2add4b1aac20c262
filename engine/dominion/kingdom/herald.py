"""Herald — $4+, Action (G-HERALD-1..4, DEC-HER-OP).

+1 Card, +1 Action. Reveal the top card of your deck (shuffling if needed). If it is an Action, play it
(it uses no Action, goes into play, and may be another Herald); otherwise it stays on top, now known to
everyone.

Overpay k (when bought): k times while your discard pile is not empty, put a card of your choice from
it on top of your deck, one at a time (the last pick ends on top). Under 2013 rules this happens before
the Herald is gained, so it cannot pick itself (ILL-HER-1). The picks are the owner's alone (AMB-D-06);
everyone sees the counts and the pile's new top.
"""

from ..cards import ACTIONS
from ..effects import again, answer, ask, choices, finish, plus, push
from ..zones import emit, peek, put_on_deck, take_top

NAME = "Herald"


def draw_then_reveal(st, f):
    seat = f["seat"]
    plus(st, seat, cards=1, actions=1)
    card = peek(st, seat)
    if card is None:
        return
    emit(st, {"t": "reveal", "seat": seat, "cards": [card]})
    if card in ACTIONS:
        take_top(st, seat)
        st.seats[seat].in_play.append(card)
        emit(st, {"t": "play", "seat": seat, "card": card, "via": NAME})
        push(st, card, seat)  # resolved next, above this (finished) frame
    else:
        s = st.seats[seat]
        s.known = max(s.known, 1)
        s.shown = max(s.shown, 1)


PLAY = (draw_then_reveal,)


def ask_a_pick(st, f):
    if f["left"] <= 0 or not st.seats[f["seat"]].discard:
        return finish(f)
    f["left"] -= 1
    ask(st, "herald_overpay", f["seat"], left=f["left"])


def put_it_on_deck(st, f):
    card = answer(f)["card"]
    pile = st.seats[f["seat"]].discard
    del pile[pile.index(card)]  # the lowest copy: identical cards, and the public top stays if it can
    put_on_deck(st, f["seat"], card, public=False)
    emit(st, {"t": "herald_pick", "seat": f["seat"], "card": card})
    again(f)
    again(f)


OVERPAY = (ask_a_pick, put_it_on_deck)


def options(st, prompt):
    return choices(reversed(st.seats[prompt["seat"]].discard))


def refuse(st, prompt, decision):
    if decision["type"] == "choose":
        return "ILL-HER-1", "not_in_discard", {"card": decision["card"]}
    return None


def bot_pick(st, seat, prompt, options, policy):
    return max(options, key=lambda o: policy.draw_value(st, seat, o["card"]))


PROMPTS = {"herald_overpay": options}
REFUSALS = {"herald_overpay": refuse}
BOT = {"herald_overpay": bot_pick}
