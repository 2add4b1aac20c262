"""The later rules as the "2022" edition (D-ED-2, AMB-D-01, AMB-D-02, AMB-D-14): Coffers any time in your
turn, Merchant Guild's errata, overpay after the gain. The default "2013" keeps the first printing."""

from engine import dominion as D

from .helpers import do, dump, legal, me, pending, refused, table

LATER = {"edition": "2022"}


def test_coffers_any_time_in_the_turn():
    st = table(hand=["Plaza", "Copper"], deck=["Estate"], tokens=2, cards=["Plaza"], **LATER)
    assert {"type": "spend_tokens", "n": 2} in legal(st)
    do(st, ("spend_tokens", 1))
    assert dump(st)["coins"] == 1 and dump(st)["phase"] == "action"
    do(st, "end_actions")
    assert dump(st)["phase"] == "buy" and dump(st)["coins"] == 1  # kept for the Buy phase
    st = table(hand=[], phase="buy", coins=3, buys=2, tokens=2, **LATER)
    do(st, ("buy", "Silver"), ("spend_tokens", 2))  # after the first buy
    assert dump(st)["coins"] == 2
    refused(st, ("spend_tokens", 1), "ILL-TOK-1")


def test_the_first_printing_refuses_both():
    st = table(hand=["Plaza", "Copper"], deck=["Estate"], tokens=2, cards=["Plaza"])
    refused(st, ("spend_tokens", 1), "ILL-TOK-2")


def test_merchant_guild_errata_counts_gains_at_the_end_of_the_buy_phase():
    st = table(hand=["Merchant Guild", "Gold", "Gold", "Gold"], deck=["Copper"] * 5,
               cards=["Merchant Guild", "Masterpiece"], **LATER)
    do(st, ("play", "Merchant Guild"), "play_treasures", ("buy", "Masterpiece", 3))
    assert me(st)["coin_tokens"] == 0  # nothing yet: the errata's tokens come at the end of the phase
    do(st, ("buy", "Copper"))
    # gained in the Buy phase: Masterpiece, 3 Silvers (overpay gains count), Copper = 5 cards
    assert me(st)["coin_tokens"] == 5 and dump(st)["active"] == 1


def test_overpay_after_the_gain_herald_may_pick_itself():
    st = table(hand=[], phase="buy", coins=5, buys=2, discard=["Copper"], cards=["Herald"], **LATER)
    do(st, ("buy", "Herald", 1))
    assert {"type": "choose", "card": "Herald"} in legal(st)
    do(st, ("choose", "Herald"))
    assert me(st)["deck"] == ["Herald"] and me(st)["discard"] == ["Copper"]


def test_overpay_after_the_gain_doctor_may_trash_itself():
    st = table(hand=[], phase="buy", coins=4, buys=2, cards=["Doctor"], **LATER)
    do(st, ("buy", "Doctor", 1))
    assert pending(st)["kind"] == "doctor_overpay" and st.prompt["card"] == "Doctor"
    do(st, ("option", "trash"))
    assert dump(st)["trash"] == ["Doctor"]


def test_overpay_after_the_gain_masterpiece_under_its_silvers():
    st = table(hand=[], phase="buy", coins=5, buys=2, cards=["Masterpiece"], **LATER)
    do(st, ("buy", "Masterpiece", 2))
    assert me(st)["discard"] == ["Silver", "Silver", "Masterpiece"]


def test_edition_is_an_option_and_shown():
    st = D.new_game(2, "ed", {"edition": "2022"})
    assert D.view(st, 0)["edition"] == "2022" and D.view(st, 0)["rules"]["coffers_anytime"] is True
    assert D.new_game(2, "ed", {}).edition == "2013"
