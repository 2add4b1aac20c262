"""Components (reference §1, R3.2) and setup (R3.1–R3.7, AMB-22)."""

import hashlib
from collections import Counter

import pytest

from engine import guildhall
from engine.guildhall import cards as C
from tests.engine.guildhall.helpers import check_invariants, cid, do, legal, pending_kind, types


# --- §1 components ------------------------------------------------------------------------------------
def test_r1_1_120_profession_cards_4_copies_of_30_identities():
    assert C.PROFESSION_CARD_COUNT == 120
    identities = Counter(C.IDENTITY)
    assert len(identities) == 30 and set(identities.values()) == {4}
    pairs = {(C.PROFESSION_OF[c], C.COLOUR_OF[c]) for c in range(120)}
    assert len(pairs) == 30
    assert C.PROFESSIONS == ("assassin", "dancer", "farmer", "historian", "trader", "weaver")
    assert C.COLOURS == ("red", "blue", "yellow", "green", "purple")


def test_r1_1_card_ids_are_stable_and_documented():
    # id = profession*20 + colour*4 + copy (docs/engine-api.md); the id never depends on the seed.
    assert guildhall.card_json(cid("blue Dancer")) == {"id": 24, "profession": "dancer", "colour": "blue"}
    assert guildhall.card_json(119) == {"id": 119, "profession": "weaver", "colour": "purple"}
    assert C.card_name(cid("blue Farmer")) == "blue Farmer"
    for c in range(120):
        j = guildhall.card_json(c)
        assert c == C.PROFESSIONS.index(j["profession"]) * 20 + C.COLOURS.index(j["colour"]) * 4 + c % 4


EXPECTED_VP = {  # reference §1.2: kind -> (VP, cost, copies with 4 players, with 2-3 players)
    "VP2-Chapter": (2, 1, 3, 2), "VP3-Draw6": (3, 1, 3, 2), "VP3-Swap1for2": (3, 1, 3, 2),
    "VP3-PlaceHand": (3, 1, 3, 2), "VP4-StealCard": (4, 1, 3, 2), "VP4-Action": (4, 1, 3, 2),
    "VP5": (5, 1, 6, 4), "VP7-2Actions": (7, 2, 3, 2), "VP9": (9, 2, 3, 2),
}


def test_r1_2_thirty_vp_cards_values_costs_counts_amb01():
    ids = C.vp_cards_for(4)
    assert sorted(ids) == list(range(120, 150))
    counts = Counter(C.VP_KIND_OF[v] for v in ids)
    for kind, (vp, cost, four, _small) in EXPECTED_VP.items():
        assert counts[kind] == four
        for v in ids:
            if C.VP_KIND_OF[v] == kind:
                assert guildhall.vp_json(v) == {"id": v, "kind": kind, "vp": vp, "cost": cost}
    assert sum(C.VP_VALUE[v] for v in ids) == 135


@pytest.mark.parametrize("players", [2, 3])
def test_r3_2_small_game_removes_two_vp5_and_one_of_each_other(players):
    ids = C.vp_cards_for(players)
    assert len(ids) == 20 and len(set(ids)) == 20
    counts = Counter(C.VP_KIND_OF[v] for v in ids)
    assert counts == {kind: small for kind, (_v, _c, _f, small) in EXPECTED_VP.items()}
    assert sum(C.VP_VALUE[v] for v in ids) == 90


@pytest.mark.parametrize("players,row_plus_deck", [(2, 20), (3, 20), (4, 30)])
def test_r3_3_center_row_of_5_and_vp_deck(players, row_plus_deck):
    st = guildhall.new_game(players, "components", {"mode": "printed"})
    assert len(st.row) == 5
    assert len(st.vp_deck) == row_plus_deck - 5
    assert sorted(st.row + st.vp_deck) == sorted(C.vp_cards_for(players))


def test_r3_5_deal_9_each_rest_in_deck():
    st = guildhall.new_game(4, "deal", {"mode": "printed"})
    assert [len(p.hand) for p in st.players] == [9] * 4
    assert len(st.deck) == 120 - 36 and st.discard == []
    check_invariants(st)


def test_new_game_rejects_bad_arguments():
    for players in (1, 5):
        with pytest.raises(ValueError):
            guildhall.new_game(players, "x")
    with pytest.raises(ValueError):
        guildhall.new_game(2, "x", {"mode": "house"})
    with pytest.raises(ValueError):
        guildhall.new_game(2, "")


def test_default_mode_is_printed():
    assert guildhall.new_game(2, "x").mode == "printed"


def test_shuffle_depends_on_seed_only():
    a, b, c = guildhall.new_game(3, "s1"), guildhall.new_game(3, "s1"), guildhall.new_game(3, "s2")
    assert a == b and a.deck == b.deck and a.vp_deck == b.vp_deck
    assert a.deck != c.deck


def test_seed_commitment_is_sha256_of_seed():
    seed = guildhall.new_seed()
    assert len(seed) == 64 and int(seed, 16) >= 0
    assert guildhall.seed_commitment(seed) == hashlib.sha256(seed.encode()).hexdigest()
    assert guildhall.new_seed() != seed


