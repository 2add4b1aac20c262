"""Scripted players: a ``Policy`` answers every question of the game, through the legal decisions only.

How a policy decides:
- the Action prompt: ``on_action`` plays the first card of ``play_order`` it holds;
- the Buy prompt: ``on_buy`` plays every Treasure, spends Coin tokens when they reach a better buy
  (``buy_choice``), buys, and ends the turn when nothing is worth buying;
- every card's question (Advisor's chooser, a trash, a gain, a name, an order, an overpay pick): the
  card's own hook next to its text (``BOT`` in engine/dominion/kingdom/<card>.py), which asks the
  policy's preferences: ``gain_value`` (how much the seat wants one more of a card), ``trash_value``
  (> 0: worth trashing), ``draw_value`` (wanted in the next hand), ``discard_for_token`` (Plaza) and
  ``name_for`` (Doctor, Journeyman).

A subclass overrides ``buy_choice`` / ``play_order`` / the preferences, or takes over a question
altogether with a method ``on_<kind>(st, seat, prompt, options, rng)`` (``on_advisor``, ``on_gain``,
``on_name``...).
"""

from ..cards import ACTIONS, COIN, COST, TREASURES, VP
from ..kingdom import BOT


class Policy:
    # Villages first (they give the Actions to play the rest), then the strongest terminals.
    play_order = (
        "Herald", "Plaza", "Baker", "Candlestick Maker", "Advisor", "Soothsayer", "Journeyman", "Butcher",
        "Merchant Guild", "Taxman", "Doctor", "Stonemason",
    )

    def choose(self, st, seat, options, rng, level=None):
        prompt = st.prompt
        kind = prompt["kind"]
        own = getattr(self, "on_" + kind, None)
        if own is not None:
            return own(st, seat, prompt, options, rng)
        return BOT[kind](st, seat, prompt, options, self)

    # --- the phases ---------------------------------------------------------------------------------
    def on_action(self, st, seat, prompt, options, rng):
        playable = {o["card"] for o in options if o["type"] == "play"}
        for card in self.play_order:
            if card in playable:
                return {"type": "play", "card": card}
        return {"type": "end_actions"}

    def on_buy(self, st, seat, prompt, options, rng):
        if {"type": "play_treasures"} in options:
            return {"type": "play_treasures"}
        tokens = st.seats[seat].tokens
        choice = self.buy_choice(st, seat, st.coins)
        spend = [o["n"] for o in options if o["type"] == "spend_tokens"]
        if spend:
            for extra in range(1, tokens + 1):
                better = self.buy_choice(st, seat, st.coins + extra)
                if better is not None and better != choice:
                    return {"type": "spend_tokens", "n": extra}
        if choice is None:
            return {"type": "end_turn"}
        card, overpay = choice
        decision = {"type": "buy", "card": card}
        if overpay:
            decision["overpay"] = overpay
        return decision if decision in options else {"type": "end_turn"}

    def buy_choice(self, st, seat, coins):
        """(card, overpay) the policy buys with ``coins``, or None."""
        return None

    # --- preferences the card hooks ask ---------------------------------------------------------------
    def gain_value(self, st, seat, card):
        provinces = st.supply.get("Province", 0)
        if card == "Province":
            return 100
        if card == "Duchy":
            return 45 if provinces <= 4 else 15
        if card == "Estate":
            return 12 if provinces <= 2 else 1
        if card == "Curse":
            return -50
        if card in TREASURES:
            return {"Copper": 2, "Silver": 25, "Gold": 60, "Masterpiece": 15}[card]
        return 10 + 5 * COST[card]

    def trash_value(self, st, seat, card):
        if card == "Curse":
            return 10
        if card == "Estate":
            return 5 if st.supply.get("Province", 0) > 3 else -5
        if card == "Copper":
            return 0
        return -self.gain_value(st, seat, card)

    def draw_value(self, st, seat, card):
        if card in TREASURES:
            return 10 * COIN[card]
        if card in ACTIONS:
            return 15
        return -10 if card in VP else 0

    def discard_for_token(self, st, seat, card):
        return card == "Copper"

    def name_for(self, st, seat, source):
        """Doctor: the worst card the seat owns (Curse, then Estate, then Copper). Journeyman: the
        commonest card it would rather not draw."""
        owned = st.seats[seat].cards()
        if source == "Doctor":
            for card in ("Curse", "Estate", "Copper"):
                if card in owned:
                    return card
            return "Curse"
        junk = [c for c in owned if c in VP]
        return max(("Curse", "Estate", "Duchy", "Province"), key=junk.count) if junk else "Curse"


def treasure_total(st, seat):
    """The $ value of every Treasure the seat owns (Big Money's Province rule)."""
    return sum(COIN.get(c, 0) for c in st.seats[seat].cards())


class BigMoney(Policy):
    """Big Money Ultimate (design §2) adapted to Coin tokens: plays every Treasure, spends tokens when they
    reach a better buy, never buys a Kingdom card. On each buy, the first that applies and is affordable:
    Province if the Treasures total more than $18; Duchy if 4 or fewer Provinces are left; Estate if 2 or
    fewer; Gold; Duchy if 6 or fewer; Silver."""

    def buy_choice(self, st, seat, coins):
        supply = st.supply
        provinces = supply["Province"]
        rules = (
            ("Province", treasure_total(st, seat) > 18),
            ("Duchy", provinces <= 4),
            ("Estate", provinces <= 2),
            ("Gold", True),
            ("Duchy", provinces <= 6),
            ("Silver", True),
        )
        for card, wanted in rules:
            if wanted and supply.get(card) and COST[card] <= coins:
                return (card, 0)
        return None
