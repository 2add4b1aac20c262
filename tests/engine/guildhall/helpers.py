"""Building readable mid-game scenarios for the engine tests, and checks shared by them.

``table(...)`` starts a real game with ``guildhall.new_game``, plays its setup through legal decisions,
then lays the 120 profession cards and the VP cards out as described (every card still in exactly one
place) and starts the turn of ``active`` with ``guildhall.turns.begin_turn`` (so the undo snapshot is
right). From there a test drives the engine only through ``legal_decisions`` / ``apply``.

Cards are written as in the rules reference: ``"red Weaver"`` (case-insensitive). Each name takes the
lowest copy of that identity not yet used, so ``["red Weaver", "red Weaver"]`` is two different cards.
Zones: ``hands`` / ``halls`` map a seat to a list of names; ``completed`` maps a seat to a list of
professions (each a whole chapter of five colours); ``discard`` is listed bottom to top (the last name
is the top card, as in ``st.discard``); ``deck_top`` is listed top first (the first name is drawn
first). Every profession card not named goes to ``rest``: ``"deck"`` (default), ``"discard"`` (under
the named discard cards) or ``("hand", seat)``.
"""

import json

from engine import guildhall
from engine.guildhall import cards as C
from engine.guildhall.turns import begin_turn
from engine.guildhall.zones import sheds_at_turn_start

PROFESSIONS = C.PROFESSIONS
COLOURS = C.COLOURS


def ident(name):
    """'red Weaver' -> identity (profession * 5 + colour)."""
    colour, profession = name.lower().split()
    return C.PROFESSIONS.index(profession) * 5 + C.COLOURS.index(colour)


def cid(name, copy=0):
    """The id of copy ``copy`` of a card: cid('blue Farmer') == 2*20 + 1*4 + 0."""
    return ident(name) * 4 + copy


def name(card):
    return C.card_name(card)


def vp_ids(players, kind):
    """The VP card ids of one kind in a game with ``players`` players."""
    return [v for v in C.vp_cards_for(players) if C.VP_KIND_OF[v] == kind]


class Allocator:
    """Hands out distinct card ids for names; what is left goes to the rest zone."""

    def __init__(self):
        self.free = {i: [i * 4 + k for k in range(4)] for i in range(30)}

    def take(self, card_name):
        pool = self.free[ident(card_name)]
        if not pool:
            raise ValueError(f"more than 4 copies of {card_name} asked for")
        return pool.pop(0)

    def take_profession(self, profession):
        """One of each colour of a profession: a completed chapter."""
        return [self.take(f"{colour} {profession}") for colour in C.COLOURS]

    def rest(self):
        return sorted(c for pool in self.free.values() for c in pool)


def fresh_game(players=2, seed="test-seed", mode="printed", version=guildhall.ENGINE_VERSION):
    """A new game played through setup: nobody discards, each places their first 3 legal cards."""
    st = guildhall.new_game(players, seed, {"mode": mode}, version=version)
    play_setup(st)
    return st


def play_setup(st):
    while st.phase == "setup":
        seat = guildhall.pending_player(st)
        options = guildhall.legal_decisions(st, seat)
        if options[-1]["type"] == "done" and options[0]["type"] == "discard":
            guildhall.apply(st, seat, {"type": "done"})
        else:
            guildhall.apply(st, seat, options[0])
    return st


