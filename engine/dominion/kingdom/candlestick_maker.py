"""Candlestick Maker — $2, Action (G-CSM-1).

+1 Action, +1 Buy, +1 Coin token.
"""

from ..effects import plus

NAME = "Candlestick Maker"


def play(st, f):
    plus(st, f["seat"], actions=1, buys=1, tokens=1)


PLAY = (play,)
