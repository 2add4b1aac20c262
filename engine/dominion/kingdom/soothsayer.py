"""Soothsayer — $5, Action–Attack (G-SOOTH-1..4).

Gain a Gold. Each other player, in turn order from the left, gains a Curse; each player who did draws a
card. A player who gained no Curse (the pile ran out) draws nothing (pydominion draws anyway: design
§1.4.1). The draw may shuffle the new Curse in; what is drawn is the victim's alone.
"""

from ..zones import draw, gain, others_in_turn_order

NAME = "Soothsayer"


def play(st, f):
    gain(st, f["seat"], "Gold")
    cursed = [other for other in others_in_turn_order(st, f["seat"]) if gain(st, other, "Curse")]
    for other in cursed:
        draw(st, other, 1)


PLAY = (play,)
