"""Scripted strategies: a buy list, a way of playing each card, and the preferences every card's question
asks (engine/dominion/bots/policy.py), all from a small JSON spec, so that a strategy can be chosen per
kingdom, stored in a table and rebuilt from it.

A spec (every key optional):

- ``province_money`` (18): Province only once the seat's Treasures total more than this ($);
- ``duchy_at`` (4), ``estate_at`` (2), ``late_duchy_at`` (6): Duchy when this many Provinces or fewer
  are left, Estate likewise, and Duchy over Silver at ``late_duchy_at`` or fewer (Big Money Ultimate's
  rules, design §2);
- ``cards``: the kingdom cards it buys, in priority order, each ``{"card", "from", "to", "below",
  "overpay"}``: buy it with $``from``–$``to`` while holding fewer than ``below`` copies; ``overpay``
  "max" pays every $ left over (a "+" card), else none. These rules come after Province and the greening
  Duchy/Estate rules and before Gold, as "BMU plus X" puts them;
- ``silver_first`` (false): a kingdom rule whose range reaches $3–$4 waits until the seat owns a Silver;
- ``endgame`` (false): mind the score when the game may end (``Strategy.endgame``): a buy that ends the
  game is taken when it wins and never when it loses (the penultimate-Province rule was tried too, and
  lost games against Big Money: docs/bots.md, "Dominion");
- ``tokens_for`` (0): Coin tokens are spent only to reach a card costing at least this much (0: any
  better buy, as Big Money Ultimate does);
- ``butcher_gold_at`` (None): Butcher trashes a Gold for a Province once this many Provinces or fewer are
  left (None: one more than ``duchy_at``).

The way a card is played is fixed per card (design §2's BM-X policies), the same for every strategy:
non-terminal cards first, then the most valuable terminal; Stonemason only with a card worth trashing;
Doctor names the junk most common among the cards it may reveal; Journeyman the Victory card or Curse
most common there; Plaza discards a Copper; Taxman trashes a Silver for a Gold (a Copper for a Silver
without one); Butcher trashes a Curse or an Estate (a Gold for a Province late in the game); Masterpiece
and Herald overpay as their rule says; Advisor's chooser discards the card with the highest $ value.

What a strategy reads: its own hand, the cards each player owns (every gain and trash is public), the
Supply and the public counters. The order of any deck and the split between deck and discard pile below
its top are never read (the fairness test of tests/engine/dominion/bots permutes them).
"""

from collections import Counter

from ..cards import ACTIONS, COIN, COST, OVERPAY, TREASURES, VP
from ..outcomes import scores
from .policy import Policy

# Cards that give +Actions (played first: they leave room for a terminal).
NON_TERMINAL = ("Herald", "Plaza", "Baker", "Candlestick Maker", "Advisor")
# Terminal Actions, strongest first (what a hand with two of them plays).
TERMINAL = ("Soothsayer", "Journeyman", "Butcher", "Merchant Guild", "Taxman", "Doctor", "Stonemason")

DEFAULTS = {"province_money": 18, "duchy_at": 4, "estate_at": 2, "late_duchy_at": 6, "silver_first": False,
            "endgame": False, "tokens_for": 0, "butcher_gold_at": None}


def normalise_spec(spec):
    """The spec with every default filled in and the kingdom rules in a canonical form (a table key)."""
    clean = {**DEFAULTS, **{k: v for k, v in (spec or {}).items() if k != "cards"}}
    unknown = set(clean) - set(DEFAULTS)
    if unknown:
        raise ValueError(f"unknown strategy keys: {sorted(unknown)}")
    rules = []
    for rule in (spec or {}).get("cards", ()):
        card = rule["card"]
        if card not in ACTIONS and card != "Masterpiece":
            raise ValueError(f"{card!r} is not a Guilds kingdom card")
        overpay = rule.get("overpay", 0)
        if overpay not in (0, "max"):
            raise ValueError("overpay is 0 or 'max'")
        rules.append({"card": card, "from": int(rule.get("from", COST[card])), "to": int(rule.get("to", COST[card])),
                      "below": int(rule.get("below", 1)), "overpay": overpay if card in OVERPAY else 0})
    clean["cards"] = rules
    return clean


def owned(st, seat):
    """The cards the seat owns: public (every gain and trash is logged)."""
    s = st.seats[seat]
    return Counter(s.hand + s.deck + s.discard + s.in_play)


def unseen(st, seat):
    """The seat's own cards it may draw or reveal next: its deck and discard pile together (their split
    below the top is not read)."""
    s = st.seats[seat]
    return Counter(s.deck + s.discard)


def treasure_total(counts):
    return sum(COIN.get(card, 0) * n for card, n in counts.items())


