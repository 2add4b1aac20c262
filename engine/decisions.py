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
end_turn        -                end the turn with actions left (AMB-07)
undo            -                take back your last decision of this turn (see ``undo``)
tier            tier             use the played card's ability at this tier (Dancer: draw this many)
use             -                use the bought VP card's ability
decline         -                do not use the ability
target          seat             the other player an ability acts on
select          card             the next card of an ability's choice
chapter         profession       a whole chapter (Trader T4, VP2-Chapter)
pay             card             discard the completed chapter holding this card, that card on top
=============== ================ ===============================================================
"""

from .cards import COLOURS, PROFESSIONS, VP_COST, card_name
from .errors import IllegalDecision
from .turns import PROMPTS, can_play, settle

_FIELDS = {
    "discard": ("card",), "done": (), "place": ("card",), "play": ("card",), "discard_draw": (),
    "buy": ("card",), "end_turn": (), "undo": (), "tier": ("tier",), "use": (), "decline": (),
    "target": ("seat",), "select": ("card",), "chapter": ("profession",), "pay": ("card",),
}


def normalise(decision):
    """The decision with only its known fields, or IllegalDecision('malformed')."""
    if not isinstance(decision, dict):
        raise IllegalDecision("A decision must be a JSON object.", "malformed")
    kind = decision.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise IllegalDecision(f"Unknown decision type: {str(kind)[:40]!r}.", "malformed")
    clean = {"type": kind}
    for field in _FIELDS[kind]:
        value = decision.get(field)
        if field == "profession":
            ok = value in PROFESSIONS
        else:
            ok = isinstance(value, int) and not isinstance(value, bool)
        if not ok:
            raise IllegalDecision(f"The decision '{kind}' needs a valid '{field}'.", "malformed")
        clean[field] = value
    return clean


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


def apply(st, seat, decision, trusted=False):
    """Apply one decision of ``seat``; returns the events it caused. ``trusted`` skips validation
    (replaying a log whose every entry was validated when it was submitted); the decision is still
    normalised, so a stored decision with extra fields replays exactly as it was applied."""
    decision = normalise(decision)
    if not trusted:
        _validate(st, seat, decision)
    st.seq += 1
    events = [{"t": "decided", "seat": seat}]  # who made the entry, for the log in words
    st.events.append(events)
    st.revealed = False
    if decision["type"] == "undo":
        events.append({"t": "undo", "seat": seat})
        undo(st)
        return events
    prompt = st.stack[-1]
    st.turn_log.append((seat, decision))
    PROMPTS[prompt["kind"]][1](st, prompt, decision)
    if st.revealed or seat != st.active:
        st.undo_floor = len(st.turn_log)
    settle(st)
    return events


def _validate(st, seat, decision):
    if st.phase == "over":
        raise IllegalDecision("The game is over.", "game_over")
    if st.stack[-1]["seat"] != seat:
        raise IllegalDecision("It is not your decision now: another player must decide first.", "not_your_turn")
    if decision["type"] == "undo":
        if not can_undo(st, seat):
            raise IllegalDecision(
                "There is nothing to undo: a card was drawn or revealed, or another player decided, "
                "since your last decision this turn.")
        return
    prompt = st.stack[-1]
    if decision not in PROMPTS[prompt["kind"]][0](st, prompt):
        raise IllegalDecision(explain(st, seat, prompt, decision))


# --- undo ---------------------------------------------------------------------------------------------
def can_undo(st, seat):
    """Undo is allowed within your own turn, back to the last decision that revealed hidden information
    (a draw, a shuffle, a refill of the center row, a search of the discard pile) or that another
    player made. Undo is itself a log entry, so the log stays append-only."""
    return (
        st.phase != "over"
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
    for seat, decision in st.turn_log[:-1]:
        apply(fresh, seat, decision, trusted=True)
    for field in type(st).__slots__:
        setattr(st, field, getattr(fresh, field))
    st.seq, st.events = raw_seq, raw_events


# --- messages for illegal decisions -----------------------------------------------------------------------
_EXPECTED = {
    "setup_discard": "choose cards to discard, then 'done'",
    "setup_place": "place a card from your hand that is not already in your guildhall",
    "action": "choose an action",
    "discard_draw": "choose cards to discard, then 'done'",
    "choose_tier": "choose a tier of the ability, or decline it",
    "ability": "make the next choice of the ability",
    "pay": "choose a completed chapter to pay with",
    "shed_chapters": "discard completed chapters down to three",
}


def explain(st, seat, prompt, decision):
    player = st.players[seat]
    kind, card = decision["type"], decision.get("card")
    if kind in ("play", "place", "discard") and card not in player.hand:
        return "That card is not in your hand."
    if prompt["kind"] == "action" and kind == "play":
        if not can_play(st, seat, card) and player.hall.get(card // 4) is not None:
            return f"You already have a {card_name(card)} in your guildhall."
        profession = PROFESSIONS[card // 20].capitalize()
        return f"You have already played a {profession} this turn."
    if prompt["kind"] == "action" and kind == "buy":
        if card not in st.row:
            return "That VP card is not in the center row."
        return (f"You need {VP_COST[card]} completed chapter(s) to buy that VP card; "
                f"you have {len(player.completed)}.")
    if kind == "place" and prompt["kind"] == "setup_place":
        return f"You already have a {card_name(card)} in your guildhall."
    if kind == "tier":
        return "That tier cannot be carried out in full now (all or nothing, R5.4)."
    return f"That is not a legal choice now: {_EXPECTED.get(prompt['kind'], 'decide')}."


__all__ = ["COLOURS", "apply", "legal_decisions", "normalise", "pending_player"]
