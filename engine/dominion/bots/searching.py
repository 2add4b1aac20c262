"""What engine/search needs of Dominion (engine/search/hooks.py): a fair sampler, a fast path for
searched states, a rollout policy and an evaluation.

- ``sampler(st, seat)``: every card the seat cannot see is dealt again through the game's ``sample``,
  from a *canonical* copy first (``canonical``: each player's hidden cards sorted into their hidden
  places). ``sample`` shuffles the hidden cards in the order it finds them, so without this step two
  states that differ only in where the hidden cards lie would give different samples for one generator;
  with it they give the same samples, and the search the same decision.
- ``play``/``copy``/``options``: a trusted ``apply`` of a decision taken from the legal list, with the
  events dropped (nobody reads a searched state's log), and ``clone(with_events=False)``.
- the rollout policy: each seat plays a scripted strategy modelled from what everyone sees, Big Money
  Ultimate plus the kingdom cards the seat owns (``model``); a search may give its own seat its plan
  (``hooks_for``).
- the evaluation: a finished game gives each seat its share of the win; a position cut off earlier
  gives a logistic of the seat's lead in VP plus the money of its deck, against its best opponent.
"""

import math
from dataclasses import replace
from functools import lru_cache

from ...search.hooks import Hooks, canonical_key
from ..cards import COIN, VP
from ..decisions import apply, legal_decisions
from ..sampling import sample
from .simulate import shares
from .strategy import Strategy

# A modelled opponent buys a kingdom card it already owns at these $ (BM-X's first range).
MODEL_RANGES = {
    "Candlestick Maker": (2, 2, 0), "Stonemason": (2, 2, 0), "Doctor": (3, 3, 0), "Masterpiece": (6, 7, "max"),
    "Advisor": (4, 4, 0), "Plaza": (4, 4, 0), "Taxman": (4, 4, 0), "Herald": (4, 4, 0), "Baker": (5, 5, 0),
    "Butcher": (5, 5, 0), "Journeyman": (5, 5, 0), "Merchant Guild": (5, 5, 0), "Soothsayer": (5, 5, 0),
}


def canonical(st, seat):
    """A copy of ``st`` in which every card hidden from ``seat`` lies in sorted order in the places
    hidden from it (the places ``sample`` deals again): what the seat cannot tell apart becomes equal."""
    other = st.clone(with_events=False)
    prompt = other.prompt
    searching = prompt is not None and prompt["kind"] == "herald_overpay" and prompt["seat"] == seat
    for index, s in enumerate(other.seats):
        own = index == seat
        keep_top = s.known if own else s.shown
        deck_hidden = len(s.deck) - keep_top
        pile_hidden = 0 if (own and searching) else max(0, len(s.discard) - 1)
        pool = s.deck[:deck_hidden] + s.discard[:pile_hidden] + ([] if own else s.hand)
        pool.sort()
        s.deck[:deck_hidden] = pool[:deck_hidden]
        s.discard[:pile_hidden] = pool[deck_hidden:deck_hidden + pile_hidden]
        if not own:
            s.hand = pool[deck_hidden + pile_hidden:]
    if prompt is not None and prompt["kind"] == "doctor_overpay" and prompt["seat"] != seat:
        other.prompt = {**prompt, "card": other.seats[prompt["seat"]].deck[-1]}
    other.seed = "canonical"
    return other


def sampler(st, seat):
    base = canonical(st, seat)
    return lambda rng: sample(base, seat, rng)


def options(st):
    return legal_decisions(st, st.prompt["seat"])


def play(st, decision):
    apply(st, st.prompt["seat"], decision, trusted=True)
    st.events = [[]]


def copy(st):
    return st.clone(with_events=False)


def to_move(st):
    return st.prompt["seat"]


def over(st):
    return st.phase == "over"


def turn(st):
    return st.turn


@lru_cache(maxsize=256)
def _model(cards):
    rules = [{"card": c, "from": MODEL_RANGES[c][0], "to": MODEL_RANGES[c][1], "below": n,
              "overpay": MODEL_RANGES[c][2]} for c, n in cards]
    return Strategy({"cards": rules})


def model(st, seat):
    """A seat's strategy as everyone can guess it: Big Money Ultimate plus one more of each kingdom card
    it owns (at most two of each)."""
    s = st.seats[seat]
    counts = {}
    for zone in (s.hand, s.deck, s.discard, s.in_play):
        for card in zone:
            if card in MODEL_RANGES:
                counts[card] = counts.get(card, 0) + 1
    return _model(tuple(sorted((c, min(2, n + 1)) for c, n in counts.items())))


def policy(st, seat, options, rng):
    """The rollout policy: the seat's modelled strategy."""
    return model(st, seat).choose(st, seat, options, rng)


def strength(st, seat):
    """VP, plus the deck's money per card (a deck that buys more later is worth more now)."""
    s = st.seats[seat]
    cards = s.hand + s.deck + s.discard + s.in_play
    points = sum(VP.get(c, 0) for c in cards)
    money = sum(COIN.get(c, 0) for c in cards) + s.tokens
    return points + 6.0 * money / max(1, len(cards))


def evaluate(st):
    if st.phase == "over":
        return shares(st)
    values = [strength(st, seat) for seat in range(st.num_players)]
    rewards = []
    for seat, own in enumerate(values):
        best = max(v for other, v in enumerate(values) if other != seat)
        rewards.append(1.0 / (1.0 + math.exp(-(own - best) / 4.0)))
    return rewards


SEARCH = Hooks(
    policy=policy, evaluate=evaluate, key=canonical_key, sampler=sampler, options=options, play=play, copy=copy,
    to_move=to_move, over=over, turn=turn, explore=0.0,
)


def hooks_for(seat, plan):
    """The search's hooks with ``seat`` playing ``plan`` in the play-outs (the others: ``model``)."""

    def own_policy(st, who, options, rng):
        if who == seat:
            return plan.choose(st, who, options, rng)
        return model(st, who).choose(st, who, options, rng)

    return replace(SEARCH, policy=own_policy)
