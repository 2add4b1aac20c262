"""Decisions: the small JSON objects a player (a person, a bot, a test) submits.

``legal_decisions`` lists every option; ``apply`` checks a decision against that list, so nothing is
legal that the list does not offer, and an illegal decision raises ``IllegalDecision`` with a message a
player understands, leaving the state untouched.

Decision types and their fields:

=============== ================ ===============================================================
type            fields           meaning
=============== ================ ===============================================================
discard         card             setup or Discard action: one more hand card to discard
done            -                finish an open-ended choice (discarding, Weaver T4, VP3-PlaceHand)
place           card             setup: put this hand card into your guildhall
play            card             action: play this hand card (R5)
discard_draw    -                action: discard any number of cards, then draw up to 6 (R11)
buy             card             action: buy this VP card from the center row (R9)
end_turn        [order]          end the turn with actions left (AMB-07); rules version 3: ``order`` of
                                 the duplicates it discards (R12.1), top first
undo            -                take back your last decision of this turn (see ``undo``)
tier            tier             use the played card's ability at this tier (Dancer: draw this many)
use             -                use the bought VP card's ability
decline         -                do not use the ability
target          seat             the other player an ability acts on
select          card             the next card of an ability's choice, or of the order on the pile
chapter         profession       a whole chapter (Trader T4, VP2-Chapter)
pay             card, [order]    discard the completed chapter holding this card, that card on top
                                 (rules version 2: then ``select`` the next cards down, or ``done``;
                                 version 3: ``order``, the chapter's cards top first, ``card`` first)
resign          -                leave the game (any time, not offered by ``legal_decisions``)
time_out        -                the server: the seat's time ran out and the game ends
take_over       -                the server: the bot plays the seat from now on
=============== ================ ===============================================================

The last three are outcomes (engine/outcomes.py); who made each entry is ``by`` (None: the seat itself).
Fields in brackets are optional. ``order`` (rules version 3) lists distinct card ids, top first: all
the cards the decision puts on the pile together, or only the first few of them (the others follow
beneath in the default order). ``legal_decisions`` offers each such decision with its default order; an
empty ``order`` is no order. Under rules versions 1 and 2 ``order`` is ignored, as unknown fields are.
"""

from . import outcomes
from .cards import PROFESSIONS, VP_COST
from .errors import IllegalDecision
from .messages import ERRORS as E
from .state import NO_SNAPSHOT
from .turns import PROMPTS, duplicates_top_first, settle, why_not_playable

_FIELDS = {
    "discard": ("card",), "done": (), "place": ("card",), "play": ("card",), "discard_draw": (),
    "buy": ("card",), "end_turn": (), "undo": (), "tier": ("tier",), "use": (), "decline": (),
    "target": ("seat",), "select": ("card",), "chapter": ("profession",), "pay": ("card",),
    "resign": (), "time_out": (), "take_over": (),
}
# Optional fields, by decision type.
_ORDERED = ("pay", "end_turn")
# The most cards one decision puts on the pile together: a chapter is 5, a turn's duplicates at most 6 (one
# card of each profession is played in a turn, R5.1c).
MAX_ORDER = 6


def normalise(decision):
    """The decision with only its known fields, or IllegalDecision('malformed')."""
    if not isinstance(decision, dict):
        raise IllegalDecision(E["not_object"], "malformed")
    kind = decision.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise IllegalDecision(E["unknown_type"], "malformed", type=str(kind)[:40])
    clean = {"type": kind}
    for field in _FIELDS[kind]:
        value = decision.get(field)
        if field == "profession":
            ok = value in PROFESSIONS
        else:
            ok = isinstance(value, int) and not isinstance(value, bool)
        if not ok:
            raise IllegalDecision(E["bad_field"], "malformed", type=kind, field=field)
        clean[field] = value
    if kind in _ORDERED and decision.get("order") not in (None, []):
        clean["order"] = _normal_order(decision["order"], kind)
    return clean


def _normal_order(order, kind):
    """An ``order``: a list of distinct card ids (malformed otherwise)."""
    if (
        not isinstance(order, list) or len(order) > MAX_ORDER
        or not all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c < 120 for c in order)
        or len(set(order)) != len(order)
    ):
        raise IllegalDecision(E["bad_field"], "malformed", type=kind, field="order")
    return list(order)


def pending_player(st):
    return None if st.phase == "over" else st.stack[-1]["seat"]


def legal_decisions(st, seat):
    if st.phase == "over" or st.stack[-1]["seat"] != seat:
        return []
    prompt = st.stack[-1]
    options = PROMPTS[prompt["kind"]][0](st, prompt)
    if can_undo(st, seat):
        options.append({"type": "undo"})
    return options


