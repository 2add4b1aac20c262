"""Shuffling and drawing (D-SHUF-1..4, D-DRAW-1): only when a card is needed, the whole discard pile, in
the middle of an effect; with deck and discard both empty the draw stops."""

from .helpers import do, dump, me, table


def test_draw_reshuffles_in_the_middle():
    """Cleanup draws 5 with 2 in the deck: those 2 first, then the discard pile shuffled, then 3 more."""
    st = table(hand=[], phase="buy", deck=["Gold", "Gold"], discard=["Silver", "Silver", "Silver", "Silver"],
               in_play=["Copper"])
    events = do(st, "end_turn")
    s = me(st)
    assert s["hand"].count("Gold") == 2 and len(s["hand"]) == 5
    assert len(s["deck"]) == 2 and s["discard"] == []
    kinds = [e["t"] for e in events if e.get("seat") == 0 and e["t"] in ("draw", "shuffle")]
    assert kinds == ["draw", "shuffle", "draw"]
    shuffle = next(e for e in events if e["t"] == "shuffle")
    assert shuffle["count"] == 5  # the 4 Silvers and the Copper just discarded


def test_no_shuffle_while_the_deck_suffices():
    """D-SHUF-2: never early, not even with the deck emptied exactly."""
    st = table(hand=[], phase="buy", deck=["Gold"] * 5, discard=["Silver"] * 3)
    events = do(st, "end_turn")
    assert me(st)["deck"] == [] and me(st)["discard"] == ["Silver"] * 3
    assert not [e for e in events if e["t"] == "shuffle"]


def test_deck_and_discard_both_empty_draws_fewer():
    """D-SHUF-1: the player gets fewer cards and nothing else happens."""
    st = table(hand=["Herald"], deck=[], discard=[], cards=["Herald"])
    do(st, ("play", "Herald"))
    assert me(st)["hand"] == [] and dump(st)["actions"] == 1 and dump(st)["phase"] == "buy"


def test_cards_set_aside_are_not_shuffled_in():
    """D-SHUF-3: Advisor reveals 1 from the deck, shuffles the discard pile, reveals 2 more; the first is
    not in the new deck."""
    st = table(hand=["Advisor"], deck=["Province"], discard=["Copper", "Copper"], cards=["Advisor"])
    do(st, ("play", "Advisor"))
    assert sorted(st.prompt["cards"]) == ["Copper", "Copper", "Province"]
    assert me(st)["deck"] == [] and me(st)["discard"] == []


def test_shuffle_order_is_from_the_seed_and_counter():
    """D-SETUP-7: the same seed gives the same shuffle; another seed (almost surely) another."""
    pile = ["Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse", "Herald", "Plaza", "Baker"]
    decks = set()
    for seed in ("a", "a", "b", "c", "d"):
        st = table(seed=seed, hand=[], phase="buy", deck=[], discard=pile, cards=["Herald", "Plaza", "Baker"])
        do(st, "end_turn")
        decks.add(tuple(me(st)["hand"] + me(st)["deck"]))
    assert 2 <= len(decks) <= 4
