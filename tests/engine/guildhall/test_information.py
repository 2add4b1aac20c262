"""Hidden information through the legal-decision list (R14): what a player is offered must not depend on
cards they may not see, except while they legitimately look at them (a Historian T2/T4 search in
progress)."""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as S

from engine import guildhall
from tests.engine.guildhall.helpers import do, legal, random_game, table, tiers_offered
from tests.engine.guildhall.test_views import permuted


def searching(st):
    top = st.stack[-1]
    return top["kind"] == "ability" and top["ability"] == "historian" and top["tier"] > 0


def historian_choice_pending(st):
    top = st.stack[-1]
    return top["kind"] == "choose_tier" and top["ability"] == "historian" and top["level"] >= 2


def dump(options):
    return json.dumps(options, sort_keys=True)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=S.integers(2, 4), mode=S.sampled_from(["printed", "yucata"]), n=S.integers(0, 10**6))
def test_legal_decisions_do_not_depend_on_hidden_cards(players, mode, n):
    rng = random.Random(n)
    checked = [0]

    def each(st, seat, decision):
        if searching(st) or historian_choice_pending(st) or rng.random() < 0.8:
            return  # see test_historian_tiers_do_not_reveal_the_pile for the tier choice
        options = dump(guildhall.legal_decisions(st, seat))
        for _ in range(2):
            assert dump(guildhall.legal_decisions(permuted(st, seat, rng), seat)) == options
        checked[0] += 1

    random_game(players, f"info-{n}", mode, rng_seed=n, max_decisions=600, each=each)
    assert checked[0] > 0


def test_historian_tiers_do_not_reveal_the_pile():
    """Two tables that differ only below the top of the discard pile: in one every buried card duplicates
    the guildhall, in the other one does not. Before searching (R14: only a player searching the pile sees
    it), the player must not be able to tell them apart without paying for the look: either the same tiers
    are offered, or the play can no longer be undone (the look counts as a reveal)."""
    outcomes = []
    for buried in ("red Farmer", "purple Dancer"):
        st = table(hands={0: ["red Historian"]}, halls={0: ["blue Historian", "green Historian", "red Farmer"]},
                   discard=[buried, "blue Historian"])  # the top duplicates the hall: no T0
        do(st, ("play", "red Historian"))
        tiers = tiers_offered(legal(st))
        undo = {"type": "undo"} in guildhall.legal_decisions(st, 0)
        outcomes.append((tiers, undo))
    (tiers_a, undo_a), (tiers_b, undo_b) = outcomes
    assert tiers_a == tiers_b or not (undo_a or undo_b), outcomes
