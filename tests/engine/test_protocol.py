"""The engine's protocol (docs/engine-api.md), checked against every registered game: a game added to
``engine.GAMES`` inherits these tests.

From many seeds, every player count and every choice of each option: random self-play in which the
state replayed from the stored log equals the live one after every decision (and a validated replay
agrees); refused decisions (malformed, by the wrong seat, illegal ones taken from a neighbouring state)
leave the state exactly as it was; the same seed gives the same game; changing what a viewer cannot see
(the game's ``permute_hidden``, or ``sample`` for the seat) leaves that viewer's view and log in words
unchanged; the outcome is consistent while the game goes on and at its end; leaving (resign, time_out,
take_over) works for every game. The default size takes seconds; ``-m slow`` plays many whole games.
"""

import json
import random

import pytest

import engine
from engine.leaving import BY_BOT, BY_TIMEOUT

GAMES = sorted(engine.GAMES)
NAMES = ["Ana", "Ben", "Cy", "Di"]
MALFORMED = ["not an object", {}, {"type": 17}, {"type": "no_such_decision_type"}, ["play"]]


def option_sets(game):
    """The default options, then each listed choice of each option (one changed at a time)."""
    sets = [{}]
    for name, spec in game.OPTIONS.items():
        for choice in spec["choices"] or ():
            if choice != spec["default"]:
                sets.append({name: choice})
    return sets


def cases(game, seeds):
    return [(players, options, f"protocol-{game.NAME}-{players}-{index}-{seed}")
            for players in game.PLAYERS
            for index, options in enumerate(option_sets(game))
            for seed in range(seeds)]


def stored(decision):
    """A decision as the site stores it: through JSON."""
    return json.loads(json.dumps(decision))


def snapshot(game, st):
    """Everything a refusal must leave as it was: the state, and every seat's view of it."""
    viewers = [None, *range(st.num_players)]
    return st.clone(), [json.dumps(game.view(st, v), sort_keys=True) for v in viewers]


def assert_unchanged(game, st, before):
    state, views = before
    assert st == state
    assert [json.dumps(game.view(st, v), sort_keys=True) for v in [None, *range(st.num_players)]] == views


class Game:
    """One game played at random through the protocol, with every entry logged as the site logs it."""

    def __init__(self, game, players, options, seed):
        self.game, self.players, self.options, self.seed = game, players, options, seed
        self.st = game.new_game(players, seed, options, game.ENGINE_VERSION)
        self.log = []
        self.refused = 0

    def replayed(self, validate=False):
        return self.game.replay(self.players, self.seed, self.options, self.log, version=self.game.ENGINE_VERSION,
                                validate=validate)

    def apply(self, seat, decision, by=None):
        events = self.game.apply(self.st, seat, decision, by=by)
        assert isinstance(events, list)
        self.log.append((seat, stored(decision), by))

    def refuse(self, seat, decision, by=None, code=None):
        """``decision`` must be refused (with ``code`` if given) and change nothing; False if the game
        accepted it (a decision taken from another state may be legal here too: it is then logged)."""
        before = snapshot(self.game, self.st)
        try:
            self.apply(seat, decision, by)
        except engine.IllegalDecision as exc:
            assert code is None or exc.code == code, (exc.code, exc.message)
            assert exc.message and isinstance(exc.message, str)
            assert_unchanged(self.game, self.st, before)
            self.refused += 1
            return True
        assert code is None, f"{decision} by seat {seat} was accepted"
        return False

    def mover(self):
        """The pending seat and who decides for it (the server's bot for a seat that left)."""
        seat = self.game.pending_player(self.st)
        return seat, (None if self.game.in_play(self.st, seat) else BY_BOT)


