"""Trader (reference §6.4, AMB-09, AMB-10): exchange face-up cards with exactly one other player.

T0: give 1, take 1. T2: give 2, take 2, one simultaneous exchange. T4: swap one whole chapter of yours
for one whole chapter of theirs. Judged on the result (R5.5): identical swaps are fine, and no
guildhall may end with a duplicate. Completion is checked in both guildhalls.
"""

from ..cards import identities_of, profession_index
from ..zones import complete_chapters, emit
from . import Ability, chapter_options, exchange, others, picks, target_options

_COUNTS = {0: 1, 2: 2}


def _chapter_swaps(mine, theirs):
    """(my profession, their profession) pairs that can be swapped whole (R7.4 on both sides)."""
    my_professions = {i // 5 for i in mine}
    their_professions = {i // 5 for i in theirs}
    pairs = []
    for p in sorted(my_professions):
        for q in sorted(their_professions):
            if p == q or (
                not any(i in mine for i in identities_of(q) if i in theirs)
                and not any(i in theirs for i in identities_of(p) if i in mine)
            ):
                pairs.append((p, q))
    return pairs


class Trader(Ability):
    key = "trader"
    thresholds = (0, 2, 4)

    def _possible(self, st, seat, target, tier):
        mine, theirs = st.players[seat].hall, st.players[target].hall
        if not mine or not theirs:
            return False
        if tier == 4:
            return bool(_chapter_swaps(mine, theirs))
        return exchange.feasible(mine, theirs, _COUNTS[tier], _COUNTS[tier])

    def _targets(self, st, seat, tier):
        return [x for x in others(st, seat) if self._possible(st, seat, x, tier)]

    def tiers(self, st, seat, level):
        return [t for t in self.thresholds if t <= level and self._targets(st, seat, t)]

    def step(self, st, ctx):
        seat, tier, target = ctx["seat"], ctx["tier"], ctx["target"]
        if target is None:
            return ("target", target_options(self._targets(st, seat, tier)), False)
        mine, theirs = st.players[seat].hall, st.players[target].hall
        if tier != 4:
            return exchange.step(mine, theirs, ctx, _COUNTS[tier], _COUNTS[tier])
        pairs = _chapter_swaps(mine, theirs)
        chosen = picks(ctx, "mine")
        if not chosen:
            return ("mine", chapter_options(sorted({p for p, _ in pairs})), False)
        if not picks(ctx, "theirs"):
            return ("theirs", chapter_options([q for p, q in pairs if p == chosen[0]]), False)
        return None

    def pick(self, st, ctx, phase, decision):
        if decision["type"] == "chapter":
            ctx["picks"].setdefault(phase, []).append(profession_index(decision["profession"]))
        else:
            super().pick(st, ctx, phase, decision)

    def resolve(self, st, ctx):
        seat, target = ctx["seat"], ctx["target"]
        if ctx["tier"] == 4:
            given = st.players[seat].chapter(picks(ctx, "mine")[0])
            taken = st.players[target].chapter(picks(ctx, "theirs")[0])
        else:
            given, taken = picks(ctx, "give"), picks(ctx, "take")
        exchange.swap(st, seat, target, given, taken)
        emit(st, {"t": "trade", "seat": seat, "target": target, "gave": list(given), "took": list(taken)})
        complete_chapters(st, target)  # pushed first, so the active player's own limit is settled first
        complete_chapters(st, seat)


ABILITY = Trader()
