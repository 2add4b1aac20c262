"""A Guildhall position from a JSON description, and back (docs/engine-api.md, "Guildhall positions").

``position(spec)`` lays the 120 profession cards and the game's VP cards out as ``spec`` says and begins
the turn of ``spec["active"]`` (at its action prompt, with two actions unless ``actions`` says otherwise); a
test then drives the game through ``legal_decisions`` and ``apply`` as any game. Every card is in exactly
one place: the cards ``spec`` does not name go beneath the deck (or the discard pile, ``rest``) in the
order of their ids. A profession card is named ``"red Weaver"`` (case-insensitive: each such name takes
the lowest copy of that card not named yet) or by its id (0…119); a VP card by its kind
(``"VP4-StealCard"``, the lowest copy not named yet) or its id (120…149).

``dump_position(state)`` is the inverse at an action prompt: the description (by ids) of that state,
which ``position`` turns back into an equal state (its log in words and its past aside).
"""

from .cards import (
    COLOURS,
    IDENTITY,
    MAX_COMPLETED,
    PROFESSION_CARD_COUNT,
    PROFESSION_OF,
    PROFESSIONS,
    VP_KIND_OF,
    vp_cards_for,
)
from .state import RULES_VERSIONS, GameState
from .turns import ACTIONS_PER_TURN, begin_turn

_KEYS = {
    "players", "options", "version", "seed", "active", "actions", "turn", "hands", "known", "halls", "completed",
    "area", "bought", "discard", "deck", "rest", "tokens", "vp_cards", "row", "vp_deck",
}


class _Cards:
    """Hands out each card once: by id, or by name (the lowest copy not taken yet)."""

    def __init__(self, ids):
        self.free = set(ids)

    def take(self, ref, named):
        card = named(ref) if isinstance(ref, str) else ref
        if isinstance(card, bool) or not isinstance(card, int) or card not in self.free:
            raise ValueError(f"position: {ref!r} names no card that is still free (each card is in one place)")
        self.free.discard(card)
        return card

    def rest(self):
        return sorted(self.free)


def _profession_card(free):
    def named(text):
        parts = text.lower().split()
        if len(parts) != 2 or parts[0] not in COLOURS or parts[1] not in PROFESSIONS:
            raise ValueError(f"position: {text!r} is not a card such as 'red Weaver'")
        identity = PROFESSIONS.index(parts[1]) * 5 + COLOURS.index(parts[0])
        copies = sorted(c for c in free if IDENTITY[c] == identity)
        if not copies:
            raise ValueError(f"position: no {text} left (four copies of each card)")
        return copies[0]

    return named


def _vp_card(free):
    def named(kind):
        copies = sorted(v for v in free if VP_KIND_OF[v] == kind)
        if not copies:
            raise ValueError(f"position: no VP card {kind!r} left for this number of players")
        return copies[0]

    return named


def _by_seat(spec, key, players):
    value = spec.get(key) or {}
    if isinstance(value, list):
        value = dict(enumerate(value))
    if not isinstance(value, dict):
        raise ValueError(f"position: {key!r} maps seats to lists")
    out = {}
    for seat, item in value.items():
        index = int(seat)
        if not 0 <= index < players:
            raise ValueError(f"position: {key!r} names seat {seat}, which this game does not have")
        out[index] = item
    return out


def position(spec):
    """The state ``spec`` describes, at the start of ``active``'s turn (ValueError for a description that
    names an unknown key, a card twice, a card that does not exist, or breaks a rule of the layout)."""
    from . import validate_options  # the package's own check of the options

    if not isinstance(spec, dict):
        raise ValueError("position: a JSON object")
    unknown = sorted(set(spec) - _KEYS)
    if unknown:
        raise ValueError(f"position: unknown key {unknown[0]!r}")
    players = spec.get("players", 2)
    if players not in (2, 3, 4):
        raise ValueError("position: 'players' is 2, 3 or 4")
    mode = validate_options(spec.get("options"))["mode"]
    version = spec.get("version", RULES_VERSIONS[-1])
    if version not in RULES_VERSIONS:
        raise ValueError(f"position: unknown rules version {version!r}")
    st = GameState(players, spec.get("seed", "position"), mode, version)
    st.events = [[]]
    st.phase = "play"
    turn = spec.get("turn", players + 1)  # each seat's setup was a turn
    if isinstance(turn, bool) or not isinstance(turn, int) or turn <= players:
        raise ValueError("position: 'turn' is a turn after the setup (more than the number of players)")
    st.turn = turn - 1  # begin_turn counts the active seat's turn
    _lay_profession_cards(st, spec, players)
    _lay_vp_cards(st, spec, players)
    active = spec.get("active", 0)
    if active not in range(players):
        raise ValueError("position: 'active' is a seat of this game")
    area, bought = st.area, _bought(st, spec, active)
    begin_turn(st, active)
    actions = spec.get("actions", ACTIONS_PER_TURN)
    if isinstance(actions, bool) or not isinstance(actions, int) or actions < 1:
        raise ValueError("position: 'actions' is the number of actions left, at least 1")
    # What the turn did so far: its actions left, the cards played into the action area, the VP cards
    # bought; undo goes back to here, not to the turn's start.
    st.actions, st.area, st.area_vp = actions, area, bought
    st.played = {PROFESSION_OF[c] for c in area}
    snapshot = st.clone(with_events=False)
    snapshot.snapshot = None
    st.snapshot = snapshot
    return st


