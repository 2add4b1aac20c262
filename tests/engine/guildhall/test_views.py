"""Views (reference §14, AMB-18, Y2, Y5): what each player may know, tested the strong way.

Permuting the cards a viewer may not see (other players' hands, the deck order, the discard pile below its
top, and in printed mode other players' completed chapters) must leave that viewer's view unchanged. The
pile below its top is not hidden from a player searching it with a Historian or ordering cards they put
on it, nor from anyone in Yucata mode (Y5), where hand cards taken back face up are known too.
"""

import hashlib
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as S

from engine import guildhall
from engine.guildhall.views import card_ids_in, hidden_cards, pile_visible
from tests.engine.guildhall.helpers import cid, do, legal, random_game, table

VIEWERS_MAX = 4


def dump(view):
    return json.dumps(view, sort_keys=True)


def permuted(st, viewer, rng):
    """A copy of ``st`` with every card hidden from ``viewer`` moved to another hidden position (and the
    hidden parts of past events changed): Guildhall's ``permute_hidden``."""
    return guildhall.permute_hidden(st, viewer, rng)


def visible_cards(st, viewer):
    """The profession cards a viewer may see before the end: face-up guildhalls, the action area, the top
    of the discard pile (all of it while searching or ordering it, and in Yucata mode), their own hand."""
    seen = set(st.area) | pile_visible(st, viewer)
    for player in st.players:
        seen.update(player.hall.values())
    if st.discard:
        seen.add(st.discard[-1])
    if viewer is not None:
        seen.update(st.players[viewer].hand)
    return seen


def seed_for(n):
    return "seed-" + hashlib.sha256(str(n).encode()).hexdigest()[:24]


def check_views(st, rng):
    viewers = [None] + list(range(st.num_players))
    for viewer in viewers:
        view = guildhall.view(st, viewer)
        text = dump(view)
        if st.phase != "over":
            assert st.seed not in text, "the seed leaked into a view"
            ids = card_ids_in(view)
            assert not ids & hidden_cards(st, viewer)
            assert ids == visible_cards(st, viewer)
            for _ in range(2):
                assert dump(guildhall.view(permuted(st, viewer, rng), viewer)) == text
        else:
            assert view["seed"] == st.seed


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=S.integers(2, 4), mode=S.sampled_from(["printed", "yucata"]), n=S.integers(0, 10**6),
       steps=S.integers(0, 700))
def test_r14_views_invariant_under_permutation_of_hidden_cards(players, mode, n, steps):
    rng = random.Random(n)
    st, _ = random_game(players, seed_for(n), mode, rng_seed=n, max_decisions=steps)
    check_views(st, rng)


def test_r14_views_along_whole_games():
    """Every 7th decision of three complete games, every viewer."""
    for n, (players, mode) in enumerate([(2, "printed"), (3, "yucata"), (4, "printed")]):
        rng = random.Random(n)
        counter = [0]

        def each(st, seat, decision, rng=rng, counter=counter):
            counter[0] += 1
            if counter[0] % 7 == 0:
                check_views(st, rng)

        st, _ = random_game(players, seed_for(100 + n), mode, rng_seed=n, each=each)
        check_views(st, rng)


def test_permutation_check_is_not_vacuous():
    """Moving a *visible* card (the discard top, the viewer's hand) does change the view."""
    st = table(hands={0: ["red Farmer"], 1: ["blue Weaver"]}, discard=["green Dancer", "red Trader"])
    base = dump(guildhall.view(st, 0))
    other = st.clone()
    other.discard[-1], other.deck[0] = other.deck[0], other.discard[-1]
    assert dump(guildhall.view(other, 0)) != base
    other = st.clone()
    other.players[0].hand[0], other.deck[0] = other.deck[0], other.players[0].hand[0]
    assert dump(guildhall.view(other, 0)) != base
    other = st.clone()  # seat 1's hand is hidden from seat 0, not from seat 1
    other.players[1].hand[0], other.deck[0] = other.deck[0], other.players[1].hand[0]
    assert dump(guildhall.view(other, 0)) == base
    assert dump(guildhall.view(other, 1)) != dump(guildhall.view(st, 1))


