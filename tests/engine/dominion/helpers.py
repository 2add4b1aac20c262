"""Positions, decisions and refusals for the Dominion tests.

``table(...)`` builds a position spec (dominion-positions.md) from a few keywords and loads it with
``position``; ``do`` applies decisions given in the vocabulary (or a short form); ``refused`` checks a
refusal names its ILL id and leaves ``dump_position`` unchanged.
"""

import copy
import json
import random

import pytest

from engine import dominion as D
from engine.dominion.cards import GUILDS
from engine.errors import IllegalDecision

OTHER_HAND = ["Copper", "Copper", "Copper", "Estate", "Estate"]
OTHER_DECK = ["Copper", "Copper", "Copper", "Copper", "Estate"]


def kingdom(*needed):
    """Ten Guilds cards, those named first."""
    cards = list(needed)
    for card in GUILDS:
        if len(cards) == 10:
            break
        if card not in cards:
            cards.append(card)
    return cards


def seat(hand=(), deck=(), discard=(), in_play=(), tokens=0, turns=0):
    return {"hand": list(hand), "deck": list(deck), "discard": list(discard), "in_play": list(in_play),
            "coin_tokens": tokens, "turns_taken": turns}


def spec(hand=(), deck=(), discard=(), in_play=(), tokens=0, players=2, cards=(), active=0, phase="action",
         actions=1, buys=1, coins=0, bought=False, others=None, supply=None, trash=(), edition="2013", turns=None):
    """A position: seat ``active`` holds ``hand`` etc.; the other seats hold ``others[seat]`` (a ``seat(...)``
    dict) or a default hand of 3 Coppers and 2 Estates over 5 cards of deck."""
    seats = []
    for index in range(players):
        if index == active:
            seats.append(seat(hand, deck, discard, in_play, tokens))
        elif others and index in others:
            seats.append(others[index])
        else:
            seats.append(seat(OTHER_HAND, OTHER_DECK))
    for index, count in (turns or {}).items():
        seats[index]["turns_taken"] = count
    return {"players": players, "kingdom": kingdom(*cards), "supply_overrides": dict(supply or {}),
            "trash": list(trash), "active": active, "phase": phase, "actions": actions, "buys": buys,
            "coins": coins, "bought_this_turn": bought, "seats": seats, "edition": edition}


def table(seed="tests", **kwargs):
    return D.position(spec(**kwargs), seed=seed)


def short(d):
    """'end_actions' -> {"type": "end_actions"}; ('play', 'Gold'); ('buy', 'Herald', 2); ('choose', 'Gold');
    ('name', 'Copper'); ('number', 2); ('option', 'trash'); ('order', ['Gold', 'Silver'])."""
    if isinstance(d, dict):
        return d
    if isinstance(d, str):
        return {"type": d}
    kind, value = d[0], d[1]
    if kind in ("number", "spend_tokens"):
        return {"type": kind, "n": value}
    if kind == "option":
        return {"type": kind, "value": value}
    if kind == "order":
        return {"type": kind, "cards": list(value)}
    decision = {"type": kind, "card": value}
    if len(d) > 2:
        decision["overpay"] = d[2]
    return decision


def do(st, *decisions, seat=None):
    """Apply decisions in order, each by the pending seat unless ``seat``; returns the events."""
    events = []
    for d in decisions:
        who = D.pending_player(st) if seat is None else seat
        events += D.apply(st, who, short(d))
    return events


def dump(st):
    return D.dump_position(st)


def pending(st):
    return dump(st)["pending"]


def legal(st, seat=None):
    return D.legal_decisions(st, D.pending_player(st) if seat is None else seat)


def refused(st, decision, rule, seat=None, code=None):
    """The decision is refused with ``rule``; nothing changed (D-ILL-1), not even the state's events."""
    before = copy.deepcopy(dump(st))
    events = len(st.events)
    shuffles = st.shuffles
    who = D.pending_player(st) if seat is None else seat
    with pytest.raises(IllegalDecision) as info:
        D.apply(st, who, short(decision))
    assert info.value.rule == rule, (info.value.rule, info.value.message)
    assert info.value.message and info.value.message[0].isupper() and info.value.message.endswith(".")
    if code is not None:
        assert info.value.code == code
    assert dump(st) == before
    assert len(st.events) == events and st.shuffles == shuffles
    return info.value


def me(st, index=0):
    """A seat's zones as in a dump: hand, deck and discard top first."""
    return dump(st)["seats"][index]


def play_out(st, log=None, rng=None, kind="bigmoney", cap=5000):
    """Let bots finish the game (the server's bot for seats that left); returns the log."""
    rng = rng or random.Random(0)
    log = [] if log is None else log
    for _ in range(cap):
        if st.finished:
            return log
        who = D.pending_player(st)
        decision = D.bots.choose(st, who, kind, rng)
        by = None if D.in_play(st, who) else "bot"
        D.apply(st, who, decision, by=by)
        log.append((who, decision, by))
    raise AssertionError("the game did not end")


def random_game(players, seed, rng_seed=0, options=None, each=None, cap=5000, kind="random"):
    """A whole game of ``kind`` bots from ``new_game``; ``each(st, seat, decision)`` before each decision."""
    rng = random.Random(rng_seed)
    options = options or {}
    st = D.new_game(players, seed, options)
    log = []
    while not st.finished and len(log) < cap:
        who = D.pending_player(st)
        decision = D.bots.choose(st, who, kind, rng)
        if each is not None:
            each(st, who, decision)
        D.apply(st, who, decision)
        log.append((who, json.loads(json.dumps(decision))))
    return st, log
