"""The abilities of the VP cards (reference §10). Each is optional and all-or-nothing in printed mode;
in Yucata mode the extra actions apply by themselves (Y3). A usable ability has the single tier 0,
offered as the decision ``use``."""

from ..cards import IDENTITY, identities_of, profession_index
from ..zones import complete_chapters, draw, emit, place
from . import Ability, chapter_options, exchange, others, picks, select_options, target_options


class VpAbility(Ability):
    is_vp = True


class TakeChapter(VpAbility):
    """VP2-Chapter: move one whole chapter of another player into your guildhall (R7.4)."""

    key = "VP2-Chapter"

    def _chapters(self, st, seat, target):
        mine = st.players[seat].hall
        theirs = st.players[target].hall
        return sorted(
            {i // 5 for i in theirs if not any(j in mine for j in identities_of(i // 5) if j in theirs)}
        )

    def _targets(self, st, seat):
        return [x for x in others(st, seat) if self._chapters(st, seat, x)]

    def tiers(self, st, seat, level):
        return [0] if self._targets(st, seat) else []

    def step(self, st, ctx):
        if ctx["target"] is None:
            return ("target", target_options(self._targets(st, ctx["seat"])), False)
        if not picks(ctx, "theirs"):
            return ("theirs", chapter_options(self._chapters(st, ctx["seat"], ctx["target"])), False)
        return None

    def pick(self, st, ctx, phase, decision):
        ctx["picks"].setdefault(phase, []).append(profession_index(decision["profession"]))

    def resolve(self, st, ctx):
        seat, target = ctx["seat"], ctx["target"]
        profession = picks(ctx, "theirs")[0]
        cards = st.players[target].chapter(profession)
        theirs, mine = st.players[target].hall, st.players[seat].hall
        for c in cards:  # the chapter arrives as one unit (R5.5)
            del theirs[IDENTITY[c]]
            mine[IDENTITY[c]] = c
        emit(st, {"t": "take_chapter", "seat": seat, "target": target, "cards": cards})
        complete_chapters(st, seat, (profession,))


class DrawSix(VpAbility):
    key = "VP3-Draw6"

    def tiers(self, st, seat, level):
        return [0]

    def resolve(self, st, ctx):
        draw(st, ctx["seat"], 6)


class SwapOneForTwo(VpAbility):
    """VP3-Swap1for2: give 1 face-up card, take 2 of one other player's (an exchange, R5.5)."""

    key = "VP3-Swap1for2"

    def _targets(self, st, seat):
        mine = st.players[seat].hall
        return [x for x in others(st, seat) if mine and exchange.feasible(mine, st.players[x].hall, 1, 2)]

    def tiers(self, st, seat, level):
        return [0] if self._targets(st, seat) else []

    def step(self, st, ctx):
        if ctx["target"] is None:
            return ("target", target_options(self._targets(st, ctx["seat"])), False)
        mine, theirs = st.players[ctx["seat"]].hall, st.players[ctx["target"]].hall
        return exchange.step(mine, theirs, ctx, 1, 2)

    def resolve(self, st, ctx):
        seat, target = ctx["seat"], ctx["target"]
        given, taken = picks(ctx, "give"), picks(ctx, "take")
        exchange.swap(st, seat, target, given, taken)
        emit(st, {"t": "trade", "seat": seat, "target": target, "gave": list(given), "took": list(taken)})
        complete_chapters(st, target)
        complete_chapters(st, seat)


class PlaceFromHand(VpAbility):
    """VP3-PlaceHand: any number of hand cards into the guildhall, one by one (a placement)."""

    key = "VP3-PlaceHand"

    def _placeable(self, player):
        return sorted(c for c in player.hand if IDENTITY[c] not in player.hall)

    def tiers(self, st, seat, level):
        return [0] if self._placeable(st.players[seat]) else []

    def step(self, st, ctx):
        options = self._placeable(st.players[ctx["seat"]])
        if ctx.get("done") or not options:
            return None
        return ("place", select_options(options), True)

    def pick(self, st, ctx, phase, decision):
        card = decision["card"]
        st.players[ctx["seat"]].take_from_hand(card)
        emit(st, {"t": "weave", "seat": ctx["seat"], "placed": [card], "took": []})
        place(st, ctx["seat"], card)

    def resolve(self, st, ctx):
        if ctx.get("done"):
            emit(st, {"t": "stop_placing", "seat": ctx["seat"]})


class StealCard(VpAbility):
    """VP4-StealCard: move 1 face-up card of one other player into your guildhall."""

    key = "VP4-StealCard"

    def _cards(self, st, seat, target):
        mine = st.players[seat].hall
        return sorted(c for i, c in st.players[target].hall.items() if i not in mine)

    def _targets(self, st, seat):
        return [x for x in others(st, seat) if self._cards(st, seat, x)]

    def tiers(self, st, seat, level):
        return [0] if self._targets(st, seat) else []

    def step(self, st, ctx):
        if ctx["target"] is None:
            return ("target", target_options(self._targets(st, ctx["seat"])), False)
        if picks(ctx, "take"):
            return None
        return ("take", select_options(self._cards(st, ctx["seat"], ctx["target"])), False)

    def pick(self, st, ctx, phase, decision):
        super().pick(st, ctx, phase, decision)
        card = decision["card"]
        del st.players[ctx["target"]].hall[IDENTITY[card]]
        emit(st, {"t": "steal", "seat": ctx["seat"], "target": ctx["target"], "card": card})
        place(st, ctx["seat"], card)


class ExtraActions(VpAbility):
    automatic_in_yucata = True

    def __init__(self, key, count):
        self.key = key
        self.count = count

    def tiers(self, st, seat, level):
        return [0]

    def resolve(self, st, ctx):
        st.actions += self.count
        emit(st, {"t": "actions", "seat": ctx["seat"], "count": self.count})


ABILITIES = {
    a.key: a
    for a in (
        TakeChapter(),
        DrawSix(),
        SwapOneForTwo(),
        PlaceFromHand(),
        StealCard(),
        ExtraActions("VP4-Action", 1),
        ExtraActions("VP7-2Actions", 2),
    )
}