def play_at_random(g, rng, limit, replay_every=1, neighbours=None):
    """Random legal decisions until the end or ``limit`` entries; the replay checked every
    ``replay_every`` entries, refusals tried along the way. Returns the states passed through."""
    game = g.game
    passed = []
    while not game.outcome(g.st)["over"] and len(g.log) < limit:
        seat, by = g.mover()
        legal = game.legal_decisions(g.st, seat)
        assert legal, "the pending seat has a decision to make"
        for other in range(g.players):
            if other != seat:
                assert game.legal_decisions(g.st, other) == []
        if rng.random() < 0.15:
            try_refusals(g, rng, seat, by, legal, neighbours)
            if game.outcome(g.st)["over"]:
                break
            seat, by = g.mover()
            legal = game.legal_decisions(g.st, seat)
        if rng.random() < 0.1:
            passed.append(g.st.clone())
        g.apply(seat, rng.choice(legal), by)
        if len(g.log) % replay_every == 0:
            assert g.replayed() == g.st, f"entry {len(g.log)}: the replayed state differs from the live one"
        assert g.st.seq == len(g.log)
        outcome = game.outcome(g.st)
        if not outcome["over"]:
            assert outcome["places"] is None and outcome["winners"] == [] and outcome["ended_by"] is None
            assert game.pending_player(g.st) is not None
    if neighbours is not None:
        neighbours.extend(passed)
    return passed


def try_refusals(g, rng, seat, by, legal, neighbours):
    game = g.game
    for decision in rng.sample(MALFORMED, 2):
        g.refuse(seat, decision, by, code="malformed")
    others = [s for s in range(g.players) if s != seat and game.in_play(g.st, s)]
    choice = rng.choice(legal)
    if others and choice.get("type") != "resign":
        g.refuse(rng.choice(others), choice, None, code="not_your_turn")
    for state in rng.sample(neighbours, min(3, len(neighbours))) if neighbours else ():
        mover = game.pending_player(state)
        if mover is None:
            continue
        for decision in rng.sample(game.legal_decisions(state, mover), 1):
            if decision not in legal and not g.refuse(seat, decision, by):
                return  # legal here too: played, and logged


def check_end(game, g):
    st = g.st
    outcome = game.outcome(st)
    assert outcome["over"] is True
    assert len(outcome["scores"]) == g.players and len(outcome["places"]) == g.players
    assert outcome["winners"] == [s for s, place in enumerate(outcome["places"]) if place == 1]
    assert outcome["winners"] and min(outcome["places"]) == 1
    assert outcome["ended_by"] in ("rules", "resigned", "timed_out", "taken_over")
    assert game.pending_player(st) is None
    for seat in range(g.players):
        assert game.legal_decisions(st, seat) == []
        assert not game.can_resign(st, seat)
    g.refuse(0, {"type": "resign"}, None)
    assert g.replayed(validate=True) == st
    assert g.replayed() == st


def check_hidden(game, st, rng):
    """What a viewer cannot see may change without changing their view or any log entry in words."""
    viewers = [None, *range(st.num_players)] if hasattr(game, "permute_hidden") else list(range(st.num_players))
    for viewer in viewers:
        if hasattr(game, "permute_hidden"):
            other = game.permute_hidden(st, viewer, rng)
        else:
            other = game.sample(st, viewer, rng)
        assert game.view(other, viewer) == game.view(st, viewer)
        if hasattr(game, "permute_hidden"):
            for seq in range(1, st.seq + 1):
                assert game.describe(other, seq, viewer, NAMES) == game.describe(st, seq, viewer, NAMES), (
                    f"entry {seq} in words for {viewer} depends on what that viewer cannot see")


def check_sample(game, st, rng):
    """A sample is a full state the seat cannot tell from the real one."""
    for seat in range(st.num_players):
        if not game.in_play(st, seat):
            continue
        sample = game.sample(st, seat, rng)
        assert game.view(sample, seat) == game.view(st, seat)
        assert sample.seed != st.seed
        mover = game.pending_player(sample)
        assert mover == game.pending_player(st)
        legal = [d for d in game.legal_decisions(sample, mover) if d.get("type") != "undo"]
        if mover == seat:
            assert legal == [d for d in game.legal_decisions(st, seat) if d.get("type") != "undo"]
        game.apply(sample, mover, legal[0], by=None if game.in_play(sample, mover) else BY_BOT)


def run_games(slug, seeds, limit, replay_every):
    game = engine.get(slug)
    played = refused = 0
    for players, options, seed in cases(game, seeds):
        rng = random.Random(seed)
        g = Game(game, players, options, seed)
        neighbours = []
        passed = play_at_random(g, rng, limit, replay_every, neighbours)
        assert g.replayed(validate=True) == g.st
        for st in rng.sample(passed, min(2, len(passed))):
            check_hidden(game, st, rng)
            check_sample(game, st, rng)
        check_hidden(game, g.st, rng)
        if game.outcome(g.st)["over"]:
            check_end(game, g)
        played += 1
        refused += g.refused
    assert played and refused  # the refusals were tried, not skipped


