"""The strong bot plays fair by construction: it sees the game only through its seat's observation, so
cards it cannot see may lie anywhere without changing its decision (docs/bots.md, "Fairness")."""

import random

import pytest

from engine import guildhall, search
from engine.guildhall.observation import observe, public_skeleton
from engine.guildhall.sampler import determinize
from engine.guildhall.views import hidden_cards
from tests.engine.guildhall.test_views import permuted
from tests.engine.search.helpers import TINY, TINY_TREE, positions

CASES = [(2, "printed", "fair-a"), (3, "yucata", "fair-b"), (4, "printed", "fair-c"), (2, "yucata", "fair-d")]


@pytest.mark.parametrize("level", [TINY, TINY_TREE], ids=["root", "tree"])
@pytest.mark.parametrize(("players", "mode", "seed"), CASES)
def test_permuting_hidden_cards_never_changes_the_decision(players, mode, seed, level):
    shuffler = random.Random(seed)
    checked = 0
    for st in positions(players, mode, seed):
        seat = guildhall.pending_player(st)
        decision = search.choose(guildhall, st, seat, random.Random(7), level)
        for _ in range(2):
            other = permuted(st, seat, shuffler)
            other.seed = f"another-{shuffler.random()}"  # the game's seed is hidden too
            assert other != st or not hidden_cards(st, seat)
            assert search.choose(guildhall, other, seat, random.Random(7), level) == decision
            checked += 1
    assert checked >= 6


@pytest.mark.parametrize(("players", "mode", "seed"), CASES)
def test_the_observation_is_the_same_for_permuted_states(players, mode, seed):
    shuffler = random.Random(seed)
    for st in positions(players, mode, seed, limit=3):
        seat = guildhall.pending_player(st)
        other = permuted(st, seat, shuffler)
        a, b = observe(st, seat), observe(other, seat)
        assert all(getattr(a, f) == getattr(b, f) for f in type(a).__slots__)
        assert public_skeleton(st, seat) == public_skeleton(other, seat)


def test_the_search_would_notice_a_real_difference():
    """The permutation test is not vacuous: changing what the bot does see changes its samples."""
    st = positions(2, "printed", "fair-e", limit=1)[0]
    seat = guildhall.pending_player(st)
    other = st.clone()
    mine = other.players[seat].hand
    deck = other.deck
    mine[0], deck[0] = deck[0], mine[0]
    a = determinize(observe(st, seat), public_skeleton(st, seat), random.Random(1))
    b = determinize(observe(other, seat), public_skeleton(other, seat), random.Random(1))
    assert a.players[seat].hand != b.players[seat].hand


@pytest.mark.parametrize(("players", "mode", "seed"), CASES)
def test_a_sample_fills_every_hidden_zone_at_its_size_from_the_unseen_cards(players, mode, seed):
    for st in positions(players, mode, seed, limit=3):
        seat = guildhall.pending_player(st)
        hidden = hidden_cards(st, seat)
        sample = determinize(observe(st, seat), public_skeleton(st, seat), random.Random(3))
        places = list(sample.deck) + list(sample.discard) + list(sample.area)
        for other, (true, sampled) in enumerate(zip(st.players, sample.players, strict=True)):
            assert len(sampled.hand) == len(true.hand)
            assert len(sampled.completed) == len(true.completed)
            assert sampled.hall == true.hall
            if other == seat:
                assert sampled.hand == true.hand and sampled.completed == true.completed
            places += sampled.hand + list(sampled.hall.values()) + [c for ch in sampled.completed for c in ch]
        assert sorted(places) == list(range(120))
        assert len(sample.deck) == len(st.deck) and len(sample.discard) == len(st.discard)
        assert sorted(sample.vp_deck) == sorted(st.vp_deck)
        assert sample.seed != st.seed
        # Cards the seat sees stay where they are; only hidden ones move.
        assert sample.discard[-1] == st.discard[-1] if st.discard else True
        moved = {c for z_true, z_sample in ((st.deck, sample.deck),) for c in set(z_true) ^ set(z_sample)}
        assert moved <= hidden
