"""The card catalogue (D-COMP-1, D-COMP-2) and the setup sizes of the piles (D-SETUP-2).

Cards are their printed English names everywhere: in the state, the decisions, the views and the log.
A card is pure data here; what an Action does when played is its module in ``kingdom/``.
"""

ACTION, TREASURE, VICTORY, CURSE, ATTACK = "action", "treasure", "victory", "curse", "attack"

BASIC = ("Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse")
GUILDS = (
    "Candlestick Maker", "Stonemason", "Doctor", "Masterpiece", "Advisor", "Plaza", "Taxman", "Herald",
    "Baker", "Butcher", "Journeyman", "Merchant Guild", "Soothsayer",
)
CATALOGUE = BASIC + GUILDS  # the 20 names Doctor and Journeyman may name (AMB-D-05)

COST = {
    "Copper": 0, "Silver": 3, "Gold": 6, "Estate": 2, "Duchy": 5, "Province": 8, "Curse": 0,
    "Candlestick Maker": 2, "Stonemason": 2, "Doctor": 3, "Masterpiece": 3, "Advisor": 4, "Plaza": 4,
    "Taxman": 4, "Herald": 4, "Baker": 5, "Butcher": 5, "Journeyman": 5, "Merchant Guild": 5, "Soothsayer": 5,
}
TYPES = {
    "Copper": (TREASURE,), "Silver": (TREASURE,), "Gold": (TREASURE,), "Masterpiece": (TREASURE,),
    "Estate": (VICTORY,), "Duchy": (VICTORY,), "Province": (VICTORY,), "Curse": (CURSE,),
    "Taxman": (ACTION, ATTACK), "Soothsayer": (ACTION, ATTACK),
}
for _name in GUILDS:
    TYPES.setdefault(_name, (ACTION,))

# What a Treasure adds when played (D-COMP-1, G-MASTERPIECE-1).
COIN = {"Copper": 1, "Silver": 2, "Gold": 3, "Masterpiece": 1}
# Victory points (D-SCORE-1); a card not listed is worth 0.
VP = {"Estate": 1, "Duchy": 3, "Province": 6, "Curse": -1}
# The cards marked "+": they may be overpaid for when bought (G-OVER-1).
OVERPAY = frozenset({"Masterpiece", "Stonemason", "Doctor", "Herald"})

ACTIONS = frozenset(c for c in CATALOGUE if ACTION in TYPES[c])
TREASURES = frozenset(COIN)
ATTACKS = frozenset(c for c in CATALOGUE if ATTACK in TYPES[c])
# Cards that cannot be played at all (ILL-ACT-4).
UNPLAYABLE = frozenset(c for c in CATALOGUE if VICTORY in TYPES[c] or CURSE in TYPES[c])

# Case-insensitive lookup of a name as a client may send it ("merchant guild").
BY_LOWER = {c.lower(): c for c in CATALOGUE}

KINGDOM_SIZE = 10  # D-SETUP-3
STARTING_DECK = ("Copper",) * 7 + ("Estate",) * 3  # D-SETUP-4
HAND_SIZE = 5


def pile_sizes(players):
    """D-SETUP-2, AMB-D-11: the basic piles for 2–4 players (Copper is 60 − 7N, Curse 10 × (N − 1))."""
    victory = 8 if players == 2 else 12
    return {
        "Copper": 60 - 7 * players, "Silver": 40, "Gold": 30, "Estate": victory, "Duchy": victory,
        "Province": victory, "Curse": 10 * (players - 1),
    }


KINGDOM_PILE = 10  # D-COMP-2: no Guilds card is a Victory card, so every Kingdom pile has 10


def supply_order(kingdom):
    """The 17 piles in the order they are shown: the basic cards, then the kingdom by cost and name."""
    return BASIC + tuple(sorted(kingdom, key=lambda c: (COST[c], c)))


def setup_supply(players, kingdom):
    supply = pile_sizes(players)
    for card in kingdom:
        supply[card] = KINGDOM_PILE
    return {card: supply[card] for card in supply_order(kingdom)}
