"""Moving cards: drawing and revealing with the mid-effect reshuffle (D-SHUF-1..3, D-DRAW-1), gaining
(D-GAIN-1), trashing (D-TRASH-1), discarding (D-DISC-1) and putting cards on a deck.

Every move emits the event the log in words tells (engine/dominion/text.py); an event's private part
(the cards drawn, the order put back) is redacted there per viewer.
"""

from ..rng import shuffle


def emit(st, event):
    st.events[-1].append(event)


def refill(st, seat):
    """D-SHUF-1, D-SHUF-2: only when a card is needed and the deck is empty, the whole discard pile is
    shuffled into a new deck. Cards drawn, revealed or set aside are not in the pile (D-SHUF-3)."""
    s = st.seats[seat]
    if s.deck or not s.discard:
        return bool(s.deck)
    s.deck, s.discard = s.discard, []
    shuffle(s.deck, st.seed, st.shuffles)
    st.shuffles += 1
    s.known = s.shown = 0
    emit(st, {"t": "shuffle", "seat": seat, "count": len(s.deck)})  # D-SHUF-4: the count, not the order
    return True


def take_top(st, seat):
    """The top card of the deck, taken off it (None once deck and discard pile are both empty)."""
    s = st.seats[seat]
    if not s.deck and not refill(st, seat):
        return None
    if s.known:
        s.known -= 1
        if s.shown:
            s.shown -= 1
    return s.deck.pop()


def peek(st, seat):
    """The top card of the deck, left there (shuffling first if the deck is empty)."""
    s = st.seats[seat]
    if not s.deck and not refill(st, seat):
        return None
    return s.deck[-1]


def draw(st, seat, count):
    """D-DRAW-1: one card at a time into the hand; fewer if deck and discard pile run out. The cards
    drawn before a reshuffle are told before it (the event's cards are the owner's alone)."""
    s = st.seats[seat]
    drawn = []
    batch = []
    for _ in range(count):
        if not s.deck and batch:
            emit(st, {"t": "draw", "seat": seat, "count": len(batch), "cards": batch})
            batch = []
        card = take_top(st, seat)
        if card is None:
            break
        drawn.append(card)
        batch.append(card)
    s.hand.extend(drawn)
    if batch or (count and not drawn):
        emit(st, {"t": "draw", "seat": seat, "count": len(batch), "cards": batch})
    return drawn


def reveal(st, seat, count, counts=None):
    """Reveal cards from the top (D-REV-1) until ``count`` of them satisfy ``counts`` (all do by
    default), or cards run out: they leave the deck and are set aside with the effect that revealed
    them, public. Returns every card revealed, in order."""
    s = st.seats[seat]
    cards = []
    batch = []
    found = 0
    while found < count:
        if not s.deck and batch:
            emit(st, {"t": "reveal", "seat": seat, "cards": batch})
            batch = []
        card = take_top(st, seat)
        if card is None:
            break
        cards.append(card)
        batch.append(card)
        if counts is None or counts(card):
            found += 1
    if batch:
        emit(st, {"t": "reveal", "seat": seat, "cards": batch})
    return cards


def gain(st, seat, card, to="discard", bought=False):
    """D-GAIN-1: from the Supply to the discard pile (or the deck); nothing from an empty pile."""
    if not bought:
        if not st.supply.get(card):
            return False
        st.supply[card] -= 1
    s = st.seats[seat]
    if to == "deck":
        put_on_deck(st, seat, card, public=True)
    else:
        s.discard.append(card)
    if st.phase == "buy" and seat == st.active:
        st.gained += 1  # Merchant Guild's errata counts the gains of the Buy phase
    emit(st, {"t": "gain", "seat": seat, "card": card, "to": to, "bought": bought})
    return True


def trash(st, seat, cards, source):
    st.trash.extend(cards)
    emit(st, {"t": "trash", "seat": seat, "cards": list(cards), "from": source})


def trash_from_hand(st, seat, card):
    st.seats[seat].hand.remove(card)
    trash(st, seat, [card], "hand")


def discard(st, seat, cards):
    """D-DISC-1: one at a time, the last ends on top; public."""
    st.seats[seat].discard.extend(cards)
    emit(st, {"t": "discard", "seat": seat, "cards": list(cards)})


def discard_from_hand(st, seat, card):
    st.seats[seat].hand.remove(card)
    discard(st, seat, [card])


def put_on_deck(st, seat, card, public):
    """A card goes on top of the deck; the owner knows it, everyone does if it was ``public``."""
    s = st.seats[seat]
    s.deck.append(card)
    s.known += 1
    s.shown = s.shown + 1 if public else 0


def take_tokens(st, seat, count):
    """G-COF-1: from the unlimited bank; public."""
    st.seats[seat].tokens += count
    emit(st, {"t": "tokens", "seat": seat, "count": count})


def left_of(st, seat):
    return (seat + 1) % st.num_players


def others_in_turn_order(st, seat):
    """D-ORDER-1, D-ATK-1: every other player, starting with the one on the left."""
    return [(seat + i) % st.num_players for i in range(1, st.num_players)]
