"""``sample(state, seat, rng)``: a full state consistent with what ``seat`` has seen, for a fair search
bot and the analysis of a game: every card hidden from the seat is dealt again, and the seed is
replaced, so later reshuffles follow ``rng`` instead of the real seed.

Every card a player owns is public (starting decks, gains and trashes are all public), so each player's
hidden cards are re-dealt among that player's own hidden places: another player's hand, a deck below the
top cards the seat knows (its own known top cards, everyone's revealed ones), a discard pile below its
top. A Doctor's look in progress shows the new top card.
"""

from .state import Seat


def sample(st, seat, rng):
    other = permute_hidden(st.clone(with_events=False), seat, rng)
    other.events = [[]]
    other.seed = f"{rng.getrandbits(128):032x}"
    return other


def _redeal(s: Seat, own, searching, rng):
    """``searching``: the seat is picking from its own discard pile (a Herald's overpay), which it sees."""
    keep_top = s.known if own else s.shown
    deck_hidden = len(s.deck) - keep_top
    pile_hidden = 0 if searching else max(0, len(s.discard) - 1)
    hand_hidden = 0 if own else len(s.hand)
    pool = s.deck[:deck_hidden] + s.discard[:pile_hidden] + (s.hand if hand_hidden else [])
    if len(pool) < 2:
        return
    rng.shuffle(pool)
    s.deck[:deck_hidden] = pool[:deck_hidden]
    s.discard[:pile_hidden] = pool[deck_hidden:deck_hidden + pile_hidden]
    if hand_hidden:
        s.hand = pool[deck_hidden + pile_hidden:]


def permute_hidden(st, viewer, rng):
    """A copy of ``st`` in which every card hidden from ``viewer`` (None: a spectator) moved to another of
    its owner's hidden places (D-HID-5): what each player owns stays the same, as it is public. The
    viewer must not be able to tell the two apart (the redaction check of the protocol's tests)."""
    other = st.clone()
    if other.phase == "over":
        return other  # everything is shown once the game is over
    prompt = other.prompt
    searching = prompt is not None and prompt["kind"] == "herald_overpay" and prompt["seat"] == viewer
    for seat, s in enumerate(other.seats):
        _redeal(s, seat == viewer, searching and seat == viewer, rng)
    if prompt is not None and prompt["kind"] == "doctor_overpay" and prompt["seat"] != viewer:
        other.prompt = {**prompt, "card": other.seats[prompt["seat"]].deck[-1]}
    return other