# --- the registry ----------------------------------------------------------------------------------------
def test_every_registered_game_is_found_by_its_slug_and_an_unknown_slug_is_refused_clearly():
    for slug, game in engine.GAMES.items():
        assert engine.get(slug) is game and game.NAME == slug
    with pytest.raises(engine.UnknownGame, match="Unknown game 'chess'") as refused:
        engine.get("chess")
    assert isinstance(refused.value, ValueError)
    assert "guildhall" in str(refused.value)


@pytest.mark.parametrize("slug", GAMES)
def test_the_game_describes_itself(slug):
    game = engine.get(slug)
    assert isinstance(game.TITLE, str) and game.TITLE
    assert set(game.PLAYERS) <= {1, 2, 3, 4, 5, 6} and list(game.PLAYERS) == sorted(game.PLAYERS)
    assert game.ENGINE_VERSION == game.VERSIONS[-1] and len(set(game.VERSIONS)) == len(game.VERSIONS)
    assert isinstance(game.STATE_FORMAT, int)
    for spec in game.OPTIONS.values():
        assert {"choices", "default", "help"} <= set(spec)
        assert spec["choices"] is None or spec["default"] in spec["choices"]
    defaults = game.validate_options({})
    assert set(defaults) == set(game.OPTIONS)
    assert game.validate_options(defaults) == defaults
    for bad in ({"no_such_option": 1}, "printed", [1]):
        with pytest.raises(ValueError):
            game.validate_options(bad)
    for name, spec in game.OPTIONS.items():
        if spec["choices"] is not None:
            with pytest.raises(ValueError, match=name):
                game.validate_options({name: "no such choice"})
    assert game.bots.DEFAULT_ABSENT in game.bots.KINDS and "random" in game.bots.KINDS
    with pytest.raises(ValueError):
        game.new_game(max(game.PLAYERS) + 1, "too-many", {})
    with pytest.raises(ValueError):
        game.new_game(min(game.PLAYERS), "old", {}, version="no such version")


# --- self-play through the protocol ------------------------------------------------------------------------
@pytest.mark.parametrize("slug", GAMES)
def test_random_self_play_replays_and_refuses_cleanly(slug):
    run_games(slug, seeds=2, limit=60, replay_every=1)


@pytest.mark.slow
@pytest.mark.parametrize("slug", GAMES)
def test_random_self_play_replays_and_refuses_cleanly_over_many_whole_games(slug):
    run_games(slug, seeds=3, limit=3000, replay_every=40)


@pytest.mark.parametrize("slug", GAMES)
def test_bots_play_whole_games_to_a_consistent_outcome(slug):
    game = engine.get(slug)
    for players in game.PLAYERS:
        seed = f"protocol-bots-{players}"
        rng = random.Random(seed)
        g = Game(game, players, {}, seed)
        while not game.outcome(g.st)["over"] and len(g.log) < 3000:
            seat, by = g.mover()
            decision = game.bots.choose(g.st, seat, game.bots.DEFAULT_ABSENT, rng)
            assert decision in game.legal_decisions(g.st, seat)
            g.apply(seat, decision, by)
        assert game.outcome(g.st)["ended_by"] == "rules"
        check_end(game, g)


@pytest.mark.parametrize("slug", GAMES)
def test_the_same_seed_gives_the_same_game(slug):
    game = engine.get(slug)
    for players in game.PLAYERS:
        first, second = (game.new_game(players, f"same-{players}", {}) for _ in range(2))
        assert first == second
        assert game.view(first, 0) == game.view(second, 0)
        other = game.new_game(players, f"another-{players}", {})
        assert [game.view(other, s) for s in range(players)] != [game.view(first, s) for s in range(players)]
        rng = random.Random(players)
        g = Game(game, players, {}, f"same-{players}")
        play_at_random(g, rng, 40, replay_every=40)
        assert g.replayed() == g.replayed() == g.st
        assert g.replayed().clone() == g.st