class Strategy(Policy):
    """A scripted player built from a spec (module docstring)."""

    def __init__(self, spec=None, name=None):
        self.spec = normalise_spec(spec)
        self.name = name or describe(self.spec)
        self.kingdom_cards = tuple(dict.fromkeys(r["card"] for r in self.spec["cards"]))

    def __repr__(self):
        return f"Strategy({self.name})"

    # --- buying -------------------------------------------------------------------------------------
    def buy_choice(self, st, seat, coins):
        pick = self.rules_choice(st, seat, coins)
        if self.spec["endgame"]:
            pick = self.endgame(st, seat, coins, pick)
        return pick

    def endgame(self, st, seat, coins, pick):
        """The plan's buy ``pick`` checked against the score: the public VP of every seat and the rules of
        the end (D-END-1) and of ties (D-SCORE-2)."""
        supply = st.supply
        winning = [c for c in ("Province", "Duchy", "Estate")
                   if supply.get(c) and COST[c] <= coins and ends_game(st, c) and wins_if_ended(st, seat, c)]
        if winning:
            return (winning[0], 0)
        if pick is not None and ends_game(st, pick[0]):
            # Ending the game now would not win it: the best buy that leaves it going, or nothing.
            pick = self.rules_choice(st, seat, coins, avoid=pick[0])
            if pick is not None and ends_game(st, pick[0]):
                pick = None
        return pick

    def rules_choice(self, st, seat, coins, avoid=None):
        spec = self.spec
        supply = st.supply
        provinces = supply["Province"]
        counts = owned(st, seat)

        def can(card):
            return supply.get(card, 0) > 0 and COST[card] <= coins and card != avoid

        if can("Province") and treasure_total(counts) > spec["province_money"]:
            return ("Province", 0)
        if provinces <= spec["duchy_at"] and can("Duchy"):
            return ("Duchy", 0)
        if provinces <= spec["estate_at"] and can("Estate"):
            return ("Estate", 0)
        for rule in spec["cards"]:
            card = rule["card"]
            if not (rule["from"] <= coins <= rule["to"] and counts[card] < rule["below"] and can(card)):
                continue
            if spec["silver_first"] and rule["from"] <= 4 and not counts["Silver"]:
                continue
            return (card, self.overpay(st, seat, card, coins, counts) if rule["overpay"] == "max" else 0)
        if can("Gold"):
            return ("Gold", 0)
        if provinces <= spec["late_duchy_at"] and can("Duchy"):
            return ("Duchy", 0)
        if can("Silver"):
            return ("Silver", 0)
        return None

    def on_buy(self, st, seat, prompt, options, rng):
        floor = self.spec["tokens_for"]
        if not floor or {"type": "play_treasures"} in options:
            return super().on_buy(st, seat, prompt, options, rng)
        choice = self.buy_choice(st, seat, st.coins)
        if any(o["type"] == "spend_tokens" for o in options):
            for extra in range(1, st.seats[seat].tokens + 1):
                better = self.buy_choice(st, seat, st.coins + extra)
                if better is not None and better != choice and COST[better[0]] >= floor:
                    return {"type": "spend_tokens", "n": extra}
        if choice is None:
            return {"type": "end_turn"}
        decision = {"type": "buy", "card": choice[0]}
        if choice[1]:
            decision["overpay"] = choice[1]
        return decision if decision in options else {"type": "end_turn"}

    def overpay(self, st, seat, card, coins, counts):
        """Every $ left (Masterpiece's Silvers, Herald's picks, Doctor's looks), except for Stonemason,
        whose overpay gains two Actions costing exactly the amount: only the cost of an Action of the plan
        it still wants (design §2: "overpay for Actions only when BM-X wants X"), so that it gains no card
        outside its plan."""
        left = coins - COST[card]
        if card != "Stonemason":
            return left
        wanted = [c for c in self.kingdom_cards if c in ACTIONS and counts[c] + (c == card) < self._wanted(c)
                  and 0 < COST[c] <= left and st.supply.get(c, 0) > (c == card)]
        return max((COST[c] for c in wanted), default=0)

    # --- the Action phase -----------------------------------------------------------------------------
    def on_action(self, st, seat, prompt, options, rng):
        hand = st.seats[seat].hand
        playable = {o["card"] for o in options if o["type"] == "play"}
        for card in NON_TERMINAL:
            if card in playable:
                return {"type": "play", "card": card}
        for card in TERMINAL:
            if card in playable and self.worth_playing(st, seat, card, hand):
                return {"type": "play", "card": card}
        return {"type": "end_actions"}

    def worth_playing(self, st, seat, card, hand):
        if card == "Stonemason":
            return any(self.trash_value(st, seat, c) >= 0 for c in hand if c != "Stonemason")
        if card == "Taxman":
            return any(c in TREASURES for c in hand)
        return True

    # --- preferences the card hooks ask ----------------------------------------------------------------
    def gain_value(self, st, seat, card):
        provinces = st.supply.get("Province", 0)
        if card == "Province":
            return 100
        if card == "Duchy":
            return 70 if provinces <= self.spec["duchy_at"] else (30 if provinces <= self.spec["late_duchy_at"] else 8)
        if card == "Estate":
            return 20 if provinces <= self.spec["estate_at"] else 1
        if card == "Curse":
            return -50
        if card in TREASURES:
            return {"Copper": 2, "Silver": 25, "Gold": 60, "Masterpiece": 15}[card]
        if card in self.kingdom_cards:
            return 40 + COST[card] if owned(st, seat)[card] < self._wanted(card) else 3 + COST[card]
        return -1  # a kingdom card outside the plan: only before a Curse (a forced gain)

    def _wanted(self, card):
        return max((r["below"] for r in self.spec["cards"] if r["card"] == card), default=0)

    def trash_value(self, st, seat, card):
        if card == "Curse":
            return 10
        if card == "Estate":
            return 5 if st.supply.get("Province", 0) > self.spec["estate_at"] + 1 else -5
        if card == "Copper":
            return 0
        return -self.gain_value(st, seat, card)

    def draw_value(self, st, seat, card):
        if card in TREASURES:
            return 10 * COIN[card]
        if card in ACTIONS:
            return 15
        return -10 if card in VP or card == "Curse" else 0

    def discard_for_token(self, st, seat, card):
        return card == "Copper"

    def name_for(self, st, seat, source):
        pool = unseen(st, seat)
        if source == "Doctor":
            # Design §2: Copper, or Estate (and Curse) while there are as many of them to find.
            weights = {"Curse": 3, "Estate": 2, "Copper": 1}
        else:
            weights = {"Curse": 1, "Estate": 1, "Duchy": 1, "Province": 1}
        best = max(weights, key=lambda c: (pool[c] * weights[c], weights[c]))
        return best if pool[best] else ("Estate" if source == "Doctor" else "Province")

    # --- questions with a policy of their own -----------------------------------------------------------
    def on_advisor(self, st, seat, prompt, options, rng):
        """Discard the card with the highest $ value (design §2); among equal ones an Action."""
        return max(options, key=lambda o: (COIN.get(o["card"], 0), o["card"] in ACTIONS, COST[o["card"]]))

    def on_butcher_trash(self, st, seat, prompt, options, rng):
        hand = st.seats[seat].hand
        tokens = st.seats[seat].tokens
        late = st.supply["Province"] <= butcher_gold_at(self.spec)
        if late and "Gold" in hand and tokens >= 2 and st.supply["Province"]:
            return {"type": "choose", "card": "Gold"}
        for card in ("Curse", "Estate"):
            if card in hand and self.trash_value(st, seat, card) > 0:
                return {"type": "choose", "card": card}
        return {"type": "decline"}


