"""Baker — $5, Action (G-BAKER-1, G-BAKER-2).

+1 Card, +1 Action, +1 Coin token. Setup: if Baker is in the kingdom, every player starts with one
Coin token (D-SETUP-5).
"""

from ..effects import plus

NAME = "Baker"


def play(st, f):
    plus(st, f["seat"], cards=1, actions=1, tokens=1)


PLAY = (play,)


def setup(st):
    for seat in st.seats:
        seat.tokens += 1
