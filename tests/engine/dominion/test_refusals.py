"""One test per refusal of §14: the refusal names its ILL id, says why in a sentence, and leaves
``dump_position`` unchanged (D-ILL-1; ``refused`` checks all three)."""

import pytest

from engine import dominion as D
from engine.errors import IllegalDecision

from .helpers import do, dump, refused, seat, table

K = ["Advisor", "Butcher", "Doctor", "Herald", "Masterpiece", "Merchant Guild", "Plaza", "Soothsayer", "Stonemason",
     "Taxman"]


def at(**kwargs):
    return table(cards=K, **kwargs)


def test_ill_turn_1_not_the_pending_seat():
    st = at(hand=["Copper"], phase="buy")
    refused(st, "end_turn", "ILL-TURN-1", seat=1, code="not_your_turn")
    refused(st, ("play", "Copper"), "ILL-TURN-1", seat=1)


def test_ill_turn_2_after_the_game_is_over():
    st = at(hand=[], phase="buy", coins=8, supply={"Province": 1})
    do(st, ("buy", "Province"))
    assert dump(st)["game_over"]
    refused(st, "end_turn", "ILL-TURN-2", seat=0, code="game_over")
    refused(st, "end_turn", "ILL-TURN-2", seat=1, code="game_over")
    refused(st, "resign", "ILL-TURN-2", seat=1, code="game_over")


def test_ill_act_1_no_actions_left():
    """D-ILL-2: with 0 Actions the phase has moved on; we still name ILL-ACT-1, the more telling id."""
    st = at(hand=["Soothsayer", "Plaza"], deck=["Copper"] * 5)
    do(st, ("play", "Soothsayer"))
    refused(st, ("play", "Plaza"), "ILL-ACT-1")


def test_ill_act_2_action_in_the_buy_phase():
    st = at(hand=["Plaza", "Copper"], deck=["Copper"] * 5)
    do(st, "end_actions")
    refused(st, ("play", "Plaza"), "ILL-ACT-2")


def test_ill_act_3_card_not_in_hand():
    st = at(hand=["Plaza"], deck=["Copper"] * 5)
    refused(st, ("play", "Herald"), "ILL-ACT-3")
    do(st, "end_actions")
    refused(st, ("play", "Gold"), "ILL-ACT-3")


def test_ill_act_4_victory_or_curse():
    st = at(hand=["Plaza", "Province", "Curse"], deck=["Copper"] * 5)
    refused(st, ("play", "Province"), "ILL-ACT-4")
    refused(st, ("play", "Curse"), "ILL-ACT-4")


def test_ill_tre_1_treasure_in_the_action_phase():
    st = at(hand=["Plaza", "Gold"], deck=["Copper"] * 5)
    refused(st, ("play", "Gold"), "ILL-TRE-1")
    refused(st, "play_treasures", "ILL-TRE-1")


def test_ill_tre_2_treasure_after_the_first_buy():
    st = at(hand=["Gold", "Gold"], phase="buy", coins=3, buys=2)
    do(st, ("buy", "Silver"))
    refused(st, ("play", "Gold"), "ILL-TRE-2")
    refused(st, "play_treasures", "ILL-TRE-2")


@pytest.mark.parametrize("n", [3, 0, -1])
def test_ill_tok_1_more_than_held_or_not_positive(n):
    st = at(hand=[], phase="buy", tokens=2)
    refused(st, ("spend_tokens", n), "ILL-TOK-1")


def test_ill_tok_2_tokens_in_the_action_phase():
    st = at(hand=["Plaza"], deck=["Copper"] * 5, tokens=2)
    refused(st, ("spend_tokens", 1), "ILL-TOK-2")


def test_ill_tok_3_tokens_after_the_first_buy():
    st = at(hand=[], phase="buy", coins=3, buys=2, tokens=2)
    do(st, ("buy", "Silver"))
    refused(st, ("spend_tokens", 1), "ILL-TOK-3")


def test_ill_buy_1_no_buys_left():
    """D-ILL-2: with 0 Buys the turn has passed already, so the refusal reads ILL-TURN-1."""
    st = at(hand=[], phase="buy", coins=6, deck=["Copper"] * 5)
    do(st, ("buy", "Silver"))
    refused(st, ("buy", "Copper"), "ILL-TURN-1", seat=0)


def test_ill_buy_2_cost_above_the_coins():
    st = at(hand=[], phase="buy", coins=5)
    refused(st, ("buy", "Gold"), "ILL-BUY-2")


@pytest.mark.parametrize("card", ["Journeyman", "Trash", "Village"])
def test_ill_buy_3_outside_the_supply(card):
    st = at(hand=[], phase="buy", coins=8)
    refused(st, ("buy", card), "ILL-BUY-3")


def test_ill_buy_3_empty_pile():
    st = at(hand=[], phase="buy", coins=8, supply={"Duchy": 0})
    refused(st, ("buy", "Duchy"), "ILL-BUY-3")


def test_ill_ovr_1_overpay_on_a_card_without_plus():
    st = at(hand=[], phase="buy", coins=8)
    refused(st, ("buy", "Silver", 1), "ILL-OVR-1")
    refused(st, ("buy", "Advisor", 2), "ILL-OVR-1")


