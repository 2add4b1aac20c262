"""A state one viewer cannot tell from another (the protocol test's ``permute_hidden``): what that viewer
may not see is changed, and nothing else.

In the zones, the cards hidden from the viewer change places among themselves: the other hands (their
cards everyone saw arrive stay, Yucata Y5), the deck, the discard pile below its top (except where the
viewer sees it: searching it, Yucata mode) and, in printed mode, the other players' completed chapters.
In the record of what happened (the events the log in words is told from), the cards another seat drew,
discarded beneath the new top, chose from its hand, or put in an order beneath the top of the pile in
printed mode, are replaced by other cards. A view or a log entry that changes under this has shown the
viewer something hidden (R14, AMB-18). Once the game is over nothing is hidden.
"""

import copy

from .cards import PROFESSION_CARD_COUNT
from .views import pile_visible


def permute_hidden(st, viewer, rng):
    other = st.clone()
    if st.phase == "over":
        return other
    _permute_zones(other, st, viewer, rng)
    other.events = [_redacted(entry, viewer, st.mode, rng) for entry in st.events]
    return other


def _permute_zones(other, st, viewer, rng):
    slots = []  # (container, index)
    for seat, player in enumerate(other.players):
        if seat == viewer:
            continue
        known = player.known if other.mode == "yucata" else ()  # Y5: publicly known hand cards
        slots += [(player.hand, i) for i in range(len(player.hand)) if player.hand[i] not in known]
        if other.mode == "printed":
            for chapter in player.completed:
                slots += [(chapter, i) for i in range(len(chapter))]
    slots += [(other.deck, i) for i in range(len(other.deck))]
    seen_in_pile = pile_visible(st, viewer)
    slots += [(other.discard, i) for i in range(len(other.discard) - 1) if other.discard[i] not in seen_in_pile]
    cards = [container[i] for container, i in slots]
    rng.shuffle(cards)
    for (container, i), card in zip(slots, cards, strict=True):
        container[i] = card


def _any(rng):
    return rng.randrange(PROFESSION_CARD_COUNT)


def _redacted(entry, viewer, mode, rng):
    out = copy.deepcopy(entry)
    for e in out:
        if e.get("seat") == viewer:
            continue
        kind = e["t"]
        if kind == "draw":
            e["cards"] = [_any(rng) for _ in e["cards"]]
        elif kind == "discard" and e["cards"]:
            e["cards"] = [_any(rng) for _ in e["cards"][:-1]] + [e["cards"][-1]]
        elif kind == "pick" and e["phase"] in ("to_discard", "place") and "card" in e:  # chosen from a hand
            e["card"] = _any(rng)
        elif mode == "printed":
            _redact_order(e, rng)
    return out


def _redact_order(e, rng):
    """Printed mode: the order beneath the top of the pile is the orderer's alone (R14)."""
    kind = e["t"]
    if kind == "order":
        e["card"] = _any(rng)
        if e["above"] is not None:
            e["above"] = _any(rng)
    elif kind == "ordered":
        e["cards"] = [_any(rng) for _ in e["cards"]]
    elif kind == "pile_order":
        keep = 1 if e["group"] == "duplicates" else 0  # a turn's duplicates: the new top is told
        e["cards"] = e["cards"][:keep] + [_any(rng) for _ in e["cards"][keep:]]
