"""Weaver (reference §6.6, AMB-05): between your hand and your own guildhall.

T0: place 1 card from hand. T2: place exactly 2 and take back exactly 1 face-up card. T4: place any
number (0 or more) and take back exactly 2. T2 and T4 are exchanges judged on the result (R5.5), so a
red Farmer may go in while the red Farmer already there comes back.
"""

from ..cards import IDENTITY
from ..zones import complete_chapters, emit, place
from . import Ability, picks, select_options


def _free_identities(hand, hall, leaving=()):
    """Identities in hand that could be face up after the cards ``leaving`` have left the hall."""
    gone = {IDENTITY[c] for c in leaving}
    return {IDENTITY[c] for c in hand if IDENTITY[c] not in hall or IDENTITY[c] in gone}


class Weaver(Ability):
    key = "weaver"
    thresholds = (0, 2, 4)

    def _t2_backs(self, hand, hall):
        return [b for b in hall.values() if len(_free_identities(hand, hall, (b,))) >= 2]

    def tiers(self, st, seat, level):
        player = st.players[seat]
        tiers = []
        if _free_identities(player.hand, player.hall):
            tiers.append(0)
        if level >= 2 and self._t2_backs(player.hand, player.hall):
            tiers.append(2)
        if level >= 4 and len(player.hall) >= 2:
            tiers.append(4)
        return tiers

    def step(self, st, ctx):
        player, tier = st.players[ctx["seat"]], ctx["tier"]
        hand, hall = player.hand, player.hall
        backs, placed = picks(ctx, "back"), picks(ctx, "place")
        if tier == 0:
            if placed:
                return None
            return ("place", select_options(sorted(c for c in hand if IDENTITY[c] not in hall)), False)
        wanted_backs = 1 if tier == 2 else 2
        if len(backs) < wanted_backs:
            options = self._t2_backs(hand, hall) if tier == 2 else [b for b in hall.values() if b not in backs]
            return ("back", select_options(sorted(options)), False)
        if ctx.get("done") or (tier == 2 and len(placed) == 2):
            return None
        free = _free_identities(hand, hall, backs) - {IDENTITY[c] for c in placed}
        options = sorted(c for c in hand if IDENTITY[c] in free and c not in placed)
        if tier == 4 and not options:
            return None
        return ("place", select_options(options), tier == 4)

    def pick(self, st, ctx, phase, decision):
        super().pick(st, ctx, phase, decision)
        if ctx["tier"] == 0:  # a placement: the card arrives at once
            card = decision["card"]
            st.players[ctx["seat"]].take_from_hand(card)
            emit(st, {"t": "weave", "seat": ctx["seat"], "placed": [card], "took": []})
            place(st, ctx["seat"], card)

    def resolve(self, st, ctx):
        if ctx["tier"] == 0:
            return
        seat = ctx["seat"]
        player = st.players[seat]
        backs, placed = picks(ctx, "back"), picks(ctx, "place")
        for c in backs:
            del player.hall[IDENTITY[c]]
        for c in placed:
            player.take_from_hand(c)
            assert IDENTITY[c] not in player.hall, "R7.1 duplicate"
            player.hall[IDENTITY[c]] = c
        player.hand.extend(backs)
        player.known.update(backs)  # taken back face up: everyone knows they are in this hand (Y5)
        emit(st, {"t": "weave", "seat": seat, "placed": list(placed), "took": list(backs)})
        complete_chapters(st, seat)


ABILITY = Weaver()
