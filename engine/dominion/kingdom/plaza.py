"""Plaza — $4, Action (G-PLAZA-1, G-PLAZA-2, DEC-PLAZA).

+1 Card, +2 Actions. You may discard a Treasure (the card just drawn included); if you do, +1 Coin
token. The discard is optional and public; a non-Treasure is refused (ILL-PLAZA-1).
"""

from ..cards import TREASURES
from ..effects import answer, ask, choices, plus
from ..zones import discard_from_hand, take_tokens

NAME = "Plaza"


def draw_then_ask(st, f):
    plus(st, f["seat"], cards=1, actions=2)
    ask(st, "plaza", f["seat"])


def discard_a_treasure(st, f):
    decision = answer(f)
    if decision is None or decision["type"] == "decline":
        return
    discard_from_hand(st, f["seat"], decision["card"])
    take_tokens(st, f["seat"], 1)


PLAY = (draw_then_ask, discard_a_treasure)


def options(st, prompt):
    hand = st.seats[prompt["seat"]].hand
    return choices(c for c in hand if c in TREASURES) + [{"type": "decline"}]


def refuse(st, prompt, decision):
    if decision["type"] != "choose":
        return None
    if decision["card"] not in TREASURES:
        return "ILL-PLAZA-1", "plaza_not_treasure", {"card": decision["card"]}
    return "ILL-ACT-3", "not_in_hand", {"card": decision["card"]}


def bot_discard(st, seat, prompt, options, policy):
    """Discard the Treasure worth least to keep (a Copper), unless the policy keeps them all."""
    picks = [o for o in options if o["type"] == "choose" and policy.discard_for_token(st, seat, o["card"])]
    return min(picks, key=lambda o: policy.gain_value(st, seat, o["card"])) if picks else {"type": "decline"}


PROMPTS = {"plaza": options}
REFUSALS = {"plaza": refuse}
BOT = {"plaza": bot_discard}
