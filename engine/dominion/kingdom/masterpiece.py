"""Masterpiece — $3+, Treasure (G-MASTERPIECE-1..3).

+$1 when played (its value is in engine/dominion/cards.py). Overpay k (when bought): gain a Silver per $1
overpaid, what is left of them if the pile runs out; under 2013 rules before the Masterpiece is gained,
so the Masterpiece ends on top of the discard pile.
"""

from ..zones import gain

NAME = "Masterpiece"


def silvers(st, f):
    for _ in range(f["k"]):
        if not gain(st, f["seat"], "Silver"):
            break


OVERPAY = (silvers,)