# --- R3.6 setup ---------------------------------------------------------------------------------------
def _force_hand(st, seat, cards):
    """Swap the given card ids into ``seat``'s hand (from the deck), keeping every card in one place."""
    hand = st.players[seat].hand
    for i, c in enumerate(cards):
        if c in hand:
            continue
        old = hand[i]
        j = st.deck.index(c)
        st.deck[j] = old
        hand[i] = c
    check_invariants(st)


def test_r3_6_setup_starts_with_seat_0_and_is_sequential():
    st = guildhall.new_game(3, "setup-seq")
    assert st.phase == "setup" and guildhall.pending_player(st) == 0 and pending_kind(st) == "setup_discard"
    assert guildhall.legal_decisions(st, 1) == [] and guildhall.legal_decisions(st, 2) == []
    with pytest.raises(guildhall.IllegalDecision) as exc:
        guildhall.apply(st, 1, {"type": "done"})
    assert exc.value.code == "not_your_turn"
    do(st, "done")
    # still seat 0: now placing
    assert guildhall.pending_player(st) == 0 and pending_kind(st) == "setup_place"
    for _ in range(3):
        do(st, legal(st)[0])
    assert guildhall.pending_player(st) == 1 and pending_kind(st) == "setup_discard"
    assert len(st.players[0].hall) == 3 and len(st.players[0].hand) == 6
    assert len(st.players[1].hall) == 0


def test_r3_6_discard_any_number_then_draw_back_to_9_in_chosen_order():
    st = guildhall.new_game(2, "setup-discard")
    hand = sorted(st.players[0].hand)
    options = legal(st)
    assert types(options) == ["discard"] * 9 + ["done"]
    chosen = [hand[4], hand[0], hand[7]]
    deck_top = st.deck[-3:]
    for c in chosen:
        do(st, {"type": "discard", "card": c})
        assert {"type": "discard", "card": c} not in legal(st)  # each card once
    assert st.discard == []  # nothing moves before 'done'
    do(st, "done")
    assert st.discard == chosen  # in the chosen order, the last on top
    assert len(st.players[0].hand) == 9
    assert set(deck_top) <= set(st.players[0].hand)
    check_invariants(st)


def test_r3_6_discard_all_nine():
    st = guildhall.new_game(2, "setup-all")
    for c in sorted(st.players[0].hand):
        do(st, {"type": "discard", "card": c})
    assert types(legal(st)) == ["done"]
    do(st, "done")
    assert len(st.discard) == 9 and len(st.players[0].hand) == 9
    assert not set(st.discard) & set(st.players[0].hand)


def test_r3_6_discard_a_card_not_in_hand_is_illegal():
    st = guildhall.new_game(2, "setup-bad")
    other = st.players[1].hand[0]
    before = st.clone()
    with pytest.raises(guildhall.IllegalDecision) as exc:
        guildhall.apply(st, 0, {"type": "discard", "card": other})
    assert exc.value.code == "illegal" and "not in your hand" in exc.value.message
    assert st == before


def test_amb22_place_exactly_3_pairwise_non_identical_same_profession_ok():
    st = guildhall.new_game(2, "setup-place")
    red_w, red_w2, blue_w, red_f = cid("red Weaver"), cid("red Weaver", 1), cid("blue Weaver"), cid("red Farmer")
    _force_hand(st, 0, [red_w, red_w2, blue_w, red_f])
    do(st, "done")
    do(st, {"type": "place", "card": red_w})
    offered = [o["card"] for o in legal(st)]
    assert red_w2 not in offered and blue_w in offered and red_f in offered
    before = st.clone()
    with pytest.raises(guildhall.IllegalDecision) as exc:
        guildhall.apply(st, 0, {"type": "place", "card": red_w2})
    assert exc.value.code == "illegal"
    assert exc.value.message == "You already have a red Weaver in your guildhall."
    assert st == before
    do(st, {"type": "place", "card": blue_w})  # same profession, other colour: fine
    do(st, {"type": "place", "card": red_f})  # same colour, other profession: fine (AMB-19)
    assert sorted(st.players[0].hall.values()) == sorted([red_w, blue_w, red_f])
    assert red_w2 in st.players[0].hand
    assert guildhall.pending_player(st) == 1  # exactly 3, then the next player


def test_r3_6_placing_is_not_playing_no_undo_of_draw_and_no_ability():
    st = guildhall.new_game(2, "setup-noability")
    do(st, "done")
    tokens = [p.tokens for p in st.players]
    discard = st.discard[:]
    for _ in range(3):
        do(st, legal(st)[0])
    assert [p.tokens for p in st.players] == tokens and st.discard == discard
    assert st.stack[-1]["kind"] == "setup_discard"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_r3_7_after_last_setup_seat_0_takes_first_turn_with_2_actions(players):
    st = guildhall.new_game(players, f"setup-{players}")
    seats_seen = []
    while st.phase == "setup":
        seat = guildhall.pending_player(st)
        if not seats_seen or seats_seen[-1] != seat:
            seats_seen.append(seat)
        options = legal(st)
        do(st, {"type": "done"} if options[-1]["type"] == "done" else options[0])
    assert seats_seen == list(range(players))
    assert st.phase == "play" and st.active == 0 and guildhall.pending_player(st) == 0
    assert st.actions == 2 and pending_kind(st) == "action"
    assert st.turn == players + 1  # docs/engine-api.md: setup turns count
    for p in st.players:
        assert len(p.hall) == 3 and len(p.hand) == 6
    check_invariants(st)
