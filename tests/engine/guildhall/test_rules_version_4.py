"""Rules version 4: a Historian's T4 places two different cards (reference §6.3, "exactly 2 cards").

When the first card completes a fourth chapter and its owner sheds that very chapter (R8.4, at once), the
first card lies on the pile again when the second is chosen. Up to version 3 the engine offered it again,
so one card arrived twice and the ability left one card in the guildhall; from version 4 the second card
is another card (docs/rules.md, "Where we chose" 8). Older games replay as they were played.
"""

import pytest

from engine import guildhall
from tests.engine.guildhall.helpers import check_invariants, cid, do, hall_names, legal, pending_kind, selects, table

MODES = ["printed", "yucata"]
FOUR = ["red", "blue", "yellow", "green"]


def historian_table(mode, version):
    return table(mode=mode, version=version, hands={0: ["red Historian"]},
                 halls={0: [f"{c} Historian" for c in ("blue", "yellow", "green", "purple")]
                        + [f"{c} Farmer" for c in FOUR]},
                 completed={0: ["dancer", "weaver", "trader"]}, discard=["red Assassin", "purple Farmer"])


def shed_the_first_cards_chapter(mode, version):
    """Seat 0 plays a Historian at T4; its first card, the purple Farmer, completes a fourth chapter, and
    seat 0 sheds that chapter (the one holding the purple Farmer) with the purple Farmer on top."""
    st = historian_table(mode, version)
    do(st, ("play", "red Historian"), ("tier", 4), ("select", "purple Farmer"))
    assert pending_kind(st) == "shed_chapters"
    do(st, ("pay", cid("purple Farmer")))
    if version == "2":
        do(st, "done")  # version 2 asks for the order of the shed chapter's cards
    assert st.discard[-1] == cid("purple Farmer") and pending_kind(st) == "ability"
    return st


@pytest.mark.parametrize("mode", MODES)
def test_the_second_card_is_not_the_first_card_back_on_the_pile(mode):
    st = shed_the_first_cards_chapter(mode, "4")
    second = selects(legal(st))
    assert cid("purple Farmer") not in second
    # The shed chapter's other cards may follow (no Farmer is face up now), and the card beneath.
    assert second == sorted([cid("red Assassin")] + [cid(f"{c} Farmer") for c in FOUR])
    with pytest.raises(guildhall.IllegalDecision):
        do(st, ("select", "purple Farmer"))
    do(st, ("select", "green Farmer"))
    assert pending_kind(st) == "action"
    assert "green Farmer" in hall_names(st, 0) and cid("purple Farmer") in st.discard
    check_invariants(st)


def test_the_searcher_sees_the_first_card_on_the_pile_marked_as_taken():
    st = shed_the_first_cards_chapter("printed", "4")
    pile = {entry["card"]["id"]: entry for entry in guildhall.view(st, 0)["pending"]["pile"]}
    assert pile[cid("purple Farmer")]["offered"] is False and pile[cid("purple Farmer")]["reason"] == "taken"
    assert pile[cid("green Farmer")] == {"card": pile[cid("green Farmer")]["card"], "offered": True, "reason": None}


@pytest.mark.parametrize("version", ["2", "3"])
def test_versions_2_and_3_offered_it_again_and_their_games_replay_as_played(version):
    st = shed_the_first_cards_chapter("printed", version)
    assert cid("purple Farmer") in selects(legal(st))
    do(st, ("select", "purple Farmer"))  # the same card, a second time
    assert cid("purple Farmer") in st.players[0].hall.values()
    assert sum(1 for c in st.players[0].hall.values() if c == cid("purple Farmer")) == 1
    # That turn, applied again to the same position under its own version, is the game it was; under
    # version 4 the second taking of one card is refused.
    turn = list(st.turn_log)
    again = historian_table("printed", version)
    for seat, decision, by in turn:
        guildhall.apply(again, seat, decision, by=by)
    assert again.players == st.players and again.discard == st.discard
    newer = historian_table("printed", "4")
    *before, (seat, last, by) = [entry for entry in turn if entry[1] != {"type": "done"}]
    for entry in before:
        guildhall.apply(newer, entry[0], entry[1], by=entry[2])
    with pytest.raises(guildhall.IllegalDecision):
        guildhall.apply(newer, seat, last, by=by)
