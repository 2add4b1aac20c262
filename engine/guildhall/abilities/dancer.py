"""Dancer (reference §6.5, AMB-06): draw N cards, then +1 action. A lower level draws fewer cards
("as if you had fewer professionals") and still gives the action; declining gives neither."""

from ..zones import draw, emit
from . import Ability


class Dancer(Ability):
    key = "dancer"

    def tiers(self, st, seat, level):
        return list(range(level + 1))  # tier k = draw k cards

    def resolve(self, st, ctx):
        draw(st, ctx["seat"], ctx["tier"])
        st.actions += 1
        emit(st, {"t": "actions", "seat": ctx["seat"], "count": 1})


ABILITY = Dancer()
