"""Dominion's table at one step of the replay: the engine's view arranged for the replay's template (the
view the viewer could see then; everything once the game is over) and who was deciding what, in words."""

from . import cards as C
from .words import pending_words, phase_words


def _faces(cards):
    return [dict(C.face(card), count=count) for card, count in C.counted(cards)]


def _name(names, seat):
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


def table(view, names, viewer):
    """Template-friendly table from a Dominion ``view`` (only what the view holds is shown)."""
    names = list(names)
    over = view.get("phase") == "over"
    active = view.get("active")
    players = []
    for entry in view["players"]:
        seat = entry["seat"]
        hand = entry.get("hand")
        players.append({
            "seat": seat,
            "name": _name(names, seat),
            "is_viewer": seat == viewer,
            "is_active": seat == active and not over,
            "vp": entry["score"],
            "tokens": entry["tokens"],
            "turns_taken": entry["turns_taken"],
            "hand_size": entry["hand_size"],
            "hand": _faces(hand) if hand is not None else None,  # only when this viewer may see it
            "in_play": [C.face(card) for card in entry["in_play"]],
            "deck_size": entry["deck_size"],
            # The whole deck (next draw first) and discard pile (top first) only once the game is over.
            "deck": [C.face(card) for card in entry["deck"]] if entry.get("deck") is not None else None,
            "deck_known": [C.face(card) for card in entry.get("deck_top") or []],
            "discard_size": entry["discard_size"],
            "discard": [C.face(card) for card in entry["discard"]] if entry.get("discard") is not None else None,
            "discard_top": C.face(entry["discard_top"]) if entry.get("discard_top") else None,
            "place": view["places"][seat] if over and view.get("places") else None,
        })
    pending = view.get("pending") or {}
    kingdom = set(view.get("kingdom") or [])
    supply = [dict(C.face(p["card"]), left=p["count"], empty=not p["count"], kingdom=p["card"] in kingdom)
              for p in view["supply"]]
    return {
        "turn": view.get("turn"),
        "active": _name(names, active) if active is not None and not over else None,
        "phase": phase_words(view.get("phase")),
        "actions": view.get("actions"),
        "buys": view.get("buys"),
        "coins": view.get("coins"),
        "over": over,
        "pending": pending_words(view, dict(enumerate(names)), viewer),
        "prompt_cards": _prompt_cards(pending),
        "supply": supply,
        "trash": _faces(sorted(view.get("trash") or [])),
        "players": players,
        "winners": [_name(names, seat) for seat in view.get("winners") or []] if over else [],
        "edition": C.edition_words(view.get("edition")),
    }


def _prompt_cards(pending):
    """The cards the pending question shows this viewer: Advisor's revealed cards (public), the Doctor's
    cards to put back (public), and for the decider alone a Doctor's look and the discard pile a Herald's
    overpay picks from (the view holds them only for the decider)."""
    from django.utils.translation import gettext as _

    groups = []
    kind = pending.get("kind")
    if kind == "advisor" and pending.get("cards"):
        groups.append((_("Revealed with Advisor"), [C.face(c) for c in pending["cards"]]))
    if kind == "doctor_order" and pending.get("cards"):
        groups.append((_("To put back on the deck"), [C.face(c) for c in pending["cards"]]))
    if kind == "doctor_overpay" and pending.get("card"):
        groups.append((_("Looked at on top of the deck"), [C.face(pending["card"])]))
    if kind == "herald_overpay" and pending.get("pile"):
        groups.append((_("The discard pile, top first"), [C.face(c) for c in pending["pile"]]))
    if kind == "butcher_pay" and pending.get("trashed"):
        groups.append((_("Trashed with Butcher"), [C.face(pending["trashed"])]))
    return groups
