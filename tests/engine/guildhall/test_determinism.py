"""Determinism and decisions: replay(log) equals the live state; an illegal or
malformed decision raises IllegalDecision and leaves the state untouched; bots play only legal decisions;
the invariants of the game hold after every decision."""

import json
import pickle
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as S

from engine import guildhall
from tests.engine.guildhall.helpers import check_invariants, random_game, table

MODES = S.sampled_from(["printed", "yucata"])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=S.integers(2, 4), mode=MODES, n=S.integers(0, 2**31), steps=S.integers(1, 1500))
def test_replay_equals_live_state(players, mode, n, steps):
    st, log = random_game(players, f"det-{n}", mode, rng_seed=n, max_decisions=steps)
    stored = json.loads(json.dumps(log))  # the log as the database stores it (JSON)
    replayed = guildhall.replay(players, f"det-{n}", {"mode": mode}, [(seat, d) for seat, d in stored])
    assert replayed == st
    assert replayed.seq == len(log)
    for viewer in [None] + list(range(players)):
        assert guildhall.view(replayed, viewer) == guildhall.view(st, viewer)
    if st.seq:
        assert guildhall.describe(replayed, st.seq, None, ["a", "b", "c", "d"]) == guildhall.describe(
            st, st.seq, None, ["a", "b", "c", "d"])
    # the turn's undo snapshot survives replay and pickling (the web layer caches pickled states)
    seat = guildhall.pending_player(st)
    if seat is not None and {"type": "undo"} in guildhall.legal_decisions(st, seat):
        unpickled = pickle.loads(pickle.dumps(st))
        for other in (replayed, unpickled):
            guildhall.apply(other, seat, {"type": "undo"})
        guildhall.apply(st, seat, {"type": "undo"})
        assert replayed == st and unpickled == st


def test_replay_prefixes_and_a_different_seed_differ():
    st, log = random_game(3, "prefix", "printed", rng_seed=7, max_decisions=300)
    for k in (0, 1, 50, 299):
        live, _ = random_game(3, "prefix", "printed", rng_seed=7, max_decisions=k)
        assert guildhall.replay(3, "prefix", {"mode": "printed"}, log[:k]) == live
    assert guildhall.new_game(3, "prefix") != guildhall.new_game(3, "prefix2")


def garbage_decisions(st, rng):
    """Decisions that are malformed or illegal in this state."""
    legal = guildhall.legal_decisions(st, guildhall.pending_player(st))
    candidates = [
        {"type": "play", "card": rng.randrange(-5, 160)},
        {"type": "select", "card": rng.randrange(0, 150)},
        {"type": "discard", "card": rng.randrange(0, 120)},
        {"type": "buy", "card": rng.randrange(100, 160)},
        {"type": "tier", "tier": rng.choice([-1, 1, 2, 3, 4, 5, 7])},
        {"type": "target", "seat": rng.randrange(-1, 5)},
        {"type": "chapter", "profession": rng.choice(["weaver", "farmer", "dancer"])},
        {"type": "pay", "card": rng.randrange(0, 120)},
        {"type": rng.choice(["done", "decline", "use", "end_turn", "discard_draw", "undo"])},
        # An order (rules version 3) naming a card the decision does not put on the pile, or twice.
        {"type": "end_turn", "order": [rng.randrange(0, 120)]},
        {"type": "pay", "card": rng.randrange(0, 120), "order": [rng.randrange(0, 120)]},
        {"type": "pay", "card": 7, "order": [7, 7]},
        {"type": "end_turn", "order": "7"},
    ]
    # A decision is legal with or without the optional order its option is offered with.
    plain = [{k: v for k, v in d.items() if k != "order"} for d in legal]
    return [d for d in candidates if d not in legal and d not in plain]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=S.integers(2, 4), mode=MODES, n=S.integers(0, 2**31))
