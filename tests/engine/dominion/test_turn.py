"""The turn (D-TURN-1..6): phases and when the engine moves on by itself, Treasures, Coin tokens, buying,
Clean-up; and the example of dominion-positions.md."""

from engine import dominion as D

from .helpers import do, dump, legal, me, pending, table

EXAMPLE = {
    "players": 2,
    "kingdom": ["Advisor", "Butcher", "Candlestick Maker", "Doctor", "Herald", "Journeyman", "Masterpiece",
                "Merchant Guild", "Plaza", "Stonemason"],
    "active": 0, "phase": "buy", "actions": 1, "buys": 2, "coins": 6, "bought_this_turn": False,
    "supply_overrides": {}, "trash": [],
    "seats": [
        {"hand": ["Estate"], "deck": ["Copper", "Copper", "Copper", "Copper", "Copper"], "discard": [],
         "in_play": ["Gold", "Gold"], "coin_tokens": 0, "turns_taken": 0},
        {"hand": ["Copper", "Copper", "Copper", "Estate", "Estate"],
         "deck": ["Copper", "Copper", "Copper", "Copper", "Estate"], "discard": [], "in_play": [],
         "coin_tokens": 0, "turns_taken": 0}],
}


def test_the_example_of_the_positions_document():
    st = D.position(EXAMPLE)
    assert pending(st) == {"seat": 0, "kind": "buy"}
    do(st, {"type": "buy", "card": "Masterpiece"})
    after = dump(st)
    assert after["coins"] == 3 and after["buys"] == 1
    assert after["supply"]["Silver"] == 40 and after["supply"]["Masterpiece"] == 9
    assert after["seats"][0]["discard"] == ["Masterpiece"]
    assert after["pending"] == {"seat": 0, "kind": "buy"} and after["bought_this_turn"] is True


def test_turn_starts_with_one_action_one_buy_no_coins():
    """D-TURN-1."""
    st = D.new_game(2, "turn", {"first_seat": 0, "kingdom": EXAMPLE["kingdom"]})
    d = dump(st)
    assert (d["actions"], d["buys"], d["coins"], d["bought_this_turn"]) == (1, 1, 0, False)


def test_action_phase_ends_by_itself_without_an_action_card():
    """D-TURN-5: no Action card in hand, so the first question is the Buy phase's."""
    st = table(hand=["Copper", "Estate"], deck=["Silver"] * 5, cards=["Plaza"])
    assert pending(st) == {"seat": 0, "kind": "buy"} and dump(st)["phase"] == "buy"


def test_action_phase_ends_by_itself_with_no_actions_left():
    st = table(hand=["Soothsayer", "Plaza"], deck=["Copper"] * 5, cards=["Soothsayer", "Plaza"], actions=0)
    assert dump(st)["phase"] == "buy"
    st = table(hand=["Soothsayer", "Soothsayer", "Copper"], deck=["Copper"] * 8, cards=["Soothsayer"])
    do(st, ("play", "Soothsayer"))
    assert dump(st)["phase"] == "buy" and dump(st)["actions"] == 0  # a second Soothsayer is not playable


def test_action_phase_goes_on_while_actions_and_action_cards_remain():
    st = table(hand=["Plaza", "Soothsayer", "Copper"], deck=["Estate"] * 5, cards=["Plaza", "Soothsayer"])
    do(st, ("play", "Plaza"), "decline")
    assert pending(st)["kind"] == "action" and dump(st)["actions"] == 2
    assert {"type": "end_actions"} in legal(st)


def test_end_actions_moves_to_the_buy_phase():
    st = table(hand=["Plaza", "Copper"], deck=["Estate"] * 5, cards=["Plaza"])
    do(st, "end_actions")
    assert dump(st)["phase"] == "buy" and pending(st)["kind"] == "buy"


def test_treasures_add_their_value_and_go_into_play():
    """D-TURN-4 B1, D-COMP-1 (Copper $1, Silver $2, Gold $3), G-MASTERPIECE-1 (Masterpiece $1)."""
    st = table(hand=["Copper", "Silver", "Gold", "Masterpiece", "Estate"], phase="buy", cards=["Masterpiece"])
    do(st, ("play", "Silver"))
    assert dump(st)["coins"] == 2
    do(st, "play_treasures")
    d = dump(st)
    assert d["coins"] == 7 and d["seats"][0]["hand"] == ["Estate"]
    assert d["seats"][0]["in_play"] == ["Silver", "Copper", "Gold", "Masterpiece"]


def test_buy_phase_options_before_and_after_the_first_buy():
    """DEC-B1 then DEC-B2: once a card is bought, no more Treasures or tokens (D-TURN-4)."""
    st = table(hand=["Copper", "Copper"], phase="buy", coins=3, buys=2, tokens=2, cards=["Masterpiece"])
    kinds = {o["type"] for o in legal(st)}
    assert kinds == {"play", "play_treasures", "spend_tokens", "buy", "end_turn"}
    do(st, ("buy", "Silver"))
    kinds = {o["type"] for o in legal(st)}
    assert kinds == {"buy", "end_turn"}
    assert dump(st)["coins"] == 0 and dump(st)["buys"] == 1