@pytest.mark.parametrize("overpay", [3, -1])
def test_ill_ovr_2_overpay_beyond_the_spare_coins_or_negative(overpay):
    st = at(hand=[], phase="buy", coins=5)
    refused(st, ("buy", "Herald", overpay), "ILL-OVR-2")


def test_ill_ovr_3_overpay_on_a_gain_that_is_not_a_buy():
    st = at(hand=["Butcher", "Estate"], deck=["Copper"] * 5)
    do(st, ("play", "Butcher"), ("choose", "Estate"), ("number", 2))
    refused(st, ("choose", "Masterpiece", 1), "ILL-OVR-3")
    refused(st, ("buy", "Masterpiece", 1), "ILL-OVR-3")


def test_ill_adv_1_and_2():
    st = at(hand=["Advisor"], deck=["Gold", "Silver", "Copper"])
    do(st, ("play", "Advisor"))
    refused(st, ("choose", "Gold"), "ILL-ADV-1", seat=0)
    refused(st, ("choose", "Estate"), "ILL-ADV-2", seat=1)


def test_ill_but_1_and_2():
    st = at(hand=["Butcher", "Silver"], deck=["Copper"] * 5)
    do(st, ("play", "Butcher"))
    refused(st, ("number", 1), "ILL-BUT-1")
    do(st, ("choose", "Silver"))
    refused(st, ("number", 3), "ILL-BUT-1")
    do(st, ("number", 1))
    refused(st, ("choose", "Duchy"), "ILL-BUT-2")


def test_ill_stone_1_2_3():
    st = at(hand=["Stonemason", "Silver"], deck=["Copper"] * 5)
    do(st, ("play", "Stonemason"))
    refused(st, "decline", "ILL-STONE-1")
    do(st, ("choose", "Silver"))
    refused(st, ("choose", "Silver"), "ILL-STONE-2")
    st = at(hand=[], phase="buy", coins=6)
    do(st, ("buy", "Stonemason", 4))
    refused(st, ("choose", "Silver"), "ILL-STONE-3")
    refused(st, ("choose", "Stonemason"), "ILL-STONE-3")


def test_ill_tax_1_and_2():
    st = at(hand=["Taxman", "Copper", "Estate"], deck=["Copper"] * 5)
    do(st, ("play", "Taxman"))
    refused(st, ("choose", "Estate"), "ILL-TAX-1")
    do(st, ("choose", "Copper"))
    refused(st, ("choose", "Gold"), "ILL-TAX-2")
    refused(st, ("choose", "Estate"), "ILL-TAX-2")


def test_ill_plaza_1():
    st = at(hand=["Plaza", "Estate"], deck=["Copper"])
    do(st, ("play", "Plaza"))
    refused(st, ("choose", "Estate"), "ILL-PLAZA-1")


def test_ill_doc_1():
    st = at(hand=["Doctor"], deck=["Gold", "Silver", "Copper"])
    do(st, ("play", "Doctor"), ("name", "Estate"))
    refused(st, ("order", ["Gold", "Silver"]), "ILL-DOC-1")


def test_ill_her_1():
    st = at(hand=[], phase="buy", coins=6, discard=["Copper", "Estate"])
    do(st, ("buy", "Herald", 1))
    refused(st, ("choose", "Herald"), "ILL-HER-1")
    refused(st, ("choose", "Gold"), "ILL-HER-1")


@pytest.mark.parametrize("decision", [("name", "Gold"), ("order", ["Gold"]), ("option", "trash"), "decline",
                                      ("choose", "Gold"), "end_turn"])
def test_ill_gen_1_type_not_matching_the_prompt(decision):
    st = at(hand=["Plaza"], deck=["Copper"] * 5)
    refused(st, decision, "ILL-GEN-1")


@pytest.mark.parametrize("decision", [None, [], "end_turn", {"type": "fly"}, {"type": "play"},
                                      {"type": "play", "card": 3}, {"type": "spend_tokens", "n": "2"},
                                      {"type": "spend_tokens", "n": True}, {"type": "order", "cards": "Gold"},
                                      {"type": "option", "value": "burn"}, {"type": "buy", "card": "Gold",
                                                                            "overpay": "1"}])
def test_malformed_decisions(decision):
    st = at(hand=["Plaza"], deck=["Copper"] * 5)
    before = dump(st)
    with pytest.raises(IllegalDecision) as info:
        D.apply(st, 0, decision)
    assert info.value.code == "malformed" and info.value.rule == "ILL-GEN-1"
    assert dump(st) == before


def test_refusal_messages_translate():
    st = at(hand=[], phase="buy", coins=5)
    exc = refused(st, ("buy", "Gold"), "ILL-BUY-2")
    assert exc.message == "Gold costs $6; you have $5."
    assert exc.template == "{card} costs ${cost}; you have ${coins}." and exc.params["card"] == "Gold"
    german = {"{card} costs ${cost}; you have ${coins}.": "{card} kostet ${cost}; du hast ${coins}.", "Gold": "Gold"}
    assert D.translate_error(exc, german.get) == "Gold kostet $6; du hast $5."


def test_refusal_leaves_the_other_seats_view_alone():
    st = at(hand=["Plaza"], deck=["Copper"] * 5, others={1: seat(hand=["Gold"])})
    before = D.view(st, 1)
    refused(st, ("play", "Gold"), "ILL-ACT-3")
    assert D.view(st, 1) == before