def test_illegal_decisions_leave_the_state_untouched(players, mode, n):
    rng = random.Random(n)
    refused = [0]

    def each(st, seat, decision):
        if rng.random() < 0.3:
            for bad in garbage_decisions(st, rng):
                before = st.clone()
                with pytest.raises(guildhall.IllegalDecision) as exc:
                    guildhall.apply(st, seat, bad)
                assert exc.value.code in ("illegal", "malformed")
                assert exc.value.message and isinstance(exc.value.message, str)
                assert st == before
                refused[0] += 1
            others = [s for s in range(players) if s != seat]
            before = st.clone()
            with pytest.raises(guildhall.IllegalDecision) as exc:
                guildhall.apply(st, rng.choice(others), decision)
            assert exc.value.code == "not_your_turn" and st == before
            assert guildhall.legal_decisions(st, others[0]) == []

    random_game(players, f"illegal-{n}", mode, rng_seed=n, max_decisions=400, each=each)
    assert refused[0] > 0


def test_invariants_after_every_decision_in_whole_games():
    """Each card in exactly one place, no duplicate in a guildhall, the limit of 3 completed chapters
    (R7.1, R8.4, Y1), VP = VP cards + tokens (R12.3)."""
    def each(st, seat, decision):
        check_invariants(st)
        for p in st.players:
            assert p.vp == sum(guildhall.vp_json(v)["vp"] for v in p.vp_cards) + p.tokens
        assert decision in guildhall.legal_decisions(st, seat)

    for n, (players, mode) in enumerate([(2, "printed"), (3, "yucata"), (4, "printed"), (4, "yucata")]):
        st, log = random_game(players, f"inv-{n}", mode, rng_seed=n, each=each)
        check_invariants(st)


@pytest.mark.parametrize("bad", [
    None, 3, "play", ["play", 1], {}, {"type": None}, {"type": "fly"}, {"type": 5},
    {"type": "play"}, {"type": "play", "card": True}, {"type": "play", "card": "12"},
    {"type": "play", "card": 1.0}, {"type": "target"}, {"type": "target", "seat": False},
    {"type": "tier", "tier": None}, {"type": "chapter", "profession": "knight"},
    {"type": "chapter", "profession": 3}, {"type": "pay", "card": [1]},
])
def test_malformed_decisions(bad):
    st = table(hands={0: ["red Farmer"]})
    before = st.clone()
    with pytest.raises(guildhall.IllegalDecision) as exc:
        guildhall.apply(st, 0, bad)
    assert exc.value.code == "malformed" and exc.value.message
    assert st == before


def test_wrong_seat_is_not_your_turn():
    st = table(players=3, hands={0: ["red Farmer"]})
    for seat in (1, 2):
        with pytest.raises(guildhall.IllegalDecision) as exc:
            guildhall.apply(st, seat, {"type": "end_turn"})
        assert exc.value.code == "not_your_turn"
        assert guildhall.legal_decisions(st, seat) == []


def test_unknown_fields_are_dropped_from_the_decision():
    st = table(hands={0: ["red Farmer"]})
    guildhall.apply(st, 0, {"type": "end_turn", "note": "x" * 1000})
    assert st.active == 1


def test_state_pickles_and_clones_independently():
    st, _ = random_game(3, "pickle", "printed", rng_seed=3, max_decisions=200)
    copy = pickle.loads(pickle.dumps(st))
    assert copy == st
    clone = st.clone()
    seat = guildhall.pending_player(clone)
    guildhall.apply(clone, seat, guildhall.legal_decisions(clone, seat)[0])
    assert clone != st and copy == st


def test_legal_lists_are_json_and_bounded():
    """Bounded branching: a multi-card choice is made card by card."""
    longest = [0]

    def each(st, seat, decision):
        options = guildhall.legal_decisions(st, seat)
        json.dumps(options)
        longest[0] = max(longest[0], len(options))

    for n in range(3):
        random_game(4, f"bounded-{n}", "printed", rng_seed=n, each=each)
    assert longest[0] <= 150


