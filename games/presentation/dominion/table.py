"""Dominion's part of the table for one viewer: the turn (whose it is, the phase, Actions, Buys and $),
who decides what (Advisor's chooser is the player to the left, during someone else's turn), the hand,
the cards in play, the Supply with counts and costs, the trash and each player's deck, discard pile,
hand size and Coin tokens; on the viewer's decision the prompt and its controls (prompt.py).

Everything comes from the viewer's engine view and legal decisions (``games.selectors.detail``), never
from the state: the view holds only what the viewer may know (§12 of the rules statement): no deck's
order, another player's hand only as its size, the discard pile only by its top card.
"""

from . import cards as C
from .prompt import prompt
from .words import pending_words, phase_words


def board(table, detail):
    """Add the board (and, on the viewer's decision, the prompt) to ``table``."""
    view = detail["view"]
    names = table["names"]
    me = table["me"]
    over = view.get("phase") == "over"
    active = view.get("active")
    table["turn_bar"] = _turn_bar(view, names, me)
    table["decider_words"] = None if over else pending_words(view, names, me)
    table["revealed"] = _revealed(view)
    table["edition_words"] = C.edition_words(view.get("edition"))
    for player in table["players"]:
        _seat(player, view["players"][player["seat"]], view, me)
    active_view = view["players"][active] if active is not None and not over else None
    table["in_play"] = [C.face(c) for c in active_view["in_play"]] if active_view else []
    table["in_play_name"] = names.get(active) if active_view else None
    table["in_play_mine"] = active is not None and active == me
    you = view.get("you") or {}
    hand = you.get("hand")
    table["hand_size"] = len(hand) if hand is not None else None
    table["hand"] = [dict(C.face(card), count=count, option=None) for card, count in C.counted(hand or [])]
    table["hand_in_prompt"] = False
    table["supply_basic"], table["supply_kingdom"] = _supply(view)
    table["trash"] = [dict(C.face(card), count=count) for card, count in C.counted(sorted(view.get("trash") or []))]
    table["trash_size"] = len(view.get("trash") or [])
    table["empty_piles"] = sum(1 for pile in view["supply"] if pile["count"] == 0)
    if table["my_turn"]:
        prompt(table, detail["legal"], view.get("pending") or {}, view, me)


def _turn_bar(view, names, me):
    """Turn N, whose turn, the phase, and the active player's Actions, Buys and $ (public, §12)."""
    if view.get("phase") == "over" or view.get("active") is None:
        return None
    active = view["active"]
    return {
        "number": view["turn"],
        "name": names.get(active, "?"),
        "mine": active == me,
        "phase": phase_words(view["phase"]),
        "actions": view["actions"],
        "buys": view["buys"],
        "coins": view["coins"],
        "tokens": view["players"][active]["tokens"],
        "phase_key": view["phase"],
    }


def _revealed(view):
    """Advisor's revealed cards, which everyone may see while the chooser decides (D-HID-4)."""
    pending = view.get("pending") or {}
    if pending.get("kind") != "advisor":
        return None
    return [C.face(c) for c in pending.get("cards") or []]


def _seat(player, pv, view, me):
    """One seat's public facts (and, for its owner, the top cards of their deck they know)."""
    mine = player["seat"] == me
    player.update(
        is_active=player["seat"] == view.get("active") and view.get("phase") != "over",
        hand_size=pv["hand_size"],
        deck_size=pv["deck_size"],
        discard_size=pv["discard_size"],
        discard_top=C.face(pv["discard_top"]) if pv.get("discard_top") else None,
        tokens=pv["tokens"],
        vp=pv["score"],
        turns_taken=pv["turns_taken"],
        in_play_count=len(pv["in_play"]),
        # Cards the owner put on top of their deck or saw there (a Doctor's put-back or look, a Herald's
        # picks): theirs to know; everyone's view carries only what was revealed to all.
        deck_known=[C.face(c) for c in pv.get("deck_top") or []],
        deck_known_is_private=mine,
        # Once the game is over every card is shown (the view carries them).
        all_cards=_all_cards(pv) if view.get("phase") == "over" else None,
    )


def _all_cards(pv):
    cards = [*(pv.get("hand") or []), *(pv.get("deck") or []), *(pv.get("discard") or []), *pv["in_play"]]
    return [dict(C.face(card), count=count) for card, count in C.counted(sorted(cards, key=_by_cost_then_name))]


def _by_cost_then_name(card):
    return (-C.VP.get(card, 0), -C.COST.get(card, 0), card)


def _supply(view):
    """The basic piles and the kingdom piles, each with its count and cost (an empty pile says so)."""
    kingdom = set(view.get("kingdom") or [])
    basic, own = [], []
    for pile in view["supply"]:
        entry = dict(C.face(pile["card"]), left=pile["count"], empty=pile["count"] == 0, buy=None)
        (own if pile["card"] in kingdom else basic).append(entry)
    return basic, own

