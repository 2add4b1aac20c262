"""Farmer (reference §6.2): T1 gains 1 VP token, T3 gains 2. In Yucata mode the highest tier applies
by itself (Y3)."""

from ..zones import emit
from . import Ability


class Farmer(Ability):
    key = "farmer"
    thresholds = (1, 3)
    automatic_in_yucata = True

    def tiers(self, st, seat, level):
        return [t for t in self.thresholds if t <= level]

    def resolve(self, st, ctx):
        gained = 1 if ctx["tier"] == 1 else 2
        st.players[ctx["seat"]].tokens += gained
        emit(st, {"t": "tokens", "seat": ctx["seat"], "count": gained})


ABILITY = Farmer()
