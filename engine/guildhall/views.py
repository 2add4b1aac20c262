"""What each player may know (reference §14, AMB-18).

``view(st, seat)`` shows a player their own hand and everything public; ``view(st, None)`` is a
spectator's view; once the game is over everyone sees everything, the seed included. Cards appear only as
``{"id", "profession", "colour"}`` objects, so a test can collect every card id a view contains and check
it against what the viewer may see.

The discard pile below its top is shown to a player whose Historian searches it (reference §6.3), to a
player ordering cards they just put on it, and to everyone in Yucata mode, whose information popups
show the discard pile and the VP deck, the number of unknown cards in play and how many of each hand's
cards are publicly known (Y5). These are views only: the rules are the same.
"""

from .abilities import ABILITIES
from .cards import COLOUR_OF, COLOURS, PROFESSION_OF, PROFESSIONS, card_json, vp_json
from .outcomes import departed_reason
from .turns import why_not_playable

_PENDING_PUBLIC = ("seat", "kind", "ability", "tier", "target", "left")


def view(st, viewer=None, reveal_all=False):
    """``reveal_all`` discloses everything (hands, decks, the whole pile, completed chapters, the seed)
    while keeping the live fields of the moment: for replaying a finished game step by step."""
    over = st.phase == "over" or reveal_all
    players = []
    for seat, player in enumerate(st.players):
        sees_all = over or seat == viewer
        chapters = {}
        for identity in sorted(player.hall):
            chapters.setdefault(PROFESSIONS[identity // 5], []).append(card_json(player.hall[identity]))
        entry = {
            "seat": seat,
            "hand_size": len(player.hand),
            "chapters": chapters,
            "completed": len(player.completed),
            "tokens": player.tokens,
            "vp_cards": [vp_json(v) for v in player.vp_cards],
            "vp": player.vp,
            "departed": departed_reason(st, seat),  # None while the seat is in play (engine/outcomes.py)
            "timeouts": st.timeouts[seat],
        }
        if sees_all or st.mode == "yucata":  # Y2: completed chapters' professions are public
            entry["completed_professions"] = [PROFESSIONS[chapter[0] // 20] for chapter in player.completed]
        if st.mode == "yucata":  # Y5: the hand indicator's number in brackets
            entry["hand_known"] = len(player.known)
        if sees_all:
            entry["hand"] = [card_json(c) for c in sorted(player.hand)]
        if over:
            entry["completed_cards"] = [[card_json(c) for c in chapter] for chapter in player.completed]
        players.append(entry)

    result = {
        "mode": st.mode,
        "phase": st.phase,
        "turn": st.turn,
        "active": st.active,
        "actions": st.actions if st.phase == "play" else None,
        "action_area": {"cards": [card_json(c) for c in st.area], "vp_cards": [vp_json(v) for v in st.area_vp]},
        "played": sorted(PROFESSIONS[p] for p in st.played),
        "center_row": [vp_json(v) for v in st.row],
        "vp_deck_size": len(st.vp_deck),
        "deck_size": len(st.deck),
        "discard_size": len(st.discard),
        "discard_top": card_json(st.discard[-1]) if st.discard else None,
        "players": players,
        "pending": _pending(st, viewer),
        "winner": st.winner,
        "placings": st.placings,
        "ended_by": st.ended_by,
        "you": None,
    }
    if viewer is not None and 0 <= viewer < st.num_players:
        result["you"] = {"seat": viewer, "hand": players[viewer]["hand"]}
        if st.phase == "play" and st.stack and st.stack[-1]["kind"] == "action" and st.stack[-1]["seat"] == viewer:
            result["you"]["cannot_play"] = _cannot_play(st, viewer)
    if over:
        result["seed"] = st.seed
        result["deck"] = [card_json(c) for c in st.deck]
        result["discard"] = [card_json(c) for c in st.discard]
        result["vp_deck"] = [vp_json(v) for v in st.vp_deck]
    elif st.mode == "yucata":
        result.update(_yucata_popups(st, viewer))
    return result


def _yucata_popups(st, viewer):
    """Y5: what Yucata.de's popups show everyone. The discard pile in order (bottom first, as
    ``discard`` once the game is over); the VP deck's cards, never their order; how many cards in play
    the viewer cannot know (other players' hand cards not publicly known); and the profession cards the
    viewer cannot locate (the deck and those hand cards), counted by identity, never by id or position."""
    unknown_hand = [
        c for seat, player in enumerate(st.players) if seat != viewer
        for c in player.hand if c not in player.known
    ]
    counts = {}
    for card in list(st.deck) + unknown_hand:
        key = (PROFESSION_OF[card], COLOUR_OF[card])
        counts[key] = counts.get(key, 0) + 1
    return {
        "discard": [card_json(c) for c in st.discard],
        "vp_deck_cards": [vp_json(v) for v in sorted(st.vp_deck)],
        "unknown_in_play": len(unknown_hand),
        "unseen_cards": [
            {"profession": PROFESSIONS[p], "colour": COLOURS[k], "count": n} for (p, k), n in sorted(counts.items())
        ],
    }


def _cannot_play(st, seat):
    """Each hand card that may not be played now, with the reason (engine.turns.why_not_playable)."""
    reasons = ((card, why_not_playable(st, seat, card)) for card in sorted(st.players[seat].hand))
    return [{"card": card, "reason": reason} for card, reason in reasons if reason]


def _pending(st, viewer):
    if st.phase == "over" or not st.stack:
        return None
    prompt = st.stack[-1]
    pending = {key: prompt[key] for key in _PENDING_PUBLIC if key in prompt}
    if prompt["kind"] == "ability":
        step = ABILITIES[prompt["ability"]].step(st, prompt)
        if step is not None:
            pending["phase"] = step[0]  # what the offered options mean: give, take, back, place, ...
    if prompt.get("card") is not None and prompt["kind"] in ("choose_tier", "pay"):
        card = prompt["card"]
        pending["card"] = vp_json(card) if card >= 120 else card_json(card)
    if viewer == prompt["seat"] and "picks" in prompt:
        # Choices made so far: only the deciding player sees them (some are hand cards).
        pending["picks"] = {
            phase: [c if isinstance(c, str) or c >= 120 else card_json(c) for c in cards]
            if phase not in ("mine", "theirs") else [PROFESSIONS[p] for p in cards]
            for phase, cards in prompt["picks"].items()
        }
    if viewer == prompt["seat"]:
        search = _search(st, prompt)
        if search is not None:
            pending["pile"] = search
        if prompt["kind"] == "order_pile":
            # The cards being ordered, as they lie now (top first): the player's own, just discarded.
            start = len(st.discard) - prompt["above"] - len(prompt["cards"])
            pending["cards"] = [card_json(c) for c in reversed(st.discard[start:start + len(prompt["cards"])])]
            pending["on_top"] = card_json(st.discard[-1]) if prompt["above"] else None  # chosen already
    return pending


def _search(st, prompt):
    """A Historian's search (T2/T4) as its searcher sees it: the whole pile, top first, each card with
    ``offered`` (it can be taken now) and otherwise the ``reason``: ``duplicate``, an identical card is
    face up in the searcher's guildhall (R7.3), or ``taken``, the search's own first card, back on the
    pile with a discarded chapter (rules version 4: two cards, not one card twice)."""
    if prompt["kind"] != "ability" or prompt["ability"] != "historian" or not prompt["tier"]:
        return None
    return [
        {"card": card_json(card), "offered": reason is None, "reason": reason}
        for card, reason in ABILITIES["historian"].searching(st, prompt)
    ]


def pile_visible(st, viewer):
    """The part of the discard pile below its top that ``viewer`` may see (card ids)."""
    if st.mode == "yucata":
        return set(st.discard)  # Y5
    if viewer is None or st.phase == "over" or not st.stack or st.stack[-1]["seat"] != viewer:
        return set()
    prompt = st.stack[-1]
    if _search(st, prompt) is not None:
        return set(st.discard)
    if prompt["kind"] == "order_pile":
        return set(prompt["cards"])
    return set()


def hidden_cards(st, viewer):
    """Card ids the viewer may not see: other hands, the deck, the discard pile below its top (except
    while searching or ordering it, and in Yucata mode), other players' completed chapters. (Used by
    the redaction checks.)"""
    if st.phase == "over":
        return set()
    hidden = set(st.deck) | (set(st.discard[:-1]) - pile_visible(st, viewer))
    for seat, player in enumerate(st.players):
        if seat != viewer:
            hidden.update(player.hand)
            for chapter in player.completed:
                hidden.update(chapter)
    return hidden


def card_ids_in(obj):
    """Every profession-card id that appears in a view (as a card object)."""
    found = set()
    stack = [obj]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if "profession" in item and "colour" in item and "id" in item:
                found.add(item["id"])
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found