@pytest.mark.parametrize("slug", GAMES)
def test_a_state_is_picklable_and_its_clone_independent(slug):
    import pickle

    game = engine.get(slug)
    g = Game(game, min(game.PLAYERS), {}, "pickle")
    play_at_random(g, random.Random(3), 30, replay_every=30)
    copy = pickle.loads(pickle.dumps(g.st))
    assert copy == g.st
    clone = g.st.clone()
    seat, by = g.mover()
    g.apply(seat, game.legal_decisions(g.st, seat)[0], by)
    assert clone != g.st and clone == copy
    assert len(g.st.events) == g.st.seq + 1  # what each entry caused, entry 0 the deal


# --- leaving ---------------------------------------------------------------------------------------------
def played_a_little(game, players, seed, entries=12):
    g = Game(game, players, {}, seed)
    play_at_random(g, random.Random(seed), entries, replay_every=entries)
    assert not game.outcome(g.st)["over"]
    return g


@pytest.mark.parametrize("slug", GAMES)
def test_a_resignation_ends_a_two_player_game_and_hands_a_larger_games_seat_to_the_bot(slug):
    game = engine.get(slug)
    for players in game.PLAYERS:
        g = played_a_little(game, players, f"resign-{players}")
        pending = game.pending_player(g.st)
        quitter = (pending + 1) % players  # any seat may resign, at any time
        assert game.can_resign(g.st, quitter)
        g.refuse(quitter, {"type": "resign"}, BY_BOT)  # only a player resigns, for themselves
        g.apply(quitter, {"type": "resign"})
        assert not game.in_play(g.st, quitter) and game.departed_reason(g.st, quitter) == "resigned"
        assert not game.can_resign(g.st, quitter)
        outcome = game.outcome(g.st)
        if players == 2:
            assert outcome["over"] and outcome["ended_by"] == "resigned"
            assert outcome["places"][quitter] == 2 and outcome["winners"] == [1 - quitter]
        else:
            assert not outcome["over"]
            rng = random.Random(players)
            # The seat that left is played by the server's bot, and only by it.
            while not game.outcome(g.st)["over"] and len(g.log) < 4000:
                seat, by = g.mover()
                legal = game.legal_decisions(g.st, seat)
                if seat == quitter:
                    assert by == BY_BOT
                    g.refuse(seat, legal[0], None)
                g.apply(seat, game.bots.choose(g.st, seat, game.bots.DEFAULT_ABSENT, rng), by)
            outcome = game.outcome(g.st)
            assert outcome["over"] and outcome["places"][quitter] == players
        assert g.replayed(validate=True) == g.st
        check_end(game, g)


@pytest.mark.parametrize("slug", GAMES)
def test_time_out_ends_the_game_and_take_over_hands_the_seat_to_the_bot(slug):
    game = engine.get(slug)
    players = max(game.PLAYERS)
    g = played_a_little(game, players, "time-out")
    seat, _ = g.mover()
    other = (seat + 1) % players
    g.refuse(seat, {"type": "time_out"}, None)  # only the server's clock decides that
    g.refuse(other, {"type": "time_out"}, BY_TIMEOUT, code="not_your_turn")  # for the seat it waits for
    g.apply(seat, {"type": "time_out"}, BY_TIMEOUT)
    outcome = game.outcome(g.st)
    assert outcome["over"] and outcome["ended_by"] == "timed_out"
    assert game.departed_reason(g.st, seat) == "timed_out" and outcome["places"][seat] == players
    check_end(game, g)

    g = played_a_little(game, players, "take-over")
    seat, _ = g.mover()
    g.refuse(seat, {"type": "take_over"}, None)
    g.apply(seat, {"type": "take_over"}, BY_TIMEOUT)
    assert not game.outcome(g.st)["over"]
    assert not game.in_play(g.st, seat) and game.departed_reason(g.st, seat) == "taken_over"
    if game.pending_player(g.st) == seat:
        assert g.mover()[1] == BY_BOT
    assert g.replayed(validate=True) == g.st


@pytest.mark.parametrize("slug", GAMES)
def test_a_refused_decision_says_why_in_a_sentence_and_changes_nothing(slug):
    game = engine.get(slug)
    g = played_a_little(game, min(game.PLAYERS), "refusals", entries=5)
    seat, by = g.mover()
    for decision in MALFORMED:
        assert g.refuse(seat, decision, by, code="malformed")
    g.refuse(seat, {"type": "resign"}, "somebody", code="malformed")
    assert game.normalise(game.legal_decisions(g.st, seat)[0]) == game.legal_decisions(g.st, seat)[0]
