"""What each viewer may know (§12, D-HID-1..5).

``view(st, seat)`` shows a player their own hand and everything public; ``view(st, None)`` is a
spectator's view. Nobody sees the order of any deck, their own included, apart from the top cards they
put there or saw (``deck_top``: the owner's known top cards; everyone's, for cards revealed or gained
onto it). Only the top card of each discard pile is shown. Once the game is over, or with
``reveal_all``, everything is shown, the seed included.

A pending question shows its kind and seat to everyone, with its public part (Advisor's revealed
cards, a gain's limit); what would leak private cards (Plaza's options, a Doctor's look, a Herald's
pick from the pile) is shown to the deciding seat only.
"""

from .cards import COST
from .outcomes import departed_reason, score, winners
from .state import EDITIONS

# The parts of a prompt everyone may see, by kind; the deciding seat sees every part.
_PUBLIC = {
    "advisor": ("cards", "player"),
    "gain": ("source", "max", "below", "exact", "types"),
    "name": ("card",),
    "doctor_order": ("cards",),
    "doctor_overpay": ("left",),
    "herald_overpay": ("left",),
    "butcher_pay": ("trashed", "most"),
}


def view(st, viewer=None, reveal_all=False):
    over = st.phase == "over"
    everything = over or reveal_all
    players = []
    for seat, s in enumerate(st.seats):
        own = everything or seat == viewer
        top_known = s.known if own else s.shown
        entry = {
            "seat": seat,
            "hand_size": len(s.hand),
            "deck_size": len(s.deck),
            "discard_size": len(s.discard),
            "discard_top": s.discard[-1] if s.discard else None,
            "deck_top": s.deck[::-1][:top_known] if top_known else [],
            "in_play": s.in_play[:],
            "tokens": s.tokens,
            "turns_taken": s.turns,
            "score": score(st, seat),
            "departed": departed_reason(st, seat),
            "timeouts": st.timeouts[seat],
        }
        if own:
            entry["hand"] = sorted(s.hand)
        if everything:
            entry["deck"] = s.deck[::-1]
            entry["discard"] = s.discard[::-1]
        players.append(entry)
    result = {
        "game": "dominion",
        "edition": st.edition,
        "rules": dict(EDITIONS[st.edition]),
        "kingdom": list(st.kingdom),
        "supply": [{"card": card, "count": count, "cost": COST[card]} for card, count in st.supply.items()],
        "trash": st.trash[:],
        "turn": st.turn,
        "active": st.active,
        "phase": st.phase,
        "actions": st.actions,
        "buys": st.buys,
        "coins": st.coins,
        "bought": st.bought,
        "players": players,
        "pending": _pending(st, viewer),
        "winners": winners(st),
        "places": st.places,
        "ended_by": st.ended_by,
        "you": None,
    }
    if viewer is not None and 0 <= viewer < st.num_players:
        result["you"] = {"seat": viewer, "hand": players[viewer]["hand"]}
    if everything:
        result["seed"] = st.seed if over else None
    return result


def _pending(st, viewer):
    prompt = st.prompt
    if prompt is None:
        return None
    kind = prompt["kind"]
    if viewer == prompt["seat"]:
        pending = {k: (v[:] if isinstance(v, list) else v) for k, v in prompt.items()}
        if kind == "herald_overpay":
            pending["pile"] = st.seats[viewer].discard[::-1]  # looking through it is allowed now
        return pending
    pending = {"seat": prompt["seat"], "kind": kind}
    for key in _PUBLIC.get(kind, ()):
        if key in prompt:
            value = prompt[key]
            pending[key] = value[:] if isinstance(value, list) else value
    return pending
