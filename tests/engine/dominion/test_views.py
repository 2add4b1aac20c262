"""Hidden information (§12, D-HID-1..5): nobody sees the order of any deck, their own included; a hand, a
Doctor's look and order, a Herald's picks are the owner's alone; only the top of a discard pile is seen.

The strong check (D-HID-5): moving the cards hidden from a viewer among their hidden places
(``permute_hidden``: each player's own hidden cards, so that what each owns stays the same, as it is
public) leaves that viewer's view, options and log in words unchanged; and ``sample`` gives a state the
viewer cannot tell from the real one.
"""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as S

from engine import dominion as D

from .helpers import do, random_game, table

NAMES = ["Ann", "Bob", "Cat", "Dan"]


def dumps(value):
    return json.dumps(value, sort_keys=True)


def viewers(st):
    return list(range(st.num_players)) + [None]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=S.integers(2, 4), n=S.integers(0, 10**6), kind=S.sampled_from(["random", "bigmoney"]))
def test_views_and_options_do_not_depend_on_hidden_cards(players, n, kind):
    rng = random.Random(n)
    checked = [0]

    def each(st, seat, decision):
        if rng.random() < 0.85:
            return
        for viewer in viewers(st):
            seen = dumps(D.view(st, viewer))
            options = dumps(D.legal_decisions(st, viewer)) if viewer is not None else None
            moved = D.permute_hidden(st, viewer, rng)
            recent = range(max(0, st.seq - 8), st.seq + 1)
            assert [D.describe(moved, seq, viewer, NAMES) for seq in recent] == [
                D.describe(st, seq, viewer, NAMES) for seq in recent]
            for other in (moved, D.sample(st, viewer, rng)):
                assert dumps(D.view(other, viewer)) == seen
                if viewer is not None:
                    assert dumps(D.legal_decisions(other, viewer)) == options
            if not st.finished:
                assert st.seed not in seen
        checked[0] += 1

    random_game(players, f"views-{n}", rng_seed=n, each=each, kind=kind, cap=400,
                options={"edition": "2013" if n % 2 else "2022"})
    assert checked[0] > 0


def test_the_hand_is_the_owners_alone():
    st = table(hand=["Gold", "Plaza"], deck=["Copper"] * 3, cards=["Plaza"])
    assert D.view(st, 0)["you"]["hand"] == ["Gold", "Plaza"]
    for viewer in (1, None):
        player = D.view(st, viewer)["players"][0]
        assert "hand" not in player and player["hand_size"] == 2
        assert "Gold" not in dumps(D.view(st, viewer)["players"]) and D.view(st, viewer)["you"] in (None, {
            "seat": 1, "hand": ["Copper", "Copper", "Copper", "Estate", "Estate"]})


def test_nobody_sees_a_deck_order_their_own_included():
    st = table(hand=[], phase="buy", deck=["Province", "Gold", "Copper"], discard=["Silver", "Duchy", "Estate"])
    for viewer in (0, 1, None):
        player = D.view(st, viewer)["players"][0]
        assert player["deck_top"] == [] and player["deck_size"] == 3
        assert player["discard_top"] == "Silver" and player["discard_size"] == 3
        shown = dumps(D.view(st, viewer)["players"])
        assert "Province" not in shown and "Duchy" not in shown


def test_public_counts_and_zones():
    """D-HID-1: Supply counts, the Trash, cards in play, sizes, tokens, the phase and its counters."""
    st = table(hand=["Gold"], phase="buy", tokens=3, in_play=["Silver"], coins=2, trash=["Estate"])
    seen = D.view(st, 1)
    assert seen["trash"] == ["Estate"] and seen["players"][0]["in_play"] == ["Silver"]
    assert seen["players"][0]["tokens"] == 3 and seen["coins"] == 2 and seen["phase"] == "buy"
    assert {p["card"]: p["count"] for p in seen["supply"]}["Province"] == 8
    assert seen["pending"] == {"seat": 0, "kind": "buy"}


def test_draws_are_counts_for_others():
    st = table(hand=[], phase="buy", deck=["Province", "Gold", "Copper", "Copper", "Copper"])
    do(st, "end_turn")
    names = ["Ann", "Bob"]
    assert "Province" in D.describe(st, st.seq, 0, names)
    for viewer in (1, None):
        text = D.describe(st, st.seq, viewer, names)
        assert "Province" not in text and "Ann drew 5 cards" in text


def test_reveal_all_and_the_end_show_everything():
    st = table(hand=["Gold"], phase="buy", deck=["Province", "Copper"], discard=["Silver", "Duchy"])
    everything = D.view(st, None, reveal_all=True)
    assert everything["players"][0]["deck"] == ["Province", "Copper"]
    assert everything["players"][0]["discard"] == ["Silver", "Duchy"]
    assert everything["players"][0]["hand"] == ["Gold"]
    assert "deck" not in D.view(st, 0)["players"][0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_finished_game_shows_the_seed_and_all_cards(players):
    st, _ = random_game(players, "finished", kind="bigmoney")
    assert st.finished
    seen = D.view(st, None)
    assert seen["seed"] == "finished" and all("deck" in p and "hand" in p for p in seen["players"])


def test_spectator_sees_no_options_and_no_private_prompt_parts():
    st = table(hand=["Plaza", "Gold"], deck=["Silver"], cards=["Plaza"])
    do(st, ("play", "Plaza"))
    assert D.view(st, None)["pending"] == {"seat": 0, "kind": "plaza"}
    assert D.legal_decisions(st, 1) == []