def apply(st, seat, decision, by=None, legal=None, trusted=False):
    """Apply one decision of ``seat``; returns the events it caused. ``trusted`` skips validation
    (replaying a log whose every entry was validated when it was submitted); the decision is still
    normalised, so a stored decision with extra fields replays exactly as it was applied. ``by`` says
    who made the entry: the seat itself (None) or the server for it (engine/outcomes.py). ``legal``:
    ``legal_decisions(st, seat)`` if the caller has it already, so that validation need not list them again."""
    if isinstance(decision, dict) and "order" in decision and not st.rules_since("3"):
        decision = _without_order(decision)  # as any field the rules of the game's version do not know
    decision = normalise(decision)
    kind = decision["type"]
    if not trusted:
        outcomes.check_agent(st, seat, kind, by)
        if kind in outcomes.OUTCOME_TYPES:
            outcomes.validate(st, seat, decision, by)
        else:
            _validate(st, seat, decision, legal)
    st.seq += 1
    events = [{"t": "decided", "seat": seat} if by is None else {"t": "decided", "seat": seat, "by": by}]
    st.events.append(events)  # who made the entry, for the log in words
    st.revealed = False
    if kind in outcomes.OUTCOME_TYPES:
        outcomes.count_timeout(st, seat, by, announce=False)
        st.turn_log.append((seat, decision, by))
        # Undo never takes back another seat's leaving, nor goes back past it in the turn it happened.
        st.undo_floor = len(st.turn_log)
        outcomes.apply_outcome(st, seat, decision)
        settle(st)
        return events
    if kind == "undo":
        events.append({"t": "undo", "seat": seat})
        undo(st)
        outcomes.count_timeout(st, seat, by)  # after the rebuild, which restores the turn's counts
        return events
    outcomes.count_timeout(st, seat, by)
    prompt = st.stack[-1]
    st.turn_log.append((seat, decision, by))
    PROMPTS[prompt["kind"]][1](st, prompt, decision)
    settle(st)  # may reveal too (a VP card bought once its pile is ordered refills the row)
    if st.revealed or seat != st.active or by is not None:
        st.undo_floor = len(st.turn_log)
    return events


def _validate(st, seat, decision, legal=None):
    if st.phase == "over":
        raise IllegalDecision(E["game_over"], "game_over")
    if st.stack[-1]["seat"] != seat:
        raise IllegalDecision(E["not_your_turn"], "not_your_turn")
    if decision["type"] == "undo":
        if not can_undo(st, seat):
            raise IllegalDecision(E["nothing_to_undo"])
        return
    prompt = st.stack[-1]
    options = legal if legal is not None else PROMPTS[prompt["kind"]][0](st, prompt)
    if "order" in decision:
        _validate_order(st, seat, prompt, decision, options)
    elif decision not in options and not any(_without_order(o) == decision for o in options):
        template, params = explain(st, seat, prompt, decision)
        raise IllegalDecision(template, **params)


def _without_order(option):
    if "order" not in option:
        return option
    return {k: v for k, v in option.items() if k != "order"}


def _validate_order(st, seat, prompt, decision, options):
    """A decision with an ``order``: legal without it, and the order names only cards that the decision
    puts on the pile together (the option's default ``order``), each once, a chapter's top card first."""
    base = _without_order(decision)
    option = next((o for o in options if _without_order(o) == base), None)
    if option is None:
        template, params = explain(st, seat, prompt, base)
        raise IllegalDecision(template, **params)
    order = decision["order"]
    cards = duplicates_top_first(st) if decision["type"] == "end_turn" else option["order"]
    if not set(order) <= set(cards) or (decision["type"] == "pay" and order[0] != decision["card"]):
        raise IllegalDecision(E["bad_order"])


# --- undo ---------------------------------------------------------------------------------------------
def can_undo(st, seat):
    """Undo is allowed within your own turn, back to the last decision that revealed hidden information
    (a draw, a shuffle, a refill of the center row, a search of the discard pile) or that another
    player made. Undo is itself a log entry, so the log stays append-only."""
    return (
        st.phase != "over"
        and st.snapshot is not NO_SNAPSHOT  # a searched state (a sample, a play-out) has no past to return to
        and st.active == seat
        and st.stack[-1]["seat"] == seat
        and len(st.turn_log) > st.undo_floor
    )


def undo(st):
    """Rebuild the turn from its start without its last decision (the turn is short, so this is cheap)."""
    raw_seq, raw_events = st.seq, st.events
    fresh = st.snapshot.clone(with_events=False)
    fresh.snapshot = st.snapshot
    fresh.events = [[]]
    for seat, decision, by in st.turn_log[:-1]:
        apply(fresh, seat, decision, trusted=True, by=by)
    for field in type(st).__slots__:
        setattr(st, field, getattr(fresh, field))
    st.seq, st.events = raw_seq, raw_events


# --- messages for illegal decisions -----------------------------------------------------------------------
def explain(st, seat, prompt, decision):
    """(template, params) saying why ``decision`` is not legal now."""
    player = st.players[seat]
    kind, card = decision["type"], decision.get("card")
    if kind in ("play", "place", "discard") and card not in player.hand:
        return E["not_in_hand"], {}
    if prompt["kind"] == "action" and kind == "play":
        if why_not_playable(st, seat, card) == "duplicate":
            return E["duplicate"], {"card": card}
        return E["played_this_turn"], {"profession": PROFESSIONS[card // 20]}
    if prompt["kind"] == "action" and kind == "buy":
        if card not in st.row:
            return E["not_in_row"], {}
        return E["too_few_chapters"], {"count": VP_COST[card], "have": len(player.completed)}
    if kind == "place" and prompt["kind"] == "setup_place":
        return E["duplicate"], {"card": card}
    if kind in ("tier", "use", "decline") and prompt["kind"] != "choose_tier":
        return E["no_ability_now"], {}
    if kind == "tier":
        return E["tier_infeasible"], {}
    return E["expected_" + prompt["kind"]], {}


__all__ = ["apply", "legal_decisions", "normalise", "pending_player"]
