"""What must hold after every decision (the self-play harness, engine/selfplay.py, calls
``check_invariants``; so do the tests): every card of the game is somewhere exactly once, counts are
never negative, and what a player knows of a deck's top is within the deck."""

from .cards import STARTING_DECK, setup_supply


def card_count(st):
    """Every card of the game: the Supply, the Trash, every zone, and the cards effects hold aside."""
    count = sum(st.supply.values()) + len(st.trash)
    for s in st.seats:
        count += len(s.hand) + len(s.deck) + len(s.discard) + len(s.in_play)
    for frame in st.stack:
        for key in ("cards", "rest"):
            if isinstance(frame.get(key), list):
                count += len(frame[key])
        if frame["fx"] == "buy" and 1 <= frame["step"] <= 2:
            count += 1  # the card being bought, off its pile until gained (D-BUY-2)
    return count


def check_invariants(st, expected=None):
    """AssertionError naming what is wrong. ``expected``: the number of cards (default: a game set up by
    ``new_game``: the Supply's setup and ten cards per player)."""
    if expected is None:
        expected = sum(setup_supply(st.num_players, st.kingdom).values()) + len(STARTING_DECK) * st.num_players
    count = card_count(st)
    assert count == expected, f"{count} cards in the game, {expected} expected"
    for seat, s in enumerate(st.seats):
        assert 0 <= s.shown <= s.known <= len(s.deck), f"seat {seat}: known top {s.known}/{s.shown} of {len(s.deck)}"
        assert s.tokens >= 0, f"seat {seat} holds {s.tokens} tokens"
    assert min(st.supply.values()) >= 0 and min(st.coins, st.actions, st.buys) >= 0, "a negative count"
    assert (st.prompt is None) == (st.phase == "over"), "a question is pending exactly while the game goes on"
    assert len(st.events) == st.seq + 1 or not st.events, "one list of events per log entry"
