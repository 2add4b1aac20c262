"""Merchant Guild — $5, Action (G-MG-1..3).

+1 Buy, +$1. 2013 text (G-MG-2): while this is in play, each card its owner buys gives one Coin
token; two in play give two. Gains that are not buys, overpay gains included, give nothing, and the
tokens come after the first buy, so they wait for a later turn (G-COF-5).

The later errata (D-ED-2, the "2022" edition): at the end of this turn's Buy phase, +1 Coffers per card
gained during that Buy phase, for each Merchant Guild played (overpay gains count).
"""

from ..effects import plus
from ..zones import take_tokens

NAME = "Merchant Guild"


def play(st, f):
    plus(st, f["seat"], buys=1, coins=1)


PLAY = (play,)


def when_buying(st, seat):
    """D-BUY-1 step 2, before any overpay effect (D-ORDER-2, AMB-D-04): the 2013 tokens."""
    if st.rules["merchant_guild_errata"]:
        return
    count = st.seats[seat].in_play.count(NAME)
    if count:
        take_tokens(st, seat, count)


def end_of_buy_phase(st, seat):
    """The errata's tokens: one per card gained in the Buy phase, per Merchant Guild in play."""
    if not st.rules["merchant_guild_errata"]:
        return
    count = st.seats[seat].in_play.count(NAME) * st.gained
    if count:
        take_tokens(st, seat, count)
