"""Guildhall's part of the table for one viewer: the guildhalls, the hand, the center row, the piles, and on
the viewer's turn the prompt and its decision controls.

Everything comes from the viewer's engine view and legal decisions (``games.selectors.detail``), never
from the state: what the templates can show is exactly what the viewer may know. Every legal decision is
exactly one button; nothing else is offered, except that a decision which puts cards on the pile
together (paying, shedding, ending the turn with duplicates) also has a small "choose the order"
control, closed, that sends it with another order. The generic part (seats, the waiting line, the log,
the results) is games/web/table.py's.
"""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine.guildhall.messages import ERRORS, format_error

from . import cards as C
from .prompt import prompt


def board(table, detail):
    """Add the board (and, on the viewer's turn, the prompt) to ``table``."""
    view = detail["view"]
    me = table["me"]
    table["active_name"] = table["names"].get(view.get("active"))
    for player in table["players"]:
        _guildhall(player, view["players"][player["seat"]], view)
    table["center_row"] = [C.vp_card(v["id"]) for v in view["center_row"]]
    table["discard_top"] = C.profession_card(view["discard_top"]["id"]) if view.get("discard_top") else None
    table["yucata"] = _yucata_popups(view)
    area = view.get("action_area") or {}
    table["area_cards"] = [C.profession_card(c["id"]) for c in area.get("cards", [])]
    table["area_vp"] = [C.vp_card(v["id"]) for v in area.get("vp_cards", [])]
    table["played"] = [C.profession_name(p) for p in view.get("played", [])]

    you = view.get("you") or {}
    hand = you.get("hand") or []
    pending = view.get("pending") or {}
    picks = pending.get("picks") or {}
    marked = {c["id"] for c in picks.get("discard", []) if isinstance(c, dict)} if table["my_turn"] else set()
    why_not = {entry["card"]: entry["reason"] for entry in you.get("cannot_play", [])}
    table["hand"] = [
        dict(C.profession_card(c["id"]), marked=c["id"] in marked, why_not=_why_not_playable(c["id"], why_not))
        for c in hand
    ]
    if table["my_turn"]:
        prompt(table, detail["legal"], pending, view, me)


def _guildhall(player, pv, view):
    """One seat's guildhall, as everyone (or its owner) may see it."""
    chapters = []
    for profession in C.PROFESSIONS:
        cards_ = pv["chapters"].get(profession)
        if cards_:
            chapters.append(
                {
                    "profession": profession,
                    "name": C.profession_name(profession),
                    "cards": [C.profession_card(c["id"]) for c in cards_],
                    "count": len(cards_),
                }
            )
    player.update(
        is_active=player["seat"] == view.get("active") and view["phase"] != "over",
        vp=pv["vp"],
        tokens=pv["tokens"],
        hand_size=pv["hand_size"],
        hand_known=pv.get("hand_known"),  # Yucata mode (Y5): publicly known hand cards
        completed=pv["completed"],
        completed_professions=[C.profession_name(p) for p in pv.get("completed_professions", [])],
        vp_cards=[C.vp_card(v["id"]) for v in pv["vp_cards"]],
        chapters=chapters,
    )


def _why_not_playable(card_id, reasons):
    """Why a hand card may not be played now, in the engine's words (R5.1), or None."""
    reason = reasons.get(card_id)
    if reason is None:
        return None
    if reason == "duplicate":
        return translate_error(ERRORS["duplicate"], {"card": card_id})
    return translate_error(ERRORS["played_this_turn"], {"profession": C.profession_of(card_id)})


def translate_error(template, params):
    return format_error(template, params, _, ngettext)


def _yucata_popups(view):
    """Y5 (Yucata mode only): the discard pile and the VP deck's cards, the unknown cards in play."""
    if "vp_deck_cards" not in view or view.get("phase") == "over":
        return None
    return {
        "discard_top_first": [C.profession_card(c["id"]) for c in reversed(view["discard"])],
        "vp_deck": [C.vp_card(v["id"]) for v in view["vp_deck_cards"]],
        "unknown_in_play": view["unknown_in_play"],
        "unseen": [
            {**u, "label": C.card_label(u["profession"], u["colour"])} for u in view.get("unseen_cards", [])
        ],
    }


def status_words(view):
    return [_("Setup")] if view.get("phase") == "setup" else []
