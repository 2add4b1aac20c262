"""One copy of a state: ``GameState.clone``, whose ``for_playout`` option is the search's copy (no log, no
events beyond the current decision, no undo snapshot), with zones as independent as a full clone's."""

import random

from engine.guildhall import playout as fast
from engine.guildhall.state import _FIELDS, NO_SNAPSHOT
from tests.engine.guildhall.helpers import random_game

PLAYOUT_ONLY = {"turn_log", "undo_floor", "events"}


def test_a_playout_copy_is_the_clone_less_its_log_and_plays_on_without_touching_the_original():
    for players, mode in ((2, "printed"), (3, "yucata"), (4, "printed")):
        st, _log = random_game(players, f"copy-{players}", mode, rng_seed=players, max_decisions=250)
        original = st.clone()
        copy = st.clone(for_playout=True)
        assert all(getattr(copy, f) == getattr(st, f) for f in _FIELDS if f not in PLAYOUT_ONLY)
        assert copy.turn_log == [] and copy.undo_floor == 0 and copy.events == [[]]
        assert copy.snapshot is NO_SNAPSHOT and copy.revealed is False
        rng = random.Random(players)
        for _ in range(200):  # play the copy on through the search's fast path, turns included
            if copy.phase == "over":
                break
            fast.play(copy, rng.choice(fast.options(copy)))
        assert copy.snapshot is NO_SNAPSHOT  # never copied again for undo at a new turn
        assert st == original  # nothing shared that play changes