def _bought(st, spec, active):
    bought = spec.get("bought", [])
    owned = st.players[active].vp_cards
    ids = [ref if isinstance(ref, int) else next((v for v in owned if VP_KIND_OF[v] == ref), None) for ref in bought]
    if any(v not in owned for v in ids) or len(set(ids)) != len(ids):
        raise ValueError("position: 'bought' names VP cards the active seat owns")
    return ids


def _lay_profession_cards(st, spec, players):
    cards = _Cards(range(PROFESSION_CARD_COUNT))
    named = _profession_card(cards.free)
    for seat, refs in _by_seat(spec, "halls", players).items():
        hall = st.players[seat].hall
        for ref in refs:
            card = cards.take(ref, named)
            if IDENTITY[card] in hall:
                raise ValueError(f"position: seat {seat}'s guildhall holds two identical cards")
            hall[IDENTITY[card]] = card
    for seat, chapters in _by_seat(spec, "completed", players).items():
        for chapter in chapters:
            st.players[seat].completed.append(_chapter(chapter, cards, named))
    for seat, refs in _by_seat(spec, "hands", players).items():
        st.players[seat].hand = [cards.take(ref, named) for ref in refs]
    for seat, refs in _by_seat(spec, "known", players).items():
        st.players[seat].known = _known(st.players[seat].hand, refs)
    st.area = [cards.take(ref, named) for ref in spec.get("area", ())]
    pile = [cards.take(ref, named) for ref in spec.get("discard", ())]  # bottom first
    deck = [cards.take(ref, named) for ref in spec.get("deck", ())]  # top first
    rest = spec.get("rest", "deck")
    if rest == "deck":
        st.deck, st.discard = cards.rest() + deck[::-1], pile
    elif rest == "discard":
        st.deck, st.discard = deck[::-1], cards.rest() + pile
    else:
        raise ValueError("position: 'rest' is 'deck' or 'discard'")
    for seat, player in enumerate(st.players):
        if len(player.completed) > MAX_COMPLETED:
            raise ValueError(f"position: seat {seat} holds more than {MAX_COMPLETED} completed chapters")


def _known(hand, refs):
    """Hand cards everyone saw arrive (Yucata mode counts them, Y5): ids, or names of hand cards."""
    known = set()
    for ref in refs:
        if isinstance(ref, str):
            named = _profession_card(set(hand) - known)
            card = named(ref)
        else:
            card = ref
        if card not in hand or card in known:
            raise ValueError(f"position: 'known' names {ref!r}, which is not a card of that hand")
        known.add(card)
    return known


def _chapter(chapter, cards, named):
    """A completed chapter: a profession's name (one card of each colour) or its five cards."""
    if isinstance(chapter, str) and chapter in PROFESSIONS:
        return [cards.take(f"{colour} {chapter}", named) for colour in COLOURS]
    taken = [cards.take(ref, named) for ref in chapter]
    if len(taken) != 5 or len({PROFESSION_OF[c] for c in taken}) != 1 or len({IDENTITY[c] for c in taken}) != 5:
        raise ValueError("position: a completed chapter is five colours of one profession")
    return sorted(taken, key=IDENTITY.__getitem__)


def _lay_vp_cards(st, spec, players):
    cards = _Cards(vp_cards_for(players))
    named = _vp_card(cards.free)
    for seat, refs in _by_seat(spec, "vp_cards", players).items():
        st.players[seat].vp_cards = [cards.take(ref, named) for ref in refs]
    for seat, tokens in _by_seat(spec, "tokens", players).items():
        if isinstance(tokens, bool) or not isinstance(tokens, int) or tokens < 0:
            raise ValueError("position: 'tokens' are whole numbers")
        st.players[seat].tokens = tokens
    row = spec.get("row")
    st.row = [cards.take(ref, named) for ref in row] if row is not None else []
    vp_deck = [cards.take(ref, named) for ref in spec.get("vp_deck", ())]  # top first
    remaining = cards.rest()
    if row is None:
        st.row, remaining = remaining[:5], remaining[5:]
    if len(st.row) > 5:
        raise ValueError("position: the center row holds at most 5 VP cards")
    st.vp_deck = remaining + vp_deck[::-1]


def dump_position(st):
    """The description of ``st`` (by card ids) that ``position`` turns back into an equal state: only at
    the action prompt of a turn, with nothing else pending (ValueError otherwise)."""
    if st.phase != "play" or [p["kind"] for p in st.stack] != ["action"]:
        raise ValueError("dump_position: only at an action prompt, with nothing else pending")
    if st.departed or any(st.timeouts) or st.played != {PROFESSION_OF[c] for c in st.area}:
        raise ValueError("dump_position: a seat left or timed out, which a position does not describe")
    return {
        "players": st.num_players,
        "options": {"mode": st.mode},
        "version": st.version,
        "seed": st.seed,
        "active": st.active,
        "actions": st.actions,
        "turn": st.turn,
        "hands": [list(p.hand) for p in st.players],
        "known": [sorted(p.known) for p in st.players],
        "halls": [sorted(p.hall.values()) for p in st.players],
        "completed": [[list(chapter) for chapter in p.completed] for p in st.players],
        "area": list(st.area),
        "bought": list(st.area_vp),
        "discard": list(st.discard),
        "deck": st.deck[::-1],
        "tokens": [p.tokens for p in st.players],
        "vp_cards": [list(p.vp_cards) for p in st.players],
        "row": list(st.row),
        "vp_deck": st.vp_deck[::-1],
    }