def table(players=2, mode="printed", seed="test-seed", active=0, hands=None, halls=None, completed=None,
          discard=(), deck_top=(), rest="deck", tokens=None, vp_cards=None, row=None, vp_deck_top=None,
          actions=None, vp_rest="deck", version=guildhall.ENGINE_VERSION):
    """A mid-game state as described (see the module docstring). ``row``: VP kinds in the center row
    (default: the 5 lowest ids not placed elsewhere); ``vp_cards``: seat -> kinds owned; ``vp_deck_top``:
    kinds on top of the VP deck (first = next refill); the VP cards not named go to ``vp_rest``:
    ``"deck"`` (under ``vp_deck_top``) or ``("owned", seat)`` (an empty VP deck). ``version``: the rules
    version (docs/engine-api.md)."""
    st = fresh_game(players, seed, mode, version)
    hands = hands or {}
    halls = halls or {}
    completed = completed or {}
    alloc = Allocator()
    for p in st.players:
        p.hand, p.hall, p.completed, p.tokens, p.vp_cards = [], {}, [], 0, []
    for seat, names in halls.items():
        for n in names:
            c = alloc.take(n)
            assert C.IDENTITY[c] not in st.players[seat].hall, f"duplicate {n} in hall {seat}"
            st.players[seat].hall[C.IDENTITY[c]] = c
    for seat, professions in completed.items():
        for prof in professions:
            st.players[seat].completed.append(alloc.take_profession(prof))
    for seat, names in hands.items():
        st.players[seat].hand = [alloc.take(n) for n in names]
    pile = [alloc.take(n) for n in discard]
    top = [alloc.take(n) for n in deck_top]
    leftover = alloc.rest()
    st.deck, st.discard = [], []
    if rest == "deck":
        st.deck = leftover + list(reversed(top))
        st.discard = pile
    elif rest == "discard":
        st.deck = list(reversed(top))
        st.discard = leftover + pile
    else:
        kind, seat = rest
        assert kind == "hand"
        st.players[seat].hand.extend(leftover)
        st.deck = list(reversed(top))
        st.discard = pile
    for seat, value in (tokens or {}).items():
        st.players[seat].tokens = value

    # VP cards
    pool = {}
    for v in C.vp_cards_for(players):
        pool.setdefault(C.VP_KIND_OF[v], []).append(v)

    def vp_take(kind):
        if not pool.get(kind):
            raise ValueError(f"no {kind} left for {players} players")
        return pool[kind].pop(0)

    for seat, kinds in (vp_cards or {}).items():
        st.players[seat].vp_cards = [vp_take(k) for k in kinds]
    if row is not None:
        st.row = [vp_take(k) for k in row]
    vtop = [vp_take(k) for k in (vp_deck_top or ())]
    remaining = sorted(v for vs in pool.values() for v in vs)
    if row is None:
        st.row = remaining[:5]
        remaining = remaining[5:]
    if vp_rest == "deck":
        st.vp_deck = remaining + list(reversed(vtop))
    else:
        st.players[vp_rest[1]].vp_cards += remaining
        st.vp_deck = list(reversed(vtop))

    st.area, st.area_vp, st.played = [], [], set()
    st.phase = "play"
    begin_turn(st, active)
    if actions is not None:
        st.actions = actions
        st.snapshot.actions = actions
    check_invariants(st)
    return st


# --- driving the engine --------------------------------------------------------------------------------
def legal(st, seat=None, undo=False):
    """The pending player's legal decisions (without 'undo' unless asked for)."""
    seat = guildhall.pending_player(st) if seat is None else seat
    options = guildhall.legal_decisions(st, seat)
    return options if undo else [o for o in options if o["type"] != "undo"]


def do(st, *decisions, seat=None):
    """Apply decisions in order (each a dict, or a short form), by the pending player unless ``seat``."""
    events = []
    for d in decisions:
        d = short(d)
        s = guildhall.pending_player(st) if seat is None else seat
        events += guildhall.apply(st, s, d)
    return events


def short(d):
    """Short forms: 'done', 'decline', 'end_turn', 'use', 'undo', 'discard_draw'; ('tier', 2);
    ('play', 'red Weaver', copy); ('select', card); ('target', 1); ('chapter', 'weaver')..."""
    if isinstance(d, dict):
        return d
    if isinstance(d, str):
        return {"type": d}
    kind, value = d[0], d[1]
    if kind == "tier":
        return {"type": "tier", "tier": value}
    if kind == "target":
        return {"type": "target", "seat": value}
    if kind == "chapter":
        return {"type": "chapter", "profession": value}
    card = value if isinstance(value, int) else cid(value, d[2] if len(d) > 2 else 0)
    return {"type": kind, "card": card}