def test_r14_public_fields():
    st = table(hands={0: ["red Farmer", "blue Farmer"], 1: ["blue Weaver"]}, halls={1: ["green Trader"]},
               completed={1: ["dancer"]}, tokens={1: 3}, vp_cards={1: ["VP5"]}, discard=["green Dancer", "red Trader"])
    view = guildhall.view(st, 0)
    you, them = view["players"][0], view["players"][1]
    assert [c["id"] for c in view["you"]["hand"]] == sorted([cid("red Farmer"), cid("blue Farmer")])
    assert them["hand_size"] == 1 and "hand" not in them
    assert them["chapters"] == {"trader": [guildhall.card_json(cid("green Trader"))]}
    assert them["completed"] == 1 and "completed_professions" not in them  # printed: count only (R8.5)
    assert them["vp"] == 8 and them["tokens"] == 3
    assert view["discard_top"] == guildhall.card_json(cid("red Trader")) and view["discard_size"] == 2
    assert view["deck_size"] == len(st.deck) and view["vp_deck_size"] == len(st.vp_deck)  # AMB-18
    assert len(view["center_row"]) == 5 and view["actions"] == 2 and view["active"] == 0
    assert view["pending"] == {"seat": 0, "kind": "action"}
    assert you["hand_size"] == 2
    spectator = guildhall.view(st, None)
    assert spectator["you"] is None and all("hand" not in p for p in spectator["players"])


def test_y2_completed_professions_public_in_yucata_only():
    st = table(mode="yucata", completed={1: ["dancer", "weaver"]})
    assert guildhall.view(st, 0)["players"][1]["completed_professions"] == ["dancer", "weaver"]
    assert guildhall.view(st, None)["players"][1]["completed_professions"] == ["dancer", "weaver"]
    st = table(mode="printed", completed={1: ["dancer", "weaver"]})
    assert "completed_professions" not in guildhall.view(st, 0)["players"][1]
    assert guildhall.view(st, 1)["players"][1]["completed_professions"] == ["dancer", "weaver"]  # the owner


def test_r14_action_area_is_public_and_picks_only_to_the_decider():
    st = table(hands={0: ["red Weaver", "blue Farmer", "green Dancer"]},
               halls={0: ["red Farmer", "blue Weaver", "green Weaver"]})
    do(st, ("play", "red Weaver"))
    assert guildhall.view(st, 1)["action_area"]["cards"] == [guildhall.card_json(cid("red Weaver"))]
    do(st, ("tier", 2), ("select", "red Farmer"), ("select", "blue Farmer"))
    assert "picks" in guildhall.view(st, 0)["pending"]
    assert "picks" not in guildhall.view(st, 1)["pending"]
    assert cid("blue Farmer") not in card_ids_in(guildhall.view(st, 1))


def test_finished_game_reveals_everything_and_the_seed():
    st = table(tokens={0: 20}, hands={1: ["red Farmer"]}, completed={1: ["dancer"]})
    assert st.seed not in dump(guildhall.view(st, 1))
    do(st, "end_turn")
    for viewer in (None, 0, 1):
        view = guildhall.view(st, viewer)
        assert view["seed"] == st.seed and view["winner"] == 0 and view["placings"] == [1, 2]
        assert [c["id"] for c in view["players"][1]["hand"]] == [cid("red Farmer")]
        assert len(view["players"][1]["completed_cards"]) == 1
        assert len(view["deck"]) == len(st.deck) and len(view["discard"]) == len(st.discard)
        assert card_ids_in(view) == set(range(120))


def test_reveal_all_view_for_replays_discloses_everything_but_keeps_the_moment():
    st = table(hands={0: ["red Farmer"], 1: ["blue Weaver"]}, completed={1: ["dancer"]},
               discard=["green Dancer", "red Trader"])
    full = guildhall.view(st, None, reveal_all=True)
    assert full["seed"] == st.seed and full["phase"] == "play" and full["pending"] == {"seat": 0, "kind": "action"}
    assert card_ids_in(full) == set(range(120))
    assert [c["id"] for c in full["players"][1]["hand"]] == [cid("blue Weaver")]
    assert "seed" not in guildhall.view(st, None)  # the normal view is untouched


def test_pending_phase_says_what_the_options_mean():
    st = table(hands={0: ["red Trader"]}, halls={0: ["blue Farmer"], 1: ["red Dancer"]})
    do(st, ("play", "red Trader"), ("tier", 0))
    assert guildhall.view(st, 1)["pending"]["phase"] == "target"
    do(st, ("target", 1))
    assert guildhall.view(st, 0)["pending"]["phase"] == "give"
    do(st, ("select", "blue Farmer"))
    assert guildhall.view(st, 0)["pending"]["phase"] == "take"


