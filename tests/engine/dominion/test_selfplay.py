"""Whole games by bots through the legal decisions: every card conserved after every decision, the log
replays to the live state (validated entry by entry too), and the games end."""

import json
import random

import pytest

from engine import dominion as D
from engine.dominion import selfplay


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("bot", ["random", "bigmoney"])
def test_self_play_replays_to_the_live_state(players, bot):
    result, errors = selfplay.run(4, players, f"sp-{players}-{bot}", bot, edition="both")
    assert errors == [] and result["failures"] == 0 and result["unfinished"] == 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_replay_validate_accepts_every_logged_entry(players):
    rng = random.Random(players)
    st = D.new_game(players, f"validate-{players}", {})
    log = []
    while not st.finished:
        who = D.pending_player(st)
        decision = D.bots.choose(st, who, "random", rng)
        D.apply(st, who, decision)
        log.append((who, json.loads(json.dumps(decision))))
    again = D.replay(players, f"validate-{players}", {}, log, validate=True)
    assert again == st and D.outcome(again) == D.outcome(st)
    assert [D.describe(again, seq, 0, ["A", "B", "C", "D"]) for seq in range(again.seq + 1)] == [
        D.describe(st, seq, 0, ["A", "B", "C", "D"]) for seq in range(st.seq + 1)]


def test_replay_validate_names_the_bad_entry():
    st = D.new_game(2, "bad-log", {"first_seat": 0})
    log = [(0, {"type": "end_turn"}), (0, {"type": "end_turn"})]
    with pytest.raises(D.errors.IllegalDecision) as info:
        D.replay(2, "bad-log", {"first_seat": 0}, log, validate=True)
    assert info.value.index == 1 and info.value.message.startswith("entry 2:")
    assert st.seq == 0


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("bot", ["random", "bigmoney"])
def test_many_games(players, bot):
    result, errors = selfplay.run(150, players, f"many-{players}-{bot}", bot, edition="both")
    assert errors == [] and result["failures"] == 0 and result["unfinished"] == 0
