"""The game state: every zone of reference §2 and where the game stands.

Zones hold card ids. A guildhall is a dict identity -> card id: since a guildhall never holds two
identical face-up cards (R7.1), the identity is a natural key, and the duplicate check is a lookup.
"""

from .cards import VP_VALUE, identities_of


class Player:
    __slots__ = ("hand", "hall", "completed", "tokens", "vp_cards", "known")

    def __init__(self):
        self.hand = []  # hidden from everyone but the owner (R14)
        self.hall = {}  # face-up guildhall cards: identity -> card id (R2.4)
        self.completed = []  # completed chapters, each a list of 5 card ids (R8)
        self.tokens = 0  # VP tokens, unlimited supply (R1.3)
        self.vp_cards = []  # owned VP cards, outside every chapter and immune to abilities (AMB-03)
        # The hand cards everyone saw arrive (taken back from the guildhall), always a part of ``hand``.
        # Only their number is shown, in Yucata mode (Y5).
        self.known = set()

    def clone(self):
        other = Player.__new__(Player)
        other.hand = self.hand[:]
        other.hall = self.hall.copy()
        other.completed = [chapter[:] for chapter in self.completed]
        other.tokens = self.tokens
        other.vp_cards = self.vp_cards[:]
        other.known = set(self.known)
        return other

    def chapter(self, profession):
        """R2.1: the face-up cards of one profession, in colour order."""
        hall = self.hall
        return [hall[i] for i in identities_of(profession) if i in hall]

    def level(self, profession):
        """R2.2: N(p), the number of face-up cards of that profession."""
        hall = self.hall
        return sum(1 for i in identities_of(profession) if i in hall)

    def professions(self):
        """The professions that have a chapter (at least one face-up card)."""
        return sorted({identity // 5 for identity in self.hall})

    def take_from_hand(self, card):
        self.hand.remove(card)
        self.known.discard(card)

    @property
    def vp(self):
        return sum(VP_VALUE[c] for c in self.vp_cards) + self.tokens

    def _key(self):
        return (self.hand, self.hall, self.completed, self.tokens, self.vp_cards, self.known)

    def __eq__(self, other):
        return isinstance(other, Player) and self._key() == other._key()

    def __getstate__(self):
        return self._key()

    def __setstate__(self, data):
        self.hand, self.hall, self.completed, self.tokens, self.vp_cards, self.known = data


# The ``snapshot`` of a state that a search plays out: it never undoes, so no turn snapshot is taken.
NO_SNAPSHOT = object()


# Every rules version this engine can play, oldest first (engine.ENGINE_VERSION is the newest).
RULES_VERSIONS = ("1", "2", "3", "4")


# Fields compared by ==; ``snapshot`` (the turn's start, kept for undo) is derived and left out.
_FIELDS = (
    "version", "mode", "num_players", "seed", "shuffles", "deck", "discard", "vp_deck", "row", "players",
    "phase", "active", "turn", "actions", "area", "area_vp", "played", "stack", "seq", "turn_log",
    "undo_floor", "winner", "placings", "events", "departed", "timeouts", "timeout_turns", "ended_by",
)


class GameState:
    __slots__ = _FIELDS + ("snapshot", "revealed")

    def __init__(self, num_players, seed, mode, version=RULES_VERSIONS[-1]):
        self.version = version  # the rules version the game is played under (see rules_since)
        self.mode = mode
        self.num_players = num_players
        self.seed = seed  # secret until the game is over
        self.shuffles = 0  # how many shuffles so far: the counter of the seed's random stream
        self.deck = []  # profession deck; the top is the end of the list
        self.discard = []  # discard pile; the top is the end of the list
        self.vp_deck = []
        self.row = []  # the center row (R3.3)
        self.players = [Player() for _ in range(num_players)]
        self.phase = "setup"  # setup | play | over
        self.active = 0
        self.turn = 1  # +1 whenever a new seat becomes active, setup turns included
        self.actions = 0
        self.area = []  # the active player's action area: profession cards played this turn
        self.area_vp = []  # VP cards bought this turn (already counted in the owner's vp_cards)
        self.played = set()  # professions played this turn (R5.1c)
        self.stack = []  # prompts awaiting a decision; the last one is pending
        self.seq = 0  # log entries applied, undo entries included
        self.turn_log = []  # (seat, decision) applied since ``snapshot``, for undo
        self.undo_floor = 0  # undo may not go below this index of turn_log (rules/undo)
        self.winner = None
        self.placings = None
        self.events = []  # per log entry, the list of events it caused (for the log in words)
        # Leaving the game (engine/outcomes.py): (seat, reason) in the order the seats left.
        self.departed = []
        self.timeouts = [0] * num_players  # turns in a row in which the seat's time ran out
        self.timeout_turns = [0] * num_players  # the turn of each seat's latest timeout
        self.ended_by = None  # "vp" (R15.1), or how the game ended early (engine/outcomes.py)
        self.revealed = False  # set while applying a decision that revealed hidden information
        self.snapshot = None

    # --- read-only helpers for the web layer -------------------------------------------------
    @property
    def finished(self):
        return self.phase == "over"

    def vp(self, seat):
        return self.players[seat].vp

    def rules_since(self, version):
        """Whether this game is played under rules ``version`` or a later one: the few places where
        the rules changed between versions ask this, so a stored log keeps its meaning."""
        return RULES_VERSIONS.index(self.version) >= RULES_VERSIONS.index(version)

    # --- copying and comparing ---------------------------------------------------------------
    def clone(self, with_events=True, for_playout=False):
        """A copy whose zones that play changes are its own; what play never changes is shared.

        ``for_playout``: a copy that a search plays out. Such a state is never shown, stored nor undone,
        so it starts with an empty turn log (undo floor 0), only the current decision's events (so
        ``with_events`` does not apply), no reveal in progress, and ``NO_SNAPSHOT``, which tells
        ``begin_turn`` not to copy it again for undo at every turn.
        """
        other = GameState.__new__(GameState)
        other.version = self.version
        other.mode = self.mode
        other.num_players = self.num_players
        other.seed = self.seed
        other.shuffles = self.shuffles
        other.deck = self.deck[:]
        other.discard = self.discard[:]
        other.vp_deck = self.vp_deck[:]
        other.row = self.row[:]
        other.players = [p.clone() for p in self.players]
        other.phase = self.phase
        other.active = self.active
        other.turn = self.turn
        other.actions = self.actions
        other.area = self.area[:]
        other.area_vp = self.area_vp[:]
        other.played = set(self.played)
        other.stack = [_clone_prompt(p) for p in self.stack]
        other.seq = self.seq
        other.winner = self.winner
        other.placings = None if self.placings is None else self.placings[:]
        other.departed = self.departed[:]
        other.timeouts = self.timeouts[:]
        other.timeout_turns = self.timeout_turns[:]
        other.ended_by = self.ended_by
        if for_playout:
            other.turn_log = []
            other.undo_floor = 0
            other.events = [[]]
            other.revealed = False
            other.snapshot = NO_SNAPSHOT
        else:
            other.turn_log = self.turn_log[:]
            other.undo_floor = self.undo_floor
            other.events = self.events[:] if with_events else []
            other.revealed = self.revealed
            other.snapshot = self.snapshot
        return other

    def __eq__(self, other):
        if not isinstance(other, GameState):
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in _FIELDS)

    def __getstate__(self):
        return {f: getattr(self, f) for f in _FIELDS + ("snapshot", "revealed")}

    def __setstate__(self, data):
        for f, value in data.items():
            setattr(self, f, value)


def _clone_prompt(prompt):
    copy = dict(prompt)
    picks = prompt.get("picks")
    if picks is not None:
        copy["picks"] = {phase: cards[:] for phase, cards in picks.items()}
    return copy
