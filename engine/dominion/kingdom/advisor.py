"""Advisor — $4, Action (G-ADVISOR-1..3, DEC-ADV).

+1 Action. Reveal the top 3 cards of your deck (shuffling if needed). The player to your left chooses
one of them: discard it, and put the others into your hand. With fewer than 3 revealed the chooser
still picks one, so a lone card is discarded; with none, nothing happens.

The chooser is fixed by seating: ``pending_player`` is the seat on the left during the active player's
turn, and a pick from any other seat is refused (ILL-ADV-1, engine/dominion/decisions.py).
"""

from ..effects import answer, ask, choices
from ..zones import discard, emit, left_of, reveal

NAME = "Advisor"


def reveal_three(st, f):
    st.actions += 1
    f["cards"] = reveal(st, f["seat"], 3)  # set aside with this effect (D-SHUF-3)
    if f["cards"]:
        ask(st, "advisor", left_of(st, f["seat"]), cards=f["cards"][:], player=f["seat"])


def discard_the_pick(st, f):
    pick = answer(f)
    cards = f.pop("cards")
    if pick is None:
        return
    card = pick["card"]
    cards.remove(card)
    emit(st, {"t": "advisor_pick", "seat": left_of(st, f["seat"]), "card": card, "player": f["seat"]})
    discard(st, f["seat"], [card])
    if cards:
        st.seats[f["seat"]].hand.extend(cards)
        emit(st, {"t": "to_hand", "seat": f["seat"], "cards": cards})


PLAY = (reveal_three, discard_the_pick)


def options(st, prompt):
    return choices(prompt["cards"])


def refuse(st, prompt, decision):
    if decision["type"] == "choose":
        return "ILL-ADV-2", "not_revealed", {"card": decision["card"]}
    return None


def bot_pick(st, seat, prompt, options, policy):
    """The chooser discards what would help the active player most (design §2: the highest $ value)."""
    player = prompt["player"]
    return max(options, key=lambda o: policy.gain_value(st, player, o["card"]))


PROMPTS = {"advisor": options}
REFUSALS = {"advisor": refuse}
BOT = {"advisor": bot_pick}
