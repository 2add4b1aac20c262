"""The engine's fast path for a search: applying a decision the search took from ``legal_decisions``
without validating it again.

A searched state is never shown, stored nor undone, so a copy keeps only the zones that change during
play (``GameState.clone(for_playout=True)``: no log, no events beyond the current decision, no turn
snapshot), and applying a decision runs the prompt's handler and ``settle`` only: no normalising, no log
entry, no timeout bookkeeping.
"""

from .turns import PROMPTS, settle


def play(st, decision):
    """Apply ``decision``, one of ``legal_decisions`` for the seat to move (never ``undo``)."""
    st.events = [[]]  # nobody reads a searched state's events: keep only the current decision's
    prompt = st.stack[-1]
    PROMPTS[prompt["kind"]][1](st, prompt, decision)
    settle(st)


def options(st):
    """The legal decisions of the seat to move, ``undo`` left out (bots never take a decision back)."""
    prompt = st.stack[-1]
    return PROMPTS[prompt["kind"]][0](st, prompt)


def copy(st):
    """A copy to play on (``GameState.clone(for_playout=True)``)."""
    return st.clone(for_playout=True)


def to_move(st):
    return st.stack[-1]["seat"]


def over(st):
    return st.phase == "over"
