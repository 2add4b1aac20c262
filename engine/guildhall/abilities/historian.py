"""Historian (reference §6.3, AMB-11): cards from the discard pile into your own guildhall.

T0: the top card. T2: search the pile and place 1 card. T4: search and place 2. Placements arrive one
by one with a completion check after each (R5.5), so the second card may be a twin of the first if the
first completed its chapter. The cards left keep their order (EN §Discard Pile).

When the first card of T4 completes a fourth chapter, a chapter is discarded at once (R8.4), before the
second card is chosen, and the second card is chosen from the pile as it then is, those five cards
included. From rules version 2 the tier is offered on that reading too, even when the pile held no
other card (version 1 refused it then; docs/rules.md). From rules version 4 the second card is never the
first: T4 places exactly 2 cards, and the first is back on the pile when its own chapter was the one
discarded (versions 1 to 3 offered it again, so that one card arrived twice).
"""

from ..cards import IDENTITY, MAX_COMPLETED, identities_of
from ..zones import emit, place, reveal
from . import Ability, picks, select_options


def _placeable(pile, hall):
    return [c for c in pile if IDENTITY[c] not in hall]


def _completes_chapter(hall, card):
    identity = IDENTITY[card]
    return all(i in hall or i == identity for i in identities_of(identity // 5))


def _forces_a_discard(player, card):
    """Would ``card`` complete a chapter beyond the third? The owner then discards one at once (R8.4),
    which puts five cards on the pile, at least one of which can always follow: a chapter on the pile
    has a colour that is not face up in the guildhall (five face up would have completed it)."""
    return len(player.completed) >= MAX_COMPLETED and _completes_chapter(player.hall, card)


def _second_exists(pile, hall, first):
    """After ``first`` arrives (and perhaps completes its chapter), can another card follow?"""
    identity = IDENTITY[first]
    after = set(hall)
    after.add(identity)
    chapter = identities_of(identity // 5)
    if all(i in after for i in chapter):
        after.difference_update(chapter)
    return any(IDENTITY[c] not in after for c in pile if c != first)


class Historian(Ability):
    key = "historian"
    thresholds = (0, 2, 4)

    def _first_choices(self, st, seat, tier):
        pile, player = st.discard, st.players[seat]
        cards = _placeable(pile, player.hall)
        if tier == 4:
            sheds_count = st.rules_since("2")
            cards = [
                c for c in cards
                if _second_exists(pile, player.hall, c) or sheds_count and _forces_a_discard(player, c)
            ]
        return cards

    def tiers(self, st, seat, level):
        pile, hall = st.discard, st.players[seat].hall
        if not pile:
            return []
        tiers = []
        if IDENTITY[pile[-1]] not in hall:
            tiers.append(0)
        if level >= 2 and _placeable(pile, hall):
            tiers.append(2)
        if level >= 4 and self._first_choices(st, seat, 4):
            tiers.append(4)
        return tiers

    def searching(self, st, ctx):
        """The search of the pile (T2/T4) as its searcher sees it: every card of the pile, top first,
        each with why it cannot be taken now, or None (reference §6.3, R14): ``"taken"``, it is the
        search's own first card, back on the pile with a discarded chapter (rules version 4), or
        ``"duplicate"``, a twin of a face-up card of the guildhall. No other card is ever refused: a card
        that could arrive but leave no second card would mean that every other placeable card is its
        twin, and then no card at all could start T4, which would not have been offered."""
        step = self.step(st, ctx)
        offered = {o["card"] for o in step[1]} if step else set()
        taken = set(picks(ctx, "take"))
        return [
            (card, None if card in offered else "taken" if card in taken else "duplicate")
            for card in reversed(st.discard)
        ]

    def tiers_reveal(self, st, seat, level):
        """Whether T2/T4 can be carried out depends on the hidden part of the pile, so offering them is
        itself a look below the top (R14): undo may not go back past it."""
        return level >= 2 and len(st.discard) > 1

    def start(self, st, ctx):
        if ctx["tier"] > 0:
            reveal(st)  # the player looks through the pile (hidden below its top)

    def step(self, st, ctx):
        taken = picks(ctx, "take")
        wanted = {0: 0, 2: 1, 4: 2}[ctx["tier"]]
        if len(taken) == wanted:
            return None
        hall = st.players[ctx["seat"]].hall
        if not taken:
            options = self._first_choices(st, ctx["seat"], ctx["tier"])
        else:
            options = _placeable(st.discard, hall)
            if st.rules_since("4"):
                options = [c for c in options if c not in taken]  # two cards, not one card twice
        return ("take", select_options(options), False)

    def pick(self, st, ctx, phase, decision):
        super().pick(st, ctx, phase, decision)
        card = decision["card"]
        st.discard.remove(card)
        emit(st, {"t": "historian", "seat": ctx["seat"], "card": card})
        place(st, ctx["seat"], card)

    def resolve(self, st, ctx):
        if ctx["tier"] == 0:
            card = st.discard.pop()
            if st.discard:
                reveal(st)  # the card beneath is uncovered
            emit(st, {"t": "historian", "seat": ctx["seat"], "card": card})
            place(st, ctx["seat"], card)


ABILITY = Historian()
