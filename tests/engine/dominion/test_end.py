"""The end of the game (D-END-1) and the ranks (D-SCORE-1..3): Provinces, three piles, only at the end of a
turn; ties broken by fewer turns, else shared."""

import pytest

from engine import dominion as D

from .helpers import do, dump, pending, seat, table


def test_last_province_ends_the_game_after_clean_up():
    st = table(hand=["Gold", "Gold", "Silver"], phase="buy", deck=["Copper"] * 5, supply={"Province": 1})
    do(st, "play_treasures", ("buy", "Province"))
    d = dump(st)
    assert d["game_over"] and d["pending"] is None and D.pending_player(st) is None
    assert d["scores"][0] == 6 and d["winners"] == [0]
    assert D.outcome(st) == {"over": True, "scores": [6, 3], "places": [1, 2], "winners": [0], "ended_by": "rules"}
    assert "The Province pile is empty" in D.describe(st, st.seq, None, ["Ann", "Bob"])


def test_three_empty_piles_end_it_curse_and_copper_count():
    """Piles emptied earlier count; the Trash does not."""
    st = table(hand=[], phase="buy", coins=0, buys=3, deck=["Copper"] * 5,
               supply={"Curse": 1, "Copper": 1, "Plaza": 0})
    do(st, ("buy", "Curse"))
    assert not dump(st)["game_over"]  # two empty piles so far, and the turn is not over
    do(st, ("buy", "Copper"))
    assert not dump(st)["game_over"] and pending(st) == {"seat": 0, "kind": "buy"}
    do(st, "end_turn")
    assert dump(st)["game_over"]
    assert "Three Supply piles are empty" in D.describe(st, st.seq, None, ["Ann", "Bob"])


def test_two_empty_piles_do_not():
    st = table(hand=[], phase="buy", coins=0, deck=["Copper"] * 5, supply={"Curse": 1, "Plaza": 0})
    do(st, ("buy", "Curse"))
    assert not dump(st)["game_over"] and dump(st)["active"] == 1


def test_a_pile_emptied_mid_turn_ends_nothing_until_the_turn_is_over():
    st = table(hand=["Gold", "Gold", "Gold", "Gold", "Gold", "Gold"], phase="buy", buys=3, deck=["Copper"] * 5,
               supply={"Province": 1})
    do(st, "play_treasures", ("buy", "Province"))
    assert not dump(st)["game_over"] and dump(st)["coins"] == 10
    do(st, ("buy", "Gold"))
    assert not dump(st)["game_over"]
    do(st, "end_turn")
    assert dump(st)["game_over"]


def test_tie_on_points_fewer_turns_wins():
    """D-SCORE-2: seat 0 went first and ends the game on its turn: the second player had a turn fewer."""
    st = table(hand=["Duchy", "Duchy"], phase="buy", coins=8, deck=["Copper"] * 5, supply={"Province": 1},
               turns={0: 9}, others={1: seat(hand=["Province", "Duchy", "Duchy"], turns=9)})
    do(st, ("buy", "Province"))
    out = D.outcome(st)
    assert out["scores"] == [12, 12]
    assert [s["turns_taken"] for s in dump(st)["seats"]] == [10, 9]
    assert out["winners"] == [1] and out["places"] == [2, 1]
    assert "Bob wins" in D.describe(st, st.seq, 0, ["Ann", "Bob"])


def test_tie_on_points_and_turns_is_shared():
    st = table(hand=["Duchy", "Duchy"], phase="buy", coins=8, deck=["Copper"] * 5, supply={"Province": 1}, active=1,
               turns={0: 10, 1: 9}, others={0: seat(hand=["Province", "Duchy", "Duchy"], turns=10)})
    do(st, ("buy", "Province"))
    out = D.outcome(st)
    assert out["scores"] == [12, 12] and out["winners"] == [0, 1] and out["places"] == [1, 1]
    assert "share the win" in D.describe(st, st.seq, None, ["Ann", "Bob"])


def test_four_players_ranks_by_score_then_turns():
    """D-SCORE-3: 1st, then two sharing 2nd, then 4th."""
    hands = {0: ["Province"], 1: ["Duchy", "Duchy"], 2: ["Duchy", "Duchy"], 3: ["Duchy"]}
    others = {i: seat(hand=hands[i], turns=5) for i in (1, 2, 3)}
    st = table(hand=hands[0], phase="over", players=4, deck=["Copper"] * 5, supply={"Province": 0},
               others=others, turns={0: 4, 1: 5, 2: 5, 3: 5})
    assert dump(st)["game_over"]
    out = D.outcome(st)
    assert out["scores"] == [6, 6, 6, 3]
    assert out["places"] == [1, 2, 2, 4] and out["winners"] == [0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_scores_count_every_zone_during_play(players):
    st = D.new_game(players, "scores", {})
    assert D.outcome(st) == {"over": False, "scores": [3] * players, "places": None, "winners": [],
                             "ended_by": None}