def pay_with(st, top):
    """Discard the completed chapter holding ``top`` (paying, or shedding a fourth), that card on top;
    under rules version 2, keep the default order of the other four beneath it (one click)."""
    do(st, ("pay", top))
    if pending_kind(st) == "order_pile":
        do(st, "done")


def pending_kind(st):
    return None if st.phase == "over" else st.stack[-1]["kind"]


def hall_names(st, seat):
    return sorted(name(c) for c in st.players[seat].hall.values())


def hand_names(st, seat):
    return sorted(name(c) for c in st.players[seat].hand)


def selects(options):
    """The cards offered by 'select' options."""
    return sorted(o["card"] for o in options if o["type"] == "select")


def tiers_offered(options):
    return sorted(o["tier"] for o in options if o["type"] == "tier")


def types(options):
    return [o["type"] for o in options]


def check_invariants(st):
    """Each of the 120 profession cards and of the game's VP cards is in exactly one place; no guildhall
    holds a duplicate (R7.1, R7.8); hall keys match identities; completed chapters are whole; the limit
    of 3 (R8.4) holds unless a shed is pending (or deferred: Yucata Y1, rules version 3)."""
    places = list(st.deck) + list(st.discard) + list(st.area)
    for p in st.players:
        places += p.hand + list(p.hall.values())
        for chapter in p.completed:
            places += chapter
    assert sorted(places) == list(range(120)), "profession cards lost or duplicated"
    vps = list(st.vp_deck) + list(st.row)
    for p in st.players:
        vps += p.vp_cards
    assert sorted(vps) == sorted(C.vp_cards_for(st.num_players)), "VP cards lost or duplicated"
    assert set(st.area_vp) <= set(st.players[st.active].vp_cards)
    assert len(st.row) <= 5
    for seat, p in enumerate(st.players):
        for identity, c in p.hall.items():
            assert C.IDENTITY[c] == identity
        for chapter in p.completed:
            assert len(chapter) == 5 and len({C.PROFESSION_OF[c] for c in chapter}) == 1
            assert sorted(C.COLOUR_OF[c] for c in chapter) == [0, 1, 2, 3, 4]
        for prof in range(6):
            assert p.level(prof) < 5, "a full chapter was not completed (R8.1)"
        if len(p.completed) > 3 and st.phase != "over":
            pending_shed = any(q["kind"] == "shed_chapters" and q["seat"] == seat for q in st.stack)
            deferred = sheds_at_turn_start(st) and seat != st.active  # Yucata Y1; rules version 3
            assert pending_shed or deferred, "more than 3 completed (R8.4)"


def to_json(obj):
    return json.dumps(obj, sort_keys=True)


def random_game(players=2, seed="random-game", mode="printed", rng_seed=0, max_decisions=2000, kind="random",
                each=None):
    """Play a bot game through the legal-decision list; ``each(st, seat, decision)`` runs before every
    decision. Returns the state and the log ``[(seat, decision), ...]``. ``kind="random"`` is self-play's
    explorer, which takes a decision back now and then (seated bots never do), so the undo rules get played."""
    import random

    rng = random.Random(rng_seed)
    st = guildhall.new_game(players, seed, {"mode": mode})
    log = []
    while st.phase != "over" and len(log) < max_decisions:
        seat = guildhall.pending_player(st)
        if kind == "random":
            decision = guildhall.bots.random_choice(guildhall.legal_decisions(st, seat), rng)
        else:
            decision = guildhall.bots.choose(st, seat, kind=kind, rng=rng)
        if each is not None:
            each(st, seat, decision)
        guildhall.apply(st, seat, decision)
        log.append((seat, decision))
    return st, log
