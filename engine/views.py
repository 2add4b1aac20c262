"""What each player may know (reference §14, AMB-18).

``view(st, seat)`` shows a player their own hand and everything public; ``view(st, None)`` is a
spectator's view; once the game is over everyone sees everything, the seed included. Cards appear only as
``{"id", "profession", "colour"}`` objects, so a test can collect every card id a view contains and check
it against what the viewer may see.
"""

from .abilities import ABILITIES
from .cards import PROFESSIONS, card_json, vp_json
from .outcomes import departed_reason

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
    if over:
        result["seed"] = st.seed
        result["deck"] = [card_json(c) for c in st.deck]
        result["discard"] = [card_json(c) for c in st.discard]
        result["vp_deck"] = [vp_json(v) for v in st.vp_deck]
    return result


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
    return pending


def hidden_cards(st, viewer):
    """Card ids the viewer may not see: other hands, the deck, the discard pile below its top, other
    players' completed chapters. (Used by the redaction checks.)"""
    if st.phase == "over":
        return set()
    hidden = set(st.deck) | set(st.discard[:-1])
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
