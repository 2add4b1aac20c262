"""Plaza (G-PLAZA-1, -2; DEC-PLAZA; ILL-PLAZA-1)."""

from engine import dominion as D

from .helpers import do, dump, legal, me, pending, refused, table


def plaza_table(hand=("Plaza", "Copper", "Estate"), deck=("Silver", "Gold")):
    return table(hand=list(hand), deck=list(deck), cards=["Plaza"])


def test_draws_two_actions_and_may_discard_a_treasure_for_a_token():
    st = plaza_table()
    do(st, ("play", "Plaza"))
    assert dump(st)["actions"] == 2 and pending(st)["kind"] == "plaza"
    assert legal(st) == [{"type": "choose", "card": "Copper"}, {"type": "choose", "card": "Silver"},
                         {"type": "decline"}]
    do(st, ("choose", "Silver"))  # the card just drawn
    assert me(st)["discard"] == ["Silver"] and me(st)["coin_tokens"] == 1
    assert sorted(me(st)["hand"]) == ["Copper", "Estate"]


def test_the_discard_is_optional_and_a_non_treasure_refused():
    st = plaza_table()
    do(st, ("play", "Plaza"))
    refused(st, ("choose", "Estate"), "ILL-PLAZA-1")
    refused(st, ("choose", "Gold"), "ILL-ACT-3")
    do(st, "decline")
    assert me(st)["coin_tokens"] == 0 and me(st)["discard"] == []


def test_asked_even_without_a_treasure_and_the_discard_is_public():
    st = plaza_table(hand=("Plaza", "Estate"), deck=("Duchy",))
    do(st, ("play", "Plaza"))
    assert legal(st) == [{"type": "decline"}]
    assert D.view(st, 1)["pending"] == {"seat": 0, "kind": "plaza"}
    st = plaza_table()
    do(st, ("play", "Plaza"), ("choose", "Copper"))
    assert D.view(st, 1)["players"][0]["discard_top"] == "Copper"
    assert "discarded Copper" in D.describe(st, st.seq, 1, ["Ann", "Bob"])