@pytest.mark.parametrize("bad", [{"type": ["play"]}, {"type": {"a": 1}}])
def test_malformed_decision_type_not_a_string(bad):
    st = table(hands={0: ["red Farmer"]})
    before = st.clone()
    with pytest.raises(guildhall.IllegalDecision) as exc:
        guildhall.apply(st, 0, bad)
    assert exc.value.code == "malformed"
    assert st == before


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=S.integers(2, 4), mode=MODES, n=S.integers(0, 2**31))
def test_every_offered_decision_applies_and_nobody_is_stuck(players, mode, n):
    """Soundness of the legal list: every option (not only the one a bot picks) applies without error,
    keeps the invariants, and leaves someone a decision to make (or the game over)."""
    rng = random.Random(n)
    tried = [0]

    def each(st, seat, decision):
        if rng.random() > 0.15:
            return
        for option in guildhall.legal_decisions(st, seat):
            assert guildhall.normalise(json.loads(json.dumps(option))) == option  # round-trips through JSON
            child = st.clone()
            guildhall.apply(child, seat, option)
            check_invariants(child)
            if child.phase != "over":
                assert guildhall.legal_decisions(child, guildhall.pending_player(child))
            tried[0] += 1

    random_game(players, f"sound-{n}", mode, rng_seed=n, max_decisions=500, each=each)
    assert tried[0] > 0


def test_api_surface():
    assert isinstance(guildhall.ENGINE_VERSION, str) and guildhall.ENGINE_VERSION
    assert guildhall.MODES == ("printed", "yucata")
    st = table(tokens={1: 4}, vp_cards={1: ["VP9"]})
    assert st.vp(1) == 13 and st.vp(0) == 0 and not st.finished
    assert guildhall.normalise({"type": "play", "card": 5, "extra": 1}) == {"type": "play", "card": 5}


def test_identical_copies_in_hand_are_separate_options():
    """docs/rules.md 'Where we chose' 6."""
    st = table(hands={0: ["red Farmer", "red Farmer"]})
    plays = [o["card"] for o in guildhall.legal_decisions(st, 0) if o["type"] == "play"]
    assert plays == [40, 41]


def test_replay_of_decisions_with_extra_fields_equals_the_live_state():
    """The web layer stores the decision as submitted (games/services.py); apply normalises it, so replaying
    the stored log must give the same state."""
    st = guildhall.new_game(2, "extra-fields")
    log = []
    rng = random.Random(5)
    while len(log) < 60:
        seat = guildhall.pending_player(st)
        decision = dict(guildhall.bots.choose(st, seat, kind="random", rng=rng))
        decision["client"] = "web"
        if decision["type"] in ("use", "decline"):
            decision["tier"] = 4
        guildhall.apply(st, seat, decision)
        log.append((seat, decision))
        assert guildhall.replay(2, "extra-fields", {"mode": "printed"}, log) == st


def test_apply_returns_the_events_of_the_entry():
    st = table(hands={0: ["purple Farmer"]}, halls={0: ["red Farmer"]})
    purple_farmer = 2 * 20 + 4 * 4  # profession*20 + colour*4 + copy
    events = guildhall.apply(st, 0, {"type": "play", "card": purple_farmer})
    assert events == st.events[st.seq]
    assert events[0] == {"t": "decided", "seat": 0}
    assert {"t": "play", "seat": 0, "card": purple_farmer} in events


def test_replay_validate_accepts_a_good_log_and_points_at_a_tampered_entry():
    st, log = random_game(2, "audit", "printed", rng_seed=4, max_decisions=120)
    assert guildhall.replay(2, "audit", {"mode": "printed"}, log, validate=True) == st
    tampered = list(log)
    index = next(i for i, (_seat, d) in enumerate(log) if d["type"] == "play" and i > 20)
    seat, decision = tampered[index]
    tampered[index] = (seat, {"type": "play", "card": 200})
    with pytest.raises(guildhall.IllegalDecision) as exc:
        guildhall.replay(2, "audit", {"mode": "printed"}, tampered, validate=True)
    assert exc.value.index == index
    assert str(exc.value).startswith(f"entry {index + 1}:")
    tampered[index] = (1 - seat, decision)  # the right decision by the wrong seat
    with pytest.raises(guildhall.IllegalDecision) as exc:
        guildhall.replay(2, "audit", {"mode": "printed"}, tampered, validate=True)
    assert exc.value.index == index and exc.value.code == "not_your_turn"