# --- the Historian's search shows the pile (reference §6.3) ------------------------------------------------
@pytest.mark.parametrize("mode", ["printed", "yucata"])
def test_historian_search_shows_the_searcher_every_card_of_the_pile_marking_twins(mode):
    st = table(mode=mode, hands={0: ["red Historian"]}, halls={0: ["blue Historian", "green Historian", "red Farmer"]},
               discard=["red Farmer", "yellow Dancer", "blue Historian", "purple Weaver"])
    do(st, ("play", "red Historian"), ("tier", 2))
    pile = guildhall.view(st, 0)["pending"]["pile"]
    assert [(c["card"]["id"], c["offered"], c["reason"]) for c in pile] == [
        (cid("purple Weaver"), True, None),
        (cid("blue Historian", 1), False, "duplicate"),  # a twin of a face-up card (R7.3)
        (cid("yellow Dancer"), True, None),
        (cid("red Farmer", 1), False, "duplicate"),
    ]
    assert {c["card"]["id"] for c in pile if c["offered"]} == {d["card"] for d in legal(st) if d["type"] == "select"}
    other = guildhall.view(st, 1)
    assert "pile" not in other["pending"]
    if mode == "printed":  # the others still see only the top
        assert not card_ids_in(other) & {cid("yellow Dancer"), cid("red Farmer", 1), cid("blue Historian", 1)}


def test_historian_t4_search_after_the_first_card_shows_its_twin_as_a_duplicate():
    st = table(hands={0: ["red Historian"]},
               halls={0: ["blue Historian", "green Historian", "yellow Historian", "purple Historian"]},
               discard=["red Farmer", "yellow Dancer", "red Farmer"])
    do(st, ("play", "red Historian"), ("tier", 4), ("select", cid("red Farmer", 1)))
    pile = guildhall.view(st, 0)["pending"]["pile"]
    assert [(c["card"]["id"], c["offered"]) for c in pile] == [(cid("yellow Dancer"), True), (cid("red Farmer"), False)]


def test_a_card_the_search_does_not_offer_is_always_a_twin_of_a_face_up_card():
    """guildhall.abilities.historian.searching: the only reason given is 'duplicate'; checked along games."""
    seen = [0]

    def each(st, seat, decision):
        pending = guildhall.view(st, seat)["pending"] or {}
        for entry in pending.get("pile", []):
            seen[0] += 1
            hall = st.players[seat].hall
            assert entry["offered"] != (entry["card"]["id"] // 4 in hall)

    for n in range(6):
        random_game(3, seed_for(300 + n), "printed", rng_seed=n, each=each)
    assert seen[0] > 0


# --- Yucata's information popups (Y5) ------------------------------------------------------------------------
def test_y5_yucata_shows_pile_vp_deck_unknown_cards_and_known_hand_counts():
    st = table(mode="yucata",
               hands={0: ["red Weaver", "blue Farmer", "green Dancer"], 1: ["red Trader", "blue Trader"]},
               halls={0: ["red Farmer", "blue Weaver", "green Weaver"]}, discard=["green Dancer", "red Trader"])
    do(st, ("play", "red Weaver"), ("tier", 2), ("select", "red Farmer"), ("select", "blue Farmer"),
       ("select", "green Dancer"))
    for viewer in (None, 0, 1):
        view = guildhall.view(st, viewer)
        assert [c["id"] for c in view["discard"]] == st.discard  # bottom first, every card
        assert [v["id"] for v in view["vp_deck_cards"]] == sorted(st.vp_deck)  # the cards, not their order
        assert view["players"][0]["hand_known"] == 1  # the red Farmer taken back face up
        assert view["players"][1]["hand_known"] == 0
    assert guildhall.view(st, 0)["unknown_in_play"] == 2  # seat 1's two hand cards
    assert guildhall.view(st, 1)["unknown_in_play"] == 0  # seat 0's hand: the red Farmer is known
    assert guildhall.view(st, None)["unknown_in_play"] == 2
    unseen = {(u["profession"], u["colour"]): u["count"] for u in guildhall.view(st, 0)["unseen_cards"]}
    assert sum(unseen.values()) == len(st.deck) + 2 and unseen[("trader", "blue")] >= 1
    assert all("id" not in u for u in guildhall.view(st, 0)["unseen_cards"])
    # The known card stops counting once it leaves the hand.
    do(st, ("play", "red Farmer"))
    assert guildhall.view(st, 1)["players"][0]["hand_known"] == 0


def test_y5_printed_mode_keeps_the_physical_table():
    st = table(hands={0: ["red Weaver", "blue Farmer", "green Dancer"]},
               halls={0: ["red Farmer", "blue Weaver", "green Weaver"]}, discard=["green Dancer", "red Trader"])
    do(st, ("play", "red Weaver"), ("tier", 2), ("select", "red Farmer"), ("select", "blue Farmer"),
       ("select", "green Dancer"))
    view = guildhall.view(st, 1)
    for key in ("discard", "vp_deck_cards", "unknown_in_play", "unseen_cards"):
        assert key not in view
    assert "hand_known" not in view["players"][0]
    assert view["discard_top"]["id"] == st.discard[-1]