def test_buy_phase_ends_by_itself_when_buys_run_out():
    st = table(hand=[], phase="buy", coins=3, deck=["Copper"] * 5)
    do(st, ("buy", "Silver"))
    assert dump(st)["active"] == 1 and pending(st) == {"seat": 1, "kind": "buy"}


def test_buying_is_never_compulsory():
    st = table(hand=["Gold", "Gold", "Gold"], phase="buy", deck=["Copper"] * 5)
    do(st, "play_treasures", "end_turn")
    assert dump(st)["active"] == 1 and dump(st)["seats"][0]["discard"][0] == "Gold"


def test_coin_tokens_spent_before_buying_give_coins():
    """G-COF-2: any number, in batches, before or after Treasures."""
    st = table(hand=["Copper"], phase="buy", tokens=3)
    assert [o["n"] for o in legal(st) if o["type"] == "spend_tokens"] == [1, 2, 3]
    do(st, ("spend_tokens", 1), ("play", "Copper"), ("spend_tokens", 2))
    d = dump(st)
    assert d["coins"] == 4 and d["seats"][0]["coin_tokens"] == 0


def test_unspent_tokens_carry_over_and_coins_do_not():
    """G-COF-3, D-TURN-6 step 2."""
    st = table(hand=["Gold"], phase="buy", tokens=2, deck=["Copper"] * 5)
    do(st, ("play", "Gold"), "end_turn")
    d = dump(st)
    assert d["seats"][0]["coin_tokens"] == 2 and d["active"] == 1 and d["coins"] == 0


def test_cleanup_discards_hand_then_play_and_draws_five():
    """D-TURN-6, AMB-D-07: hand first, in hand order, then play in the order played: the last card
    played ends on top; five new cards; the turn count goes up."""
    st = table(hand=["Estate", "Copper", "Silver", "Duchy"], phase="buy", deck=["Gold"] * 7)
    do(st, ("play", "Silver"), ("play", "Copper"), "end_turn")
    s = me(st)
    assert s["discard"] == ["Copper", "Silver", "Duchy", "Estate"]
    assert s["hand"] == ["Gold"] * 5 and s["deck"] == ["Gold"] * 2 and s["in_play"] == []
    assert s["turns_taken"] == 1
    assert dump(st)["active"] == 1 and st.turn == 2


def test_cleanup_with_nothing_in_play_leaves_the_last_hand_card_on_top():
    st = table(hand=["Estate", "Duchy"], phase="buy", deck=["Gold"] * 5)
    do(st, "end_turn")
    assert me(st)["discard"] == ["Duchy", "Estate"]


def test_turn_counter_counts_seat_turns():
    st = D.new_game(3, "turns", {"first_seat": 2})
    assert st.turn == 1
    for expected_active, turn in ((0, 2), (1, 3), (2, 4)):
        do(st, "end_turn")
        assert st.active == expected_active and st.turn == turn


def test_multiple_buys_share_the_coins():
    st = table(hand=["Gold", "Gold"], phase="buy", buys=3, deck=["Copper"] * 5)
    do(st, "play_treasures", ("buy", "Silver"), ("buy", "Silver"))
    d = dump(st)
    assert d["coins"] == 0 and d["buys"] == 1 and me(st)["discard"] == ["Silver", "Silver"]
    assert [o for o in legal(st) if o["type"] == "buy"] == [{"type": "buy", "card": "Copper"},
                                                             {"type": "buy", "card": "Curse"}]


def test_overpay_options_only_for_plus_cards_up_to_the_spare_coins():
    """G-OVER-1, G-OVER-2, G-OVER-5: overpay k from 1 to $ − cost on the four + cards only."""
    st = table(hand=[], phase="buy", coins=6, cards=["Masterpiece", "Herald", "Doctor", "Stonemason", "Advisor"])
    offered = {}
    for o in legal(st):
        if o["type"] == "buy":
            offered.setdefault(o["card"], []).append(o.get("overpay", 0))
    assert offered["Masterpiece"] == [0, 1, 2, 3]
    assert offered["Herald"] == [0, 1, 2]
    assert offered["Doctor"] == [0, 1, 2, 3]
    assert offered["Stonemason"] == [0, 1, 2, 3, 4]
    assert offered["Advisor"] == [0] and offered["Gold"] == [0] and offered["Silver"] == [0]


def test_overpay_zero_is_plain_and_the_whole_amount_is_paid():
    """G-OVER-2: k = 0 triggers nothing; cost + k leaves the player's $."""
    st = table(hand=[], phase="buy", coins=8, buys=3, cards=["Masterpiece"])
    do(st, {"type": "buy", "card": "Masterpiece", "overpay": 0})
    assert dump(st)["supply"]["Silver"] == 40 and dump(st)["coins"] == 5
    do(st, ("buy", "Masterpiece", 2))
    assert dump(st)["supply"]["Silver"] == 38 and me(st)["discard"].count("Silver") == 2
    assert dump(st)["coins"] == 0


def test_decision_names_in_any_case_are_normalised():
    assert D.normalise({"type": "buy", "card": "merchant guild", "overpay": 0}) == {
        "type": "buy", "card": "Merchant Guild"}
    assert D.normalise({"type": "play", "card": "GOLD", "extra": 1}) == {"type": "play", "card": "Gold"}
