"""Moving cards between zones, with the checks every move shares: draws and reshuffles (R13),
completion of chapters (R8.1) and the limit of three completed chapters (R8.4, Y1)."""

from ..rng import shuffle
from .cards import IDENTITY, MAX_COMPLETED, PROFESSION_OF, identities_of


def emit(st, event):
    """Record an event of the decision being applied (the log in words is made from these)."""
    st.events[-1].append(event)


def reveal(st):
    """Hidden information came to light: undo may not go back past this decision (rules: undo)."""
    st.revealed = True


def draw(st, seat, count):
    """Draw ``count`` cards into ``seat``'s hand. An empty deck is refilled by shuffling the discard
    pile (R13.1); with both empty the rest of the draw is lost (R13.2, AMB-16)."""
    hand = st.players[seat].hand
    drawn = []
    for _ in range(count):
        if not st.deck:
            if not st.discard:
                break
            st.deck, st.discard = st.discard, []
            shuffle(st.deck, st.seed, st.shuffles)
            st.shuffles += 1
            emit(st, {"t": "shuffle", "count": len(st.deck)})
        drawn.append(st.deck.pop())
    if drawn:
        hand.extend(drawn)
        reveal(st)
    emit(st, {"t": "draw", "seat": seat, "count": len(drawn), "cards": drawn})
    return drawn


def draw_up_to(st, seat, size):
    missing = size - len(st.players[seat].hand)
    if missing > 0:
        draw(st, seat, missing)


def to_discard(st, cards):
    """Cards go on the discard pile in the given order: the last one ends on top."""
    st.discard.extend(cards)


def can_place(player, card):
    """R7.3: a card may enter a guildhall only if no identical card is face up there."""
    return IDENTITY[card] not in player.hall


def place(st, seat, card):
    """A placement (R5.5): one card arrives, then the completion check runs at once."""
    player = st.players[seat]
    assert IDENTITY[card] not in player.hall, "R7.1 duplicate"
    player.hall[IDENTITY[card]] = card
    complete_chapters(st, seat, (PROFESSION_OF[card],))


def complete_chapters(st, seat, professions=range(6)):
    """R8.1: all five colours of a profession face up become a completed chapter at once."""
    player = st.players[seat]
    hall = player.hall
    for profession in professions:
        identities = identities_of(profession)
        if all(i in hall for i in identities):
            player.completed.append([hall.pop(i) for i in identities])
            emit(st, {"t": "complete", "seat": seat, "profession": profession})
            _enforce_limit(st, seat)


def sheds_at_turn_start(st):
    """Whether a player who passes three completed chapters on another player's turn sheds them only
    when their own next turn starts: Yucata mode (Y1, AMB-13), and from rules version 3 both modes, so
    that no question is ever put to a player who is not the one to move (docs/rules.md, "Questions out
    of turn")."""
    return st.mode == "yucata" or st.rules_since("3")


def _enforce_limit(st, seat):
    """R8.4: a fourth completed chapter is discarded at once, by its owner, even on another player's
    turn; deferred to the owner's next turn where ``sheds_at_turn_start``, unless the owner is active."""
    if len(st.players[seat].completed) <= MAX_COMPLETED:
        return
    if seat != st.active and sheds_at_turn_start(st):
        return
    if any(p["kind"] == "shed_chapters" and p["seat"] == seat for p in st.stack):
        return
    st.stack.append({"kind": "shed_chapters", "seat": seat})


def discard_completed(st, seat, top_card, order=None):
    """Discard the completed chapter holding ``top_card``, that card landing on top (R8.4, R9.1); the
    cards ``order`` names (top first, ``top_card`` the first) lie beneath it in that order, the rest in
    the default order. Returns the chapter."""
    player = st.players[seat]
    for index, chapter in enumerate(player.completed):
        if top_card in chapter:
            del player.completed[index]
            to_discard(st, in_pile_order(order or [top_card], chapter_top_first(chapter, top_card)))
            return chapter
    raise AssertionError("no such completed chapter")


def chapter_top_first(chapter, top):
    """A discarded chapter's default order, top first: the named card, then the others in reverse colour
    order (so that, bottom first, they lie in colour order under it)."""
    return [top] + [c for c in reversed(chapter) if c != top]


def in_pile_order(chosen, default_top_first):
    """Cards put on the pile together, bottom first (as ``to_discard`` takes them): the ``chosen`` ones on
    top, top first, and the others beneath in their default order."""
    rest = [c for c in default_top_first if c not in chosen]
    return (list(chosen) + rest)[::-1]
