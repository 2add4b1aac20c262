"""The bots play fair: moving the cards a seat cannot see (other hands, every deck below its known top,
every discard pile below its top) and changing the game's seed never changes a decision. The strong
bot's search reaches hidden cards only through the game's ``sample``, from a canonical copy of what the
seat cannot tell apart (engine/dominion/bots/searching.py)."""

import random

import pytest

from engine import dominion as D
from engine.dominion.bots.searching import canonical, sampler
from engine.dominion.sampling import permute_hidden

from .helpers import endgame_positions, positions_by_kind, tiny_strong

ENDGAME = endgame_positions()
SWEEP = [st for states in positions_by_kind(per_kind=2, seed="fair").values() for st in states]


def hidden_moved(st, seat, rng):
    """``st`` with the cards hidden from ``seat`` moved among their hidden places and another seed: the
    seat's view, options and log stay the same (checked), so nothing it may know changed."""
    other = permute_hidden(st, seat, rng)
    other.seed = f"another-{rng.random()}"
    assert D.view(other, seat) == D.view(st, seat)
    assert D.legal_decisions(other, seat) == D.legal_decisions(st, seat)
    return other


def test_the_endgame_positions_are_searched_ones():
    assert len(ENDGAME) >= 4
    for st in ENDGAME:
        assert st.prompt["kind"] == "buy" and st.supply["Province"] <= 5


@pytest.mark.parametrize("index", range(4))
def test_the_strong_bots_search_does_not_depend_on_hidden_cards(index):
    st = ENDGAME[index]
    seat = D.pending_player(st)
    strong = tiny_strong()
    options = D.legal_decisions(st, seat)
    decision = strong(st, seat, options, random.Random(5))
    shuffler = random.Random(index)
    changed = 0
    for _ in range(3):
        other = hidden_moved(st, seat, shuffler)
        changed += other.seats != st.seats
        assert strong(other, seat, options, random.Random(5)) == decision
    assert changed  # the permutation did move cards


@pytest.mark.parametrize("bot", ["bigmoney", "bigmoney_x"])
def test_scripted_bots_do_not_depend_on_hidden_cards(bot):
    shuffler = random.Random(bot)
    for st in SWEEP:
        seat = D.pending_player(st)
        decision = D.bots.choose(st, seat, bot, random.Random(3))
        assert D.bots.choose(hidden_moved(st, seat, shuffler), seat, bot, random.Random(3)) == decision


def test_the_strong_bot_does_not_depend_on_hidden_cards_at_any_question():
    shuffler = random.Random("sweep")
    strong = tiny_strong()
    for st in SWEEP:
        seat = D.pending_player(st)
        options = D.legal_decisions(st, seat)
        decision = strong(st, seat, options, random.Random(3))
        assert strong(hidden_moved(st, seat, shuffler), seat, options, random.Random(3)) == decision


def test_canonical_copies_of_indistinguishable_states_are_equal():
    shuffler = random.Random("canonical")
    for st in ENDGAME + SWEEP[:10]:
        seat = D.pending_player(st)
        other = hidden_moved(st, seat, shuffler)
        assert canonical(other, seat) == canonical(st, seat)
        a, b = sampler(st, seat)(random.Random(9)), sampler(other, seat)(random.Random(9))
        assert a == b


def test_a_sample_keeps_what_the_seat_sees_and_deals_the_rest():
    for st in ENDGAME:
        seat = D.pending_player(st)
        draw = sampler(st, seat)
        samples = [draw(random.Random(n)) for n in range(6)]
        for sample in samples:
            assert D.view(sample, seat)["players"] == D.view(st, seat)["players"]
            assert sample.seats[seat].hand == st.seats[seat].hand
            for true, dealt in zip(st.seats, sample.seats, strict=True):
                assert sorted(true.hand + true.deck + true.discard) == sorted(dealt.hand + dealt.deck + dealt.discard)
            assert sample.seed != st.seed
        # The hidden cards really are dealt again: the samples differ among themselves.
        left = (seat + 1) % st.num_players
        assert len({tuple(sorted(s.seats[left].hand)) for s in samples}) > 1


def test_the_search_would_notice_a_visible_difference():
    """Not vacuous: a card moved between the seat's hand (seen) and its deck (not seen) changes the
    samples, and the seat's view."""
    st = next(st for st in SWEEP if st.prompt["kind"] == "action" and len(set(st.seats[st.active].hand)) > 1
              and st.seats[st.active].deck)
    seat = st.active
    other = st.clone()
    mine = other.seats[seat]
    swap = next(i for i, c in enumerate(mine.deck) if c != mine.hand[0])
    mine.hand[0], mine.deck[swap] = mine.deck[swap], mine.hand[0]
    assert D.view(other, seat) != D.view(st, seat)
    assert sampler(other, seat)(random.Random(1)) != sampler(st, seat)(random.Random(1))


def test_the_strong_bot_is_deterministic_for_a_generator_and_budget():
    strong = tiny_strong()
    for st in ENDGAME:
        seat = D.pending_player(st)
        options = D.legal_decisions(st, seat)
        assert strong(st, seat, options, random.Random(11)) == strong(st.clone(), seat, options, random.Random(11))
