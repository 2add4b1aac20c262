"""Setup (D-SETUP-1..7), the options and the protocol's constants."""

import pickle

import pytest

from engine import dominion as D
from engine.dominion.cards import GUILDS

from .helpers import do, dump, kingdom


def test_protocol_constants():
    assert D.NAME == "dominion"
    assert D.TITLE == "Dominion"
    assert D.PLAYERS == (2, 3, 4)
    assert D.ENGINE_VERSION in D.VERSIONS
    assert isinstance(D.STATE_FORMAT, int)
    assert set(D.OPTIONS) == {"kingdom", "first_seat", "edition"}
    assert D.OPTIONS["edition"]["default"] == "2013"
    assert D.bots.DEFAULT_ABSENT in D.bots.KINDS and {"random", "bigmoney"} <= set(D.bots.KINDS)


@pytest.mark.parametrize("players, copper, victory, curse", [(2, 46, 8, 10), (3, 39, 12, 20), (4, 32, 12, 30)])
def test_supply_by_player_count(players, copper, victory, curse):
    """D-SETUP-2: 60 − 7N Coppers, 8/12 of each Victory card, 10 × (N − 1) Curses, 10 of each Kingdom card."""
    st = D.new_game(players, "setup", {"kingdom": kingdom()})
    supply = dump(st)["supply"]
    assert len(supply) == 17
    assert supply["Copper"] == copper and supply["Silver"] == 40 and supply["Gold"] == 30
    assert supply["Estate"] == supply["Duchy"] == supply["Province"] == victory
    assert supply["Curse"] == curse
    assert all(supply[card] == 10 for card in kingdom())
    assert dump(st)["trash"] == []


@pytest.mark.parametrize("players", [1, 5, 0])
def test_player_count_refused(players):
    with pytest.raises(ValueError, match="2 to 4 players"):
        D.new_game(players, "setup", {})


def test_starting_decks_and_hands():
    """D-SETUP-4: 7 Coppers and 3 Estates each, shuffled, 5 drawn."""
    st = D.new_game(3, "decks", {})
    for s in dump(st)["seats"]:
        assert len(s["hand"]) == 5 and len(s["deck"]) == 5 and s["discard"] == [] and s["in_play"] == []
        assert sorted(s["hand"] + s["deck"]) == ["Copper"] * 7 + ["Estate"] * 3
    assert dump(st)["scores"] == [3, 3, 3]


def test_random_kingdom_comes_from_the_seed():
    """D-SETUP-3: ten of the thirteen, the same for the same seed; seeds differ in what they draw."""
    kingdoms = {tuple(D.new_game(2, f"seed-{i}", {"kingdom": "random"}).kingdom) for i in range(30)}
    assert len(kingdoms) > 10
    for k in kingdoms:
        assert len(set(k)) == 10 and set(k) <= set(GUILDS)
    assert D.new_game(2, "same", {}).kingdom == D.new_game(2, "same", {"kingdom": "random"}).kingdom


def test_explicit_kingdom_in_any_case():
    names = [c.upper() for c in kingdom()]
    assert D.validate_options({"kingdom": names})["kingdom"] == kingdom()


@pytest.mark.parametrize("bad, message", [
    (kingdom()[:9], "exactly 10"),
    (kingdom() + ["Soothsayer"], "exactly 10"),
    (kingdom()[:9] + ["Village"], "not a Guilds kingdom card"),
    (kingdom()[:9] + ["Copper"], "not a Guilds kingdom card"),
    ("all", "random"),
])
def test_bad_kingdom_refused(bad, message):
    with pytest.raises(ValueError, match=message):
        D.validate_options({"kingdom": bad})
    with pytest.raises(ValueError):
        D.new_game(2, "x", {"kingdom": bad})


def test_duplicate_kingdom_card_refused():
    with pytest.raises(ValueError, match="named twice"):
        D.validate_options({"kingdom": kingdom()[:9] + [kingdom()[0]]})


@pytest.mark.parametrize("options, message", [
    ({"colour": "red"}, "Unknown option"),
    ({"edition": "2024"}, "edition"),
    ({"first_seat": -1}, "first_seat"),
    ({"first_seat": True}, "first_seat"),
    ([], "JSON object"),
])
def test_bad_options_refused(options, message):
    with pytest.raises(ValueError, match=message):
        D.validate_options(options)


def test_validate_options_fills_defaults():
    assert D.validate_options({}) == {"kingdom": "random", "first_seat": None, "edition": "2013"}


def test_first_seat_option_and_from_seed():
    """D-SETUP-6: the first player is the option's, or drawn from the seed."""
    assert D.new_game(3, "first", {"first_seat": 2}).active == 2
    with pytest.raises(ValueError, match="below the number of players"):
        D.new_game(2, "first", {"first_seat": 3})
    firsts = {D.new_game(4, f"first-{i}", {}).active for i in range(40)}
    assert firsts == {0, 1, 2, 3}
    st = D.new_game(2, "first", {"first_seat": 1})
    assert D.pending_player(st) == 1 and st.turn == 1


def test_baker_gives_every_player_a_token():
    """D-SETUP-5, G-BAKER-2."""
    with_baker = D.new_game(3, "baker", {"kingdom": kingdom("Baker")})
    assert [s["coin_tokens"] for s in dump(with_baker)["seats"]] == [1, 1, 1]
    without = D.new_game(3, "baker", {"kingdom": [c for c in GUILDS if c != "Baker"][:10]})
    assert [s["coin_tokens"] for s in dump(without)["seats"]] == [0, 0, 0]


def test_deterministic_from_the_seed():
    """D-SETUP-7: the same seed, options and log give the same state; another seed another deal."""
    a = D.new_game(4, "det", {})
    b = D.new_game(4, "det", {})
    assert a == b and dump(a) == dump(b)
    assert any(dump(D.new_game(4, f"det-{i}", {}))["seats"] != dump(a)["seats"] for i in range(3))


def test_unknown_version_refused():
    with pytest.raises(ValueError, match="version"):
        D.new_game(2, "v", {}, version="99")


def test_state_pickles_and_clones():
    st = D.new_game(2, "pickle", {"first_seat": 0})
    do(st, "play_treasures")
    assert pickle.loads(pickle.dumps(st)) == st
    copy = st.clone()
    assert copy == st
    do(copy, "end_turn")
    assert copy != st and st.seq == 1 and copy.seq == 2
    light = st.clone(with_events=False)
    assert light.events == [] and dump(light) == dump(st)
