"""The engine's fast path for a search: cheap copies and applying a decision the search took from
``legal_decisions`` without validating it again.

A searched state is never shown, stored nor undone, so a copy keeps only the zones that change during
play (no log, no events beyond the current decision, no turn snapshot), and applying a decision runs
the prompt's handler and ``settle`` only: no normalising, no log entry, no timeout bookkeeping.
"""

from ..state import NO_SNAPSHOT, GameState, Player
from ..turns import PROMPTS, settle


def copy_player(player):
    other = Player.__new__(Player)
    other.hand = player.hand[:]
    other.hall = player.hall.copy()
    other.completed = [chapter[:] for chapter in player.completed]
    other.tokens = player.tokens
    other.vp_cards = player.vp_cards[:]
    other.known = set(player.known)
    return other


def copy_prompt(prompt):
    copy = dict(prompt)
    picks = prompt.get("picks")
    if picks is not None:
        copy["picks"] = {phase: cards[:] for phase, cards in picks.items()}
    return copy


def copy_state(st):
    """A copy to play out: the mutable zones copied, the immutable fields shared."""
    other = GameState.__new__(GameState)
    other.version = st.version
    other.mode = st.mode
    other.num_players = st.num_players
    other.seed = st.seed
    other.shuffles = st.shuffles
    other.deck = st.deck[:]
    other.discard = st.discard[:]
    other.vp_deck = st.vp_deck[:]
    other.row = st.row[:]
    other.players = [copy_player(p) for p in st.players]
    other.phase = st.phase
    other.active = st.active
    other.turn = st.turn
    other.actions = st.actions
    other.area = st.area[:]
    other.area_vp = st.area_vp[:]
    other.played = set(st.played)
    other.stack = [copy_prompt(p) for p in st.stack]
    other.seq = st.seq
    other.turn_log = []
    other.undo_floor = 0
    other.winner = st.winner
    other.placings = None if st.placings is None else st.placings[:]
    other.events = [[]]
    other.departed = st.departed[:]
    other.timeouts = st.timeouts[:]
    other.timeout_turns = st.timeout_turns[:]
    other.ended_by = st.ended_by
    other.revealed = False
    other.snapshot = NO_SNAPSHOT
    return other


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
