"""Whole games by bots through the legal decisions: every card conserved after every decision, the log
replays to the live state (validated entry by entry too), and the games end."""

import json
import random

import pytest

from engine import dominion as D
from engine import selfplay


def self_play(games, players, bot):
    """Whole games through the shared harness (the invariants and the replay checked after every
    decision), the two editions alternating."""
    for number in range(games):
        seed = f"sp-{players}-{bot}-{number}"
        options = {"edition": ("2013", "2022")[number % 2]}
        st, log, _play, _check = selfplay.play_one(players, seed, options, bot, random.Random(seed), game=D)
        assert st.finished, f"{seed} did not end in {len(log)} decisions"
        assert D.replay(players, seed, options, log) == st
        D.check_invariants(st)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("bot", ["random", "bigmoney"])
def test_self_play_replays_to_the_live_state(players, bot):
    self_play(4, players, bot)


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
    self_play(150, players, bot)


def test_invariants_catch_a_lost_card():
    st = D.new_game(2, "lost", {})
    D.check_invariants(st)
    st.seats[0].hand.pop()
    with pytest.raises(AssertionError, match="cards in the game"):
        D.check_invariants(st)