def butcher_gold_at(spec):
    """Provinces left at which Butcher starts trashing a Gold for a Province."""
    at = spec["butcher_gold_at"]
    return spec["duchy_at"] + 1 if at is None else at


def ends_game(st, card):
    """Whether gaining one more ``card`` from the Supply would end the game at the end of this turn."""
    supply = st.supply
    left = supply.get(card, 0) - 1
    if card == "Province" and left <= 0:
        return True
    empty = sum(1 for c, n in supply.items() if n == 0) + (1 if left == 0 else 0)
    return empty >= 3


def wins_if_ended(st, seat, card):
    """Whether the seat would win alone if it gained ``card`` and the game ended after this turn."""
    points = scores(st)
    points[seat] += VP.get(card, 0)
    turns = [s.turns for s in st.seats]
    turns[seat] += 1
    mine = (points[seat], -turns[seat])
    return all(mine > (points[o], -turns[o]) for o in range(st.num_players) if o != seat)


def describe(spec):
    """A short name: "BMU", "BM+Soothsayer", "BM+Masterpiece(6-7,2,+max)"."""
    parts = []
    for rule in spec["cards"]:
        text = f"{rule['card']}({rule['from']}-{rule['to']},{rule['below']}"
        text += ",+max)" if rule["overpay"] else ")"
        parts.append(text)
    base = "BM" if parts else "BMU"
    tweaks = [f"{k}={spec[k]}" for k in DEFAULTS if spec[k] != DEFAULTS[k]]
    return base + ("+" + "+".join(parts) if parts else "") + ("[" + ",".join(tweaks) + "]" if tweaks else "")


def bm_x(card, low, high, below, overpay=0):
    """BM-X (design §2): Big Money Ultimate plus "buy X at $low–$high while holding fewer than below"."""
    return Strategy({"cards": [{"card": card, "from": low, "to": high, "below": below, "overpay": overpay}]})


BMU = {}  # Big Money Ultimate: the defaults and no kingdom card
