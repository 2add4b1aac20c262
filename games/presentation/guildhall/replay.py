"""Guildhall's table at one step of the replay: the engine's view arranged for the replay's template
(labels added, nothing else), and what the awaited seat is deciding, in words."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from .cards import labelled, profession_name

# What a pending prompt asks for, in words (the prompt kinds of the engine's view, docs/engine-api.md).
PENDING_WORDS = {
    "setup_discard": gettext_noop("%(player)s is choosing cards to discard (setup)."),
    "setup_place": gettext_noop("%(player)s is placing a card in their guildhall (setup)."),
    "action": gettext_noop("%(player)s is choosing an action."),
    "discard_draw": gettext_noop("%(player)s is choosing cards to discard before drawing."),
    "choose_tier": gettext_noop("%(player)s is choosing a tier of an ability."),
    "ability": gettext_noop("%(player)s is making a choice for an ability."),
    "pay": gettext_noop("%(player)s is choosing a completed chapter to pay with."),
    "shed_chapters": gettext_noop("%(player)s is discarding completed chapters down to three."),
    "order_pile": gettext_noop("%(player)s is choosing the order of cards on the discard pile."),
}
PENDING_OTHER = gettext_noop("Waiting for %(player)s.")


def waiting_words(view, names):
    """What the seat whose decision ``view`` awaits is deciding, in words, or None."""
    pending = view.get("pending")
    if not pending:
        return None
    player = names[pending["seat"]] if pending["seat"] < len(names) else "?"
    return _(PENDING_WORDS.get(pending["kind"], PENDING_OTHER)) % {"player": player}


def table(view, names, viewer):
    """Template-friendly table from a ``view`` dict of engine.guildhall (only what the view holds is shown)."""
    view = labelled(view)
    players = []
    for entry in view["players"]:
        seat = entry["seat"]
        players.append(
            {
                "seat": seat,
                "name": names[seat] if seat < len(names) else "?",
                "is_viewer": seat == viewer,
                "is_active": seat == view["active"],
                "vp": entry["vp"],
                "tokens": entry["tokens"],
                "hand_size": entry["hand_size"],
                "hand": entry.get("hand"),  # present only when this viewer may see it
                "chapters": [
                    {"profession": p, "name": profession_name(p), "cards": cards}
                    for p, cards in entry["chapters"].items()
                ],
                "completed": entry["completed"],
                "completed_professions": [profession_name(p) for p in entry.get("completed_professions", [])],
                "completed_cards": entry.get("completed_cards"),
                "vp_cards": entry["vp_cards"],
                "place": view["placings"][seat] if view.get("placings") else None,
            }
        )
    pending = view.get("pending")
    deck = view.get("deck")
    return {
        "prompt_cards": _prompt_cards(pending),
        "phase": view["phase"],
        "turn": view["turn"],
        "active": names[view["active"]] if view.get("active") is not None and view["active"] < len(names) else None,
        "actions": view.get("actions"),
        "pending": waiting_words(view, names),
        "players": players,
        "center_row": view["center_row"],
        "vp_deck_size": view["vp_deck_size"],
        "vp_deck": view.get("vp_deck"),
        "deck_size": view["deck_size"],
        "deck_top_first": list(reversed(deck)) if deck is not None else None,
        "discard_size": view["discard_size"],
        "discard_top": view.get("discard_top"),
        "discard_top_first": list(reversed(view["discard"])) if view.get("discard") is not None else None,
        "area_cards": view["action_area"]["cards"],
        "area_vp_cards": view["action_area"]["vp_cards"],
        "played": [profession_name(p) for p in view.get("played", [])],
        "winner": names[view["winner"]] if view.get("winner") is not None else None,
    }


def _prompt_cards(pending):
    """The cards the pending prompt shows this viewer, in groups ``(label, [(card, note), ...])``: the card
    being played or paid for, the deciding player's picks so far, the pile a Historian searches (each
    card it cannot take says why) and the cards being ordered onto the pile. The engine's view holds the
    searcher's own cards only for the searcher, so the replay shows them exactly to whom the table did."""
    if not pending:
        return []
    groups = []
    card = pending.get("card")
    if isinstance(card, dict) and "profession" in card:
        groups.append((_("The card in question"), [(card, None)]))
    picked = [c for cards in (pending.get("picks") or {}).values() for c in cards if isinstance(c, dict)]
    if picked:
        groups.append((_("Chosen so far"), [(c, None) for c in picked]))
    if pending.get("pile"):
        twin = _("cannot be taken: a twin is in the guildhall")
        searched = [(e["card"], None if e["offered"] else twin) for e in pending["pile"]]
        groups.append((_("The discard pile searched, top first"), searched))
    ordering = list(pending.get("cards") or [])
    if pending.get("on_top"):
        ordering.insert(0, pending["on_top"])
    if ordering:
        groups.append((_("Cards being put on the discard pile"), [(c, None) for c in ordering]))
    return groups
