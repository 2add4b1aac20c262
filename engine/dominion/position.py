"""Positions as JSON (dominion-positions.md): ``position(spec)`` builds a state ready for the next
decision, ``dump_position(state)`` reads any state back in the same form.

Besides the documented POSITION keys a dump carries what a state needs to continue exactly like the
original (the property test of tests/engine/dominion shows it): ``edition``, ``seed`` and ``shuffles``
(the next reshuffles), ``turn``, the effect stack being resolved (``effects``) and the question asked
(``prompt``), the cards gained in this Buy phase (``gained``), who left the game and the clock's counts,
and for each seat how many top cards of its deck the owner knows (``known_top``) and everyone knows
(``public_top``). All of them are optional in a spec.
"""

from .cards import CATALOGUE, GUILDS, setup_supply
from .effects import ask
from .outcomes import placings, scores, winners
from .state import EDITIONS, GameState, _copy_frame
from .turns import settle

DEFAULT_SEED = "position"


def _cards(value, where):
    if not isinstance(value, list) or not all(c in CATALOGUE for c in value):
        raise ValueError(f"{where} must be a list of card names of the catalogue")
    return list(value)


def position(spec, seed=None):
    players = spec.get("players")
    if players not in (2, 3, 4):
        raise ValueError("players must be 2, 3 or 4")
    kingdom = spec.get("kingdom")
    if not isinstance(kingdom, list) or len(set(kingdom)) != 10 or not set(kingdom) <= set(GUILDS):
        raise ValueError("kingdom must list 10 distinct Guilds cards")
    edition = spec.get("edition", "2013")
    if edition not in EDITIONS:
        raise ValueError(f"edition must be one of {', '.join(sorted(EDITIONS))}")
    seed = seed or spec.get("seed") or DEFAULT_SEED
    st = GameState(players, seed, kingdom, edition)  # in the order given: a dump gives it back
    st.supply = setup_supply(players, kingdom)
    for card, count in spec.get("supply_overrides", {}).items():
        if card not in st.supply or not isinstance(count, int) or count < 0:
            raise ValueError(f"supply_overrides: {card!r} is not a pile of this game, or {count!r} is no count")
        st.supply[card] = count
    st.trash = _cards(spec.get("trash", []), "trash")
    seats = spec.get("seats")
    if not isinstance(seats, list) or len(seats) != players:
        raise ValueError("seats must list one object per player")
    for index, (s, entry) in enumerate(zip(st.seats, seats, strict=True)):
        s.hand = _cards(entry.get("hand", []), f"seats[{index}].hand")
        s.deck = _cards(entry.get("deck", []), f"seats[{index}].deck")[::-1]
        s.discard = _cards(entry.get("discard", []), f"seats[{index}].discard")[::-1]
        s.in_play = _cards(entry.get("in_play", []), f"seats[{index}].in_play")
        s.tokens = entry.get("coin_tokens", 0)
        s.turns = entry.get("turns_taken", 0)
        s.known = min(entry.get("known_top", 0), len(s.deck))
        s.shown = min(entry.get("public_top", 0), s.known)
    active = spec.get("active", 0)
    if active not in range(players):
        raise ValueError("active must be a seat")
    st.active = active
    st.phase = spec.get("phase", "action")
    if st.phase not in ("action", "buy", "over"):
        raise ValueError('phase must be "action" or "buy"')
    st.actions = spec.get("actions", 1)
    st.buys = spec.get("buys", 1)
    st.coins = spec.get("coins", 0)
    st.bought = bool(spec.get("bought_this_turn", False))
    st.gained = spec.get("gained", 0)
    st.shuffles = spec.get("shuffles", 0)
    st.turn = spec.get("turn", 1)
    st.departed = [(seat, reason) for seat, reason in spec.get("departed", [])]
    st.timeouts = list(spec.get("timeouts", [0] * players))
    st.timeout_turns = list(spec.get("timeout_turns", [0] * players))
    st.stack = [_copy_frame(f) for f in spec.get("effects", [])]
    if st.phase == "over":
        st.ended_by = spec.get("ended_by", "rules")
        st.places = placings(st)
        return st
    prompt = spec.get("prompt")
    if prompt is not None:
        ask(st, **_copy_frame(prompt))
    settle(st)  # D-TURN-5: on load, move on where no choice remains
    return st


def dump_position(st):
    setup = setup_supply(st.num_players, st.kingdom)
    return {
        "players": st.num_players,
        "kingdom": list(st.kingdom),
        "supply_overrides": {card: count for card, count in st.supply.items() if count != setup[card]},
        "trash": st.trash[:],
        "active": st.active,
        "phase": st.phase,
        "actions": st.actions,
        "buys": st.buys,
        "coins": st.coins,
        "bought_this_turn": st.bought,
        "seats": [
            {
                "hand": s.hand[:],
                "deck": s.deck[::-1],
                "discard": s.discard[::-1],
                "in_play": s.in_play[:],
                "coin_tokens": s.tokens,
                "turns_taken": s.turns,
                "known_top": s.known,
                "public_top": s.shown,
            }
            for s in st.seats
        ],
        # to continue exactly like the state dumped
        "edition": st.edition,
        "seed": st.seed,
        "shuffles": st.shuffles,
        "turn": st.turn,
        "gained": st.gained,
        "effects": [_copy_frame(f) for f in st.stack],
        "prompt": None if st.prompt is None else _copy_frame(st.prompt),
        "departed": [[seat, reason] for seat, reason in st.departed],
        "timeouts": st.timeouts[:],
        "timeout_turns": st.timeout_turns[:],
        "ended_by": st.ended_by,
        # read back
        "supply": dict(st.supply),
        "pending": None if st.prompt is None else {"seat": st.prompt["seat"], "kind": st.prompt["kind"]},
        "game_over": st.phase == "over",
        "scores": scores(st),
        "winners": sorted(winners(st)),
    }
