"""Assassin (reference §6.1, AMB-08): discard face-up cards from exactly one other player's guildhall.

T0: 1 card. T2: 2 cards from two different chapters. T4: 2 cards from any chapters. The cards go on the
discard pile in the order chosen, the last one on top (AMB-17).
"""

from ..cards import PROFESSION_OF
from ..zones import emit, to_discard
from . import Ability, others, picks, select_options, target_options


class Assassin(Ability):
    key = "assassin"
    thresholds = (0, 2, 4)

    def _can_target(self, st, target, tier):
        hall = st.players[target].hall
        if tier == 0:
            return len(hall) >= 1
        if tier == 2:
            return len({identity // 5 for identity in hall}) >= 2
        return len(hall) >= 2

    def _targets(self, st, seat, tier):
        return [x for x in others(st, seat) if self._can_target(st, x, tier)]

    def tiers(self, st, seat, level):
        return [t for t in self.thresholds if t <= level and self._targets(st, seat, t)]

    def step(self, st, ctx):
        if ctx["target"] is None:
            return ("target", target_options(self._targets(st, ctx["seat"], ctx["tier"])), False)
        chosen = picks(ctx, "discard")
        if len(chosen) == (1 if ctx["tier"] == 0 else 2):
            return None
        options = [c for c in st.players[ctx["target"]].hall.values() if c not in chosen]
        if ctx["tier"] == 2 and chosen:
            options = [c for c in options if PROFESSION_OF[c] != PROFESSION_OF[chosen[0]]]
        return ("discard", select_options(sorted(options)), False)

    def resolve(self, st, ctx):
        from ..cards import IDENTITY

        victims = picks(ctx, "discard")
        hall = st.players[ctx["target"]].hall
        for c in victims:
            del hall[IDENTITY[c]]
        to_discard(st, victims)
        emit(st, {"t": "assassinate", "seat": ctx["seat"], "target": ctx["target"], "cards": list(victims)})


ABILITY = Assassin()
