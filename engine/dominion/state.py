"""The game state: the Supply, the Trash, each player's zones, the turn, and the effect stack.

Zones hold card names. A deck and a discard pile keep their top card at the END of the list (a draw is
``pop()``); positions (engine/dominion/position.py) list them top first, as the rules do.

The effect stack (design §3) holds one frame per card effect being resolved: a plain dict
``{"fx": effect, "seat": owner, "step": next step, ...}`` whose other keys are the effect's own locals
(the cards it revealed, the card it trashed, how many picks are left). ``prompt`` is the question the
game waits for, ``{"kind": ..., "seat": ..., ...}``, or None once the game is over. Frames and prompts
hold only JSON values, so a state pickles, compares and copies cheaply, and a position can carry them.
"""

# The rules editions of D-ED-1 and D-ED-2, as the behaviours they switch (AMB-D-14 names them so).
EDITIONS = {
    "2013": {"coffers_anytime": False, "merchant_guild_errata": False, "overpay_after_gain": False},
    "2022": {"coffers_anytime": True, "merchant_guild_errata": True, "overpay_after_gain": True},
}

# Every engine version this package can play, oldest first (a game is replayed under its own).
RULES_VERSIONS = ("1",)


class Seat:
    """One player's cards and counters."""

    __slots__ = ("hand", "deck", "discard", "in_play", "tokens", "turns", "known", "shown")

    def __init__(self):
        self.hand = []  # the owner's alone (D-HID-2); order is the order cards arrived
        self.deck = []  # top card last
        self.discard = []  # top card last; only the top is public (D-HID-1)
        self.in_play = []  # in the order played (D-TURN-7)
        self.tokens = 0  # Coin tokens (G-COF)
        self.turns = 0  # turns taken, for the tie-break (D-SCORE-2)
        # How many top cards of the deck the owner knows (put back or seen: D-HID-3), and how many of
        # those everyone knows (a Herald's reveal, a Taxman's gain). Always shown <= known <= len(deck).
        self.known = 0
        self.shown = 0

    def clone(self):
        other = Seat.__new__(Seat)
        other.hand = self.hand[:]
        other.deck = self.deck[:]
        other.discard = self.discard[:]
        other.in_play = self.in_play[:]
        other.tokens = self.tokens
        other.turns = self.turns
        other.known = self.known
        other.shown = self.shown
        return other

    def cards(self):
        """Every card the player owns outside the effects being resolved."""
        return self.hand + self.deck + self.discard + self.in_play

    def _key(self):
        return (self.hand, self.deck, self.discard, self.in_play, self.tokens, self.turns, self.known, self.shown)

    def __eq__(self, other):
        return isinstance(other, Seat) and self._key() == other._key()

    def __getstate__(self):
        return self._key()

    def __setstate__(self, data):
        (self.hand, self.deck, self.discard, self.in_play, self.tokens, self.turns, self.known,
         self.shown) = data


_FIELDS = (
    "version", "edition", "num_players", "seed", "kingdom", "supply", "trash", "seats", "shuffles",
    "active", "phase", "actions", "buys", "coins", "bought", "gained", "stack", "prompt", "turn", "seq",
    "events", "departed", "timeouts", "timeout_turns", "ended_by", "places",
)


class GameState:
    __slots__ = _FIELDS

    def __init__(self, num_players, seed, kingdom, edition="2013", version=RULES_VERSIONS[-1]):
        self.version = version
        self.edition = edition
        self.num_players = num_players
        self.seed = seed  # secret until the game is over
        self.kingdom = tuple(kingdom)  # never changes: shared by clones
        self.supply = {}  # card -> count, the 17 piles in display order
        self.trash = []
        self.seats = [Seat() for _ in range(num_players)]
        self.shuffles = 0  # shuffles so far: the counter of the seed's stream (D-SETUP-7)
        self.active = 0
        self.phase = "action"  # action | buy | over
        self.actions = 0
        self.buys = 0
        self.coins = 0
        self.bought = False  # the first buy of the turn happened (closes Buy step B1)
        self.gained = 0  # cards the active player gained in this Buy phase (Merchant Guild's errata)
        self.stack = []  # effect frames; the last one resolves first
        self.prompt = None  # the pending question
        self.turn = 0  # +1 whenever a seat's turn begins
        self.seq = 0  # log entries applied
        self.events = [[]]  # per log entry, what it caused (entry 0: the setup)
        self.departed = []  # (seat, reason) in the order seats left (engine/dominion/outcomes.py)
        self.timeouts = [0] * num_players  # turns in a row in which the seat's time ran out
        self.timeout_turns = [0] * num_players
        self.ended_by = None  # once over: "rules", "resigned", "timed_out" or "taken_over"
        self.places = None  # once over: the place of each seat, 1 = first

    @property
    def rules(self):
        return EDITIONS[self.edition]

    @property
    def finished(self):
        return self.phase == "over"

    @property
    def players(self):
        return self.seats

    def clone(self, with_events=True):
        other = GameState.__new__(GameState)
        other.version = self.version
        other.edition = self.edition
        other.num_players = self.num_players
        other.seed = self.seed
        other.kingdom = self.kingdom
        other.supply = self.supply.copy()
        other.trash = self.trash[:]
        other.seats = [s.clone() for s in self.seats]
        other.shuffles = self.shuffles
        other.active = self.active
        other.phase = self.phase
        other.actions = self.actions
        other.buys = self.buys
        other.coins = self.coins
        other.bought = self.bought
        other.gained = self.gained
        other.stack = [_copy_frame(f) for f in self.stack]
        other.prompt = self.prompt  # never changed in place: a new question is a new dict
        other.turn = self.turn
        other.seq = self.seq
        other.events = self.events[:] if with_events else []
        other.departed = self.departed[:]
        other.timeouts = self.timeouts[:]
        other.timeout_turns = self.timeout_turns[:]
        other.ended_by = self.ended_by
        other.places = None if self.places is None else self.places[:]
        return other

    def __eq__(self, other):
        if not isinstance(other, GameState):
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in _FIELDS)

    def __getstate__(self):
        return {f: getattr(self, f) for f in _FIELDS}

    def __setstate__(self, data):
        for f, value in data.items():
            setattr(self, f, value)


def _copy_frame(frame):
    return {k: (v[:] if type(v) is list else v) for k, v in frame.items()}
