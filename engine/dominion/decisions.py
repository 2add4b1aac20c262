"""Decisions: the JSON vocabulary of dominion-positions.md, listed by ``legal_decisions`` and checked
by ``apply`` before anything changes (D-ILL-1).

=============== =================== ==========================================================
type            fields              when
=============== =================== ==========================================================
play            card                an Action in the Action phase, a Treasure in the Buy phase
play_treasures  -                   every Treasure in hand at once (Buy phase, before buying)
end_actions     -                   Action phase -> Buy phase
spend_tokens    n                   Buy phase, before the first buy (2022 edition: any time)
buy             card, [overpay]     Buy phase; ``overpay`` 0 when absent (G-OVER-5)
end_turn        -                   ends the Buy phase; Clean-up follows by itself
choose          card                Advisor's chooser, a trash, a gain, Plaza's discard, a Herald pick
decline         -                   Butcher's and Taxman's trash, Plaza's discard
number          n                   Butcher: tokens to remove
name            card                Doctor and Journeyman
order           cards               Doctor's put-back, top card first
option          value               Doctor's overpay: trash, discard or topdeck
resign          -                   leave the game (any time; not offered by legal_decisions)
time_out        -                   the server: the seat's time ran out and the game ends
take_over       -                   the server: the bot plays the seat from now on
=============== =================== ==========================================================

``play_treasures`` is our addition (the "play all Treasures" of online play). Card names may be sent in
any case; ``normalise`` gives the printed name. A refusal is an ``IllegalDecision`` whose ``rule`` is
the ILL id of §14 (``ILL-GEN-1`` for a malformed decision).
"""

from ..leaving import LEAVING_TYPES
from . import outcomes
from .cards import BY_LOWER
from .errors import refuse
from .kingdom import PROMPTS, REFUSALS
from .turns import PHASE_HANDLERS, PHASE_PROMPTS, explain, settle

_FIELDS = {
    "play": ("card",), "play_treasures": (), "end_actions": (), "spend_tokens": ("n",), "buy": ("card",),
    "end_turn": (), "choose": ("card",), "decline": (), "number": ("n",), "name": ("card",), "order": ("cards",),
    "option": ("value",), "resign": (), "time_out": (), "take_over": (),
}
_OPTIONAL_OVERPAY = ("buy", "choose")
_OPTION_VALUES = ("trash", "discard", "topdeck")

OPTIONS = {**PROMPTS, **PHASE_PROMPTS}


def _card(value):
    if not isinstance(value, str) or not value or len(value) > 40:
        return None
    return BY_LOWER.get(value.strip().lower(), value)


def _int(value):
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def normalise(decision):
    """The canonical form of a decision (what the log stores), or IllegalDecision('malformed')."""
    if not isinstance(decision, dict):
        raise refuse("ILL-GEN-1", "not_object", "malformed")
    kind = decision.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise refuse("ILL-GEN-1", "unknown_type", "malformed", type=str(kind)[:40])
    clean = {"type": kind}
    for field in _FIELDS[kind]:
        value = decision.get(field)
        if field == "card":
            value = _card(value)
        elif field == "n":
            value = _int(value)
        elif field == "cards":
            if isinstance(value, list) and len(value) <= 10:
                value = [_card(c) for c in value]
                value = None if None in value else value
            else:
                value = None
        elif field == "value":
            value = value if value in _OPTION_VALUES else None
        if value is None:
            raise refuse("ILL-GEN-1", "bad_field", "malformed", type=kind, field=field)
        clean[field] = value
    if kind in _OPTIONAL_OVERPAY and decision.get("overpay") not in (None, 0):
        overpay = _int(decision["overpay"])
        if overpay is None:
            raise refuse("ILL-GEN-1", "bad_field", "malformed", type=kind, field="overpay")
        clean["overpay"] = overpay
    return clean


def pending_player(st):
    return None if st.prompt is None else st.prompt["seat"]


def legal_decisions(st, seat):
    prompt = st.prompt
    if prompt is None or prompt["seat"] != seat:
        return []
    return OPTIONS[prompt["kind"]](st, prompt)


def apply(st, seat, decision, by=None, legal=None, trusted=False):
    """Apply one decision of ``seat``; returns the events it caused. ``by``: who made the entry (None:
    the seat itself; engine/leaving.py). ``legal``: ``legal_decisions(st, seat)`` if the caller has it.
    ``trusted`` skips the checks (replaying a log whose entries were checked when submitted); the
    decision is still normalised, so a stored decision replays exactly as it was applied."""
    decision = normalise(decision)
    kind = decision["type"]
    leaving = kind in LEAVING_TYPES
    if not trusted:
        outcomes.check_agent(st, seat, kind, by)
        if leaving:
            outcomes.validate_leaving(st, seat, kind)
        else:
            validate(st, seat, decision, legal)
    st.seq += 1
    events = [{"t": "decided", "seat": seat} if by is None else {"t": "decided", "seat": seat, "by": by}]
    st.events.append(events)
    if leaving:
        outcomes.count_timeout(st, seat, by, announce=False)
        outcomes.apply_leaving(st, seat, kind)
        return events
    outcomes.count_timeout(st, seat, by)
    prompt = st.prompt
    st.prompt = None
    handler = PHASE_HANDLERS.get(prompt["kind"])
    if handler is not None:
        handler(st, prompt, decision)
    else:
        st.stack[-1]["answer"] = decision  # read by the asking frame's next step
    settle(st)
    return events


def validate(st, seat, decision, legal=None):
    prompt = st.prompt
    if prompt is None:
        raise refuse("ILL-TURN-2", "game_over", "game_over")
    if prompt["seat"] != seat:
        if prompt["kind"] == "advisor" and decision["type"] == "choose":
            raise refuse("ILL-ADV-1", "advisor_not_yours", "not_your_turn")
        raise refuse("ILL-TURN-1", "not_your_turn", "not_your_turn")
    options = legal if legal is not None else OPTIONS[prompt["kind"]](st, prompt)
    if decision in options:
        return
    rule, key, params = why_not(st, prompt, decision)
    raise refuse(rule, key, **params)


def why_not(st, prompt, decision):
    """(rule, error key, params): why ``decision`` is not among the options of ``prompt``."""
    kind = prompt["kind"]
    if decision["type"] == "number" and kind != "butcher_pay":
        return "ILL-BUT-1", "butcher_no_trash", {}  # only Butcher asks for a number of tokens
    if kind in PHASE_PROMPTS:
        return explain(st, prompt, decision)
    refusal = REFUSALS.get(kind)
    reason = refusal(st, prompt, decision) if refusal is not None else None
    return reason or ("ILL-GEN-1", "expected_" + kind, {})
